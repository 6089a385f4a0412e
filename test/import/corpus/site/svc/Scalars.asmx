<%@ WebService Language="C#" Class="Corpus.ScalarsService" %>
