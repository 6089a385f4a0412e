<%@ WebService Language="C#" Class="AsmxFixture.NewBulksService" %>
