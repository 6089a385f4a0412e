<%@ WebService Language="C#" Class="AsmxFixture.CodesService" %>
