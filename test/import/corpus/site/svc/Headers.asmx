<%@ WebService Language="C#" Class="Corpus.HeadersService" %>
