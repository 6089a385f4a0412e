<%@ WebService Language="C#" Class="AsmxFixture.UsersService" %>
