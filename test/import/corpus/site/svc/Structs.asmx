<%@ WebService Language="C#" Class="Corpus.StructsService" %>
