<%@ WebService Language="C#" Class="AsmxFixture.SendService" %>
