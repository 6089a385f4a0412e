// Corpus of small ASMX services for the WSDL importer (test/import). Each service covers a group
// of constructs .NET's XmlSerializer publishes; every operation answers from its inputs only, so a
// test can check what the server received (echoed back) and what the client decoded.
using System;
using System.Data;
using System.Xml;
using System.Xml.Serialization;
using System.Web.Services;
using System.Web.Services.Protocols;

namespace Corpus
{
    // ---- Scalars: every XSD built-in XmlSerializer emits, plus guid and char -------------------
    [WebService(Namespace = "http://corpus.example/scalars/")]
    public class ScalarsService : WebService
    {
        [WebMethod] public string EchoString(string v) { return v; }
        [WebMethod] public bool EchoBoolean(bool v) { return v; }
        [WebMethod] public sbyte EchoByte(sbyte v) { return v; }
        [WebMethod] public byte EchoUnsignedByte(byte v) { return v; }
        [WebMethod] public short EchoShort(short v) { return v; }
        [WebMethod] public ushort EchoUnsignedShort(ushort v) { return v; }
        [WebMethod] public int EchoInt(int v) { return v; }
        [WebMethod] public uint EchoUnsignedInt(uint v) { return v; }
        [WebMethod] public long EchoLong(long v) { return v; }
        [WebMethod] public ulong EchoUnsignedLong(ulong v) { return v; }
        [WebMethod] public float EchoFloat(float v) { return v; }
        [WebMethod] public double EchoDouble(double v) { return v; }
        [WebMethod] public decimal EchoDecimal(decimal v) { return v; }
        [WebMethod] public DateTime EchoDateTime(DateTime v) { return v; }
        [WebMethod] [return: XmlElement(DataType = "date")] public DateTime EchoDate([XmlElement(DataType = "date")] DateTime v) { return v; }
        [WebMethod] [return: XmlElement(DataType = "time")] public DateTime EchoTime([XmlElement(DataType = "time")] DateTime v) { return v; }
        // XmlSerializer writes a TimeSpan as an empty element (its value is lost on the wire); a
        // duration travels as a string with DataType="duration".
        [WebMethod] public TimeSpan EchoTimeSpan(TimeSpan v) { return v; }
        [WebMethod] [return: XmlElement(DataType = "duration")] public string EchoDuration([XmlElement(DataType = "duration")] string v) { return v; }
        [WebMethod] public byte[] EchoBase64(byte[] v) { return v; }
        [WebMethod] [return: XmlElement(DataType = "hexBinary")] public byte[] EchoHex([XmlElement(DataType = "hexBinary")] byte[] v) { return v; }
        [WebMethod] [return: XmlElement(DataType = "anyURI")] public string EchoUri([XmlElement(DataType = "anyURI")] string v) { return v; }
        [WebMethod] public XmlQualifiedName EchoQName(XmlQualifiedName v) { return v; }
        [WebMethod] public Guid EchoGuid(Guid v) { return v; }
        [WebMethod] public char EchoChar(char v) { return v; }
        [WebMethod] public AllScalars EchoAll(AllScalars v) { return v; }

        // ---- Leaf types (hexBinary, char, QName, TimeSpan): what the server received, as text ----
        [WebMethod] public string HexSeen([XmlElement(DataType = "hexBinary")] byte[] v) { return v == null ? "null" : BitConverter.ToString(v); }
        [WebMethod] public int CharCode(char v) { return (int)v; }
        [WebMethod] public char CharOf(int code) { return (char)code; }
        [WebMethod] public string QNameSeen(XmlQualifiedName v) { return v == null ? "null" : "{" + v.Namespace + "}" + v.Name; }
        [WebMethod] public XmlQualifiedName QNameOf(string ns, string name) { return new XmlQualifiedName(name, ns); }
        [WebMethod] public TimeSpan SpanOf(int seconds) { return TimeSpan.FromSeconds(seconds); }
        [WebMethod] public string SpanSeen(TimeSpan v) { return v.ToString(); }
        // The leaf types inside a record, over every binding (a member's DataType holds in HTTP answers too).
        public class LeafRecord
        {
            public string Text;
            [XmlElement(DataType = "hexBinary")] public byte[] Hex;
            public char Letter;
            public XmlQualifiedName Name;
            public XmlQualifiedName Local;
            public XmlElement Data;
        }
        [WebMethod] public LeafRecord Leaves(string text)
        {
            var doc = new XmlDocument();
            var d = doc.CreateElement("d", "urn:d");
            d.AppendChild(doc.CreateTextNode(text));
            return new LeafRecord { Text = text, Hex = System.Text.Encoding.UTF8.GetBytes(text), Letter = text[0], Name = new XmlQualifiedName("n", "urn:leaf"), Local = new XmlQualifiedName("l", ""), Data = d };
        }
        // ---- end of leaf types ----
    }

    public class AllScalars
    {
        public string S; public bool B; public sbyte I8; public byte U8; public short I16; public ushort U16;
        public int I32; public uint U32; public long I64; public ulong U64; public float F32; public double F64;
        public decimal Dec; public DateTime When;
        [XmlElement(DataType = "date")] public DateTime Day;
        [XmlElement(DataType = "duration")] public string Span; public byte[] Bytes;
        [XmlElement(DataType = "hexBinary")] public byte[] Hex;
        public Guid Id; public char Letter;
    }

    // ---- Shapes: records, arrays, nillables, enums, flags, inheritance, void, overloads ----------
    public enum Color { Red, Green, Blue }
    [Flags] public enum Access { None = 0, Read = 1, Write = 2, Admin = 4 }

    public class Address { public string Street; public int Number; }
    public class Person
    {
        public string Name;
        public int? Age;
        public Address Home;
        public string[] Tags;
        public Address[] Others;
        public Color Favorite;
        public Access Rights;
    }
    [XmlInclude(typeof(Dog))]
    public abstract class Animal { public string Name; }
    public class Dog : Animal { public bool Barks; }

    [WebService(Namespace = "http://corpus.example/shapes/")]
    public class ShapesService : WebService
    {
        [WebMethod] public Person EchoPerson(Person p) { return p; }
        [WebMethod] public int[] Reverse(int[] items) { if (items == null) return null; Array.Reverse(items); return items; }
        [WebMethod] public int? MaybeDouble(int? v) { return v.HasValue ? (int?)(v.Value * 2) : null; }
        [WebMethod] public Color NextColor(Color c) { return (Color)(((int)c + 1) % 3); }
        [WebMethod] public Access Grant(Access a, Access b) { return a | b; }
        [WebMethod] public Animal EchoAnimal(Animal a) { return a; }
        [WebMethod] public void Ping(string note) { }
        [WebMethod(MessageName = "AddInts")] public int Add(int a, int b) { return a + b; }
        [WebMethod(MessageName = "AddDoubles")] public double Add(double a, double b) { return a + b; }
        [WebMethod] public DataSet Table(int rows)
        {
            var ds = new DataSet("Data");
            var t = ds.Tables.Add("Row");
            t.Columns.Add("N", typeof(int));
            for (int i = 0; i < rows; i++) t.Rows.Add(i);
            return ds;
        }
        [WebMethod] public XmlElement Wrap(XmlElement e)
        {
            var doc = new XmlDocument();
            var w = doc.CreateElement("wrapped");
            if (e != null) w.AppendChild(doc.ImportNode(e, true));
            return w;
        }
        // ---- Raw XML (XmlElement): what the server received, and an element built from text ----
        [WebMethod] public string XmlSeen(XmlElement e) { return e == null ? "null" : e.OuterXml; }
        [WebMethod] public XmlElement Make(string name, string text)
        {
            var doc = new XmlDocument();
            var m = doc.CreateElement("m", name, "urn:made");
            m.SetAttribute("at", "urn:attr", text);
            m.AppendChild(doc.CreateTextNode(text));
            m.AppendChild(doc.CreateElement("empty"));
            return m;
        }
        // A DataSet parameter: the tree a client decoded from Table, sent back (schema and diffgram).
        [WebMethod] public string CountRows(DataSet ds) { return ds == null ? "null" : ds.DataSetName + ":" + ds.Tables[0].TableName + ":" + ds.Tables[0].Rows.Count + ":" + ds.Tables[0].Columns[0].DataType.Name; }
        // A list of XmlElement: each item element (XmlElement) holds one element.
        [WebMethod] public XmlElement[] Elements(int n)
        {
            var d = new XmlDocument();
            var list = new XmlElement[n];
            for (int i = 0; i < n; i++) { list[i] = d.CreateElement("e" + i, i % 2 == 0 ? "urn:even" : ""); list[i].InnerText = i.ToString(); }
            return list;
        }
        // ---- end of raw XML ----
    }

    // ---- Headers: [SoapHeader] in and out -------------------------------------------------------
    public class AuthHeader : SoapHeader { public string User; public string Token; }
    public class TraceHeader : SoapHeader { public string Id; }

    [WebService(Namespace = "http://corpus.example/headers/")]
    public class HeadersService : WebService
    {
        public AuthHeader Auth;
        public TraceHeader Trace;

        [WebMethod] [SoapHeader("Auth", Direction = SoapHeaderDirection.In)]
        public string WhoAmI() { return Auth == null ? null : Auth.User + "/" + Auth.Token; }

        [WebMethod] [SoapHeader("Trace", Direction = SoapHeaderDirection.InOut)]
        public int Traced(int v) { if (Trace != null) Trace.Id = "seen:" + Trace.Id; return v; }
    }

    // ---- Structs: record parameters, list fields, inheritance, SOAP headers (h-structs) --------
    public class Point { public int X; public int Y; }
    [XmlInclude(typeof(Circle)), XmlInclude(typeof(Ring)), XmlInclude(typeof(Square))]
    public class Shape { public string Label; }
    public class Circle : Shape { public double Radius; }
    public class Ring : Circle { public double Inner; }
    public class Square : Shape { public int Side; }
    public class Drawing
    {
        public string Title;
        public int? Layer;
        public Point Origin;
        public Point[] Path;
        public string[] Notes;
        public Shape Main;
        public Shape[] Shapes;
        [XmlElement("Tag")] public string[] Tags;
        public long Version;
    }
    // Every scalar generate serves today (hexBinary and char aside), inside a record, with enums and int?.
    public class Mixed
    {
        public string S; public bool B; public sbyte I8; public byte U8; public short I16; public ushort U16;
        public int I32; public uint U32; public long I64; public ulong U64; public float F32; public double F64;
        public decimal Dec; public DateTime When;
        [XmlElement(DataType = "date")] public DateTime Day;
        [XmlElement(DataType = "time")] public DateTime Clock;
        [XmlElement(DataType = "duration")] public string Span;
        [XmlElement(DataType = "anyURI")] public string Uri;
        public byte[] Bytes; public Guid Id; public Color Tint; public Access Rights; public int? Maybe; public double? MaybeD;
    }
    public class SessionHeader : SoapHeader { public string Key; public string Secret; }
    public class ReceiptHeader : SoapHeader { public int Count; public string Note; }

    [WebService(Namespace = "http://corpus.example/structs/")]
    public class StructsService : WebService
    {
        public SessionHeader Session;
        public ReceiptHeader Receipt;

        // Echoes the drawing; the out header says what the service saw (shapes counted, session read).
        [WebMethod] [SoapHeader("Session", Direction = SoapHeaderDirection.In)] [SoapHeader("Receipt", Direction = SoapHeaderDirection.Out)]
        public Drawing EchoDrawing(Drawing d)
        {
            Receipt = new ReceiptHeader();
            Receipt.Count = d == null || d.Shapes == null ? -1 : d.Shapes.Length;
            Receipt.Note = Session == null ? "no session" : Session.Key + "|" + Session.Secret;
            return d;
        }
        [WebMethod] public Shape EchoShape(Shape s) { return s; }
        [WebMethod] public Point[] EchoPoints(Point[] points) { return points; }
        [WebMethod] public Mixed EchoMixed(Mixed m) { return m; }
        // A record result over every binding: list fields, subtypes and repeated elements decoded from HTTP GET/POST too.
        [WebMethod] public Drawing Sample(string title, int n)
        {
            var d = new Drawing();
            d.Title = title;
            d.Layer = n == 0 ? (int?)null : n;
            d.Origin = new Point { X = n, Y = -n };
            d.Path = new Point[n];
            for (int i = 0; i < n; i++) d.Path[i] = new Point { X = i, Y = i * i };
            d.Notes = new string[] { "a", "" };
            d.Main = new Ring { Label = "r", Radius = 2.5, Inner = 1 };
            d.Shapes = new Shape[] { new Shape { Label = "plain" }, new Square { Label = "sq", Side = n }, new Circle { Label = "c", Radius = 0.5 } };
            d.Tags = n == 0 ? null : new string[] { "x", "y" };
            d.Version = 9007199254740993L;
            return d;
        }
    }

    // ---- SOAP only: served from a folder whose web.config removes HttpGet/HttpPost -------------
    [WebService(Namespace = "http://corpus.example/soaponly/")]
    public class SoapOnlyService : WebService
    {
        [WebMethod] public string Hello(string name) { return "hello " + name; }
    }
}
