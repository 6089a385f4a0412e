<%@ WebService Language="C#" Class="Corpus.ShapesService" %>
