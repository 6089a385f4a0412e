<%@ WebService Language="C#" Class="AsmxFixture.ReceiveService" %>
