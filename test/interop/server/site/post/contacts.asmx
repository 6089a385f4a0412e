<%@ WebService Language="C#" Class="AsmxFixture.ContactsService" %>
