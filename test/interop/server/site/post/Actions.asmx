<%@ WebService Language="C#" Class="AsmxFixture.ActionsService" %>
