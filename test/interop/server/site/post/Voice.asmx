<%@ WebService Language="C#" Class="AsmxFixture.VoiceService" %>
