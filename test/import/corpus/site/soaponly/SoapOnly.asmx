<%@ WebService Language="C#" Class="Corpus.SoapOnlyService" %>
