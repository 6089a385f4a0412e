<%@ WebService Language="C#" Class="AsmxFixture.ScheduleService" %>
