// Shared machinery of the fixture service: magic inputs, deterministic values,
// canonical JSON and the JSON-lines side-channel log (env ASMX_FIXTURE_LOG).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Web;
using System.Xml;

namespace AsmxFixture
{
    public static class Edge
    {
        public const string Persian = "سلام دنیا";
        public const string XmlChars = "< > & \" ' ]]> &amp;";
        public const string Whitespace = "  lead\ttab\r\ncrlf\nlf trail  ";
        public const long Above53 = 9007199254740993L; // 2^53 + 1
        // 2024-01-02T03:04:05.1234567 (Unspecified)
        public static readonly DateTime Unspecified = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Unspecified).AddTicks(1234567);
        // 2024-02-29T23:59:59.9999999Z (Utc)
        public static readonly DateTime Utc = new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Utc).AddTicks(9999999);
        // 2024-06-15T12:00:00.0005 local time of the server process (TZ)
        public static readonly DateTime Local = new DateTime(2024, 6, 15, 12, 0, 0, DateTimeKind.Local).AddTicks(5000);
        public static readonly double[] Doubles = { 0.1, 5e-324, double.MaxValue, -2.5 };

        public static DateTime Date(int i)
        {
            switch (((i % 5) + 5) % 5)
            {
                case 0: return Unspecified;
                case 1: return Utc;
                case 2: return Local;
                case 3: return DateTime.MinValue;
                default: return DateTime.MaxValue;
            }
        }
    }

    // One call of one web method: records parameters, applies magic inputs, logs.
    public sealed class Call
    {
        public readonly string Op;
        public readonly ParameterInfo[] Names;
        public readonly object[] Values;
        public readonly string Username;
        public readonly string Password;
        public readonly string ParamsJson;
        public readonly int Hash;

        public Call(MethodBase m, object[] values)
        {
            Op = m.Name;
            Names = m.GetParameters();
            Values = values;
            if (Names.Length != values.Length) throw new InvalidOperationException("fixture bug: arity " + Op);
            for (int i = 0; i < Names.Length; i++)
            {
                if (Names[i].Name == "username") Username = (string)values[i];
                if (Names[i].Name == "password") Password = (string)values[i];
            }
            var sb = new StringBuilder();
            sb.Append('{');
            for (int i = 0; i < Names.Length; i++)
            {
                if (i > 0) sb.Append(',');
                Json.Str(sb, Names[i].Name);
                sb.Append(':');
                Json.Write(sb, values[i]);
            }
            sb.Append('}');
            ParamsJson = sb.ToString();
            Hash = Fx.Fnv(ParamsJson);
            if (Username == "fault")
            {
                string msg = "fixture fault: " + Op;
                Fx.Log(this, null, msg);
                throw new InvalidOperationException(msg);
            }
        }

        public bool Pw(string magic) { return Password == magic; }

        public T Ret<T>(T value)
        {
            Fx.Log(this, value, null);
            return value;
        }

        // int results: magic passwords min/max/zero/neg, else FNV-1a of the params JSON.
        public int Int()
        {
            int r;
            switch (Password)
            {
                case "min": r = int.MinValue; break;
                case "max": r = int.MaxValue; break;
                case "zero": r = 0; break;
                case "neg": r = -1; break;
                default: r = Hash; break;
            }
            return Ret(r);
        }

        // string results: magic passwords null/empty/xml/persian/ws, else the
        // canonical parameter values joined with '|' (null shown as "(null)").
        public string Str()
        {
            string r;
            switch (Password)
            {
                case "null": r = null; break;
                case "empty": r = ""; break;
                case "xml": r = Edge.XmlChars; break;
                case "persian": r = Edge.Persian; break;
                case "ws": r = Edge.Whitespace; break;
                default: r = string.Join("|", Values.Select(Fx.Plain).ToArray()); break;
            }
            return Ret(r);
        }

        // List length: magic passwords null (-1 = null list), empty (0), one (1); else the given default.
        public int Len(int dflt)
        {
            if (Password == "null") return -1;
            if (Password == "empty") return 0;
            if (Password == "one") return 1;
            return Math.Max(0, Math.Min(dflt, 200));
        }

        public T[] List<T>(int dflt, Func<int, T> item)
        {
            int n = Len(dflt);
            if (n < 0) return Ret<T[]>(null);
            var a = new T[n];
            for (int i = 0; i < n; i++) a[i] = item(i);
            return Ret(a);
        }
    }

    public static class Fx
    {
        static readonly object LogLock = new object();
        static long seq;

        public static int Fnv(string s)
        {
            unchecked
            {
                uint h = 2166136261;
                foreach (byte b in Encoding.UTF8.GetBytes(s ?? "\u0000null"))
                {
                    h ^= b;
                    h *= 16777619;
                }
                return (int)h;
            }
        }

        public static string Plain(object v)
        {
            if (v == null) return "(null)";
            if (v is string) return (string)v;
            var sb = new StringBuilder();
            Json.Write(sb, v);
            return sb.ToString();
        }

        public static int Clamp(long v)
        {
            if (v > int.MaxValue) return int.MaxValue;
            if (v < int.MinValue) return int.MinValue;
            return (int)v;
        }

        public static string Binding(HttpRequest r)
        {
            string ct = (r.ContentType ?? "").ToLowerInvariant();
            if (r.HttpMethod == "GET") return "httpGet";
            if (ct.StartsWith("application/soap+xml")) return "soap12";
            if (ct.StartsWith("text/xml")) return "soap11";
            if (ct.StartsWith("application/x-www-form-urlencoded")) return "httpPost";
            return "unknown";
        }

        static byte[] RawBody(HttpContext hc)
        {
            try
            {
                var wr = (HttpWorkerRequest)((IServiceProvider)hc).GetService(typeof(HttpWorkerRequest));
                if (wr != null)
                {
                    var b = wr.GetPreloadedEntityBody();
                    if (b != null) return b;
                }
            }
            catch { }
            try
            {
                var s = hc.Request.InputStream;
                if (s.CanSeek)
                {
                    s.Position = 0;
                    var ms = new MemoryStream();
                    s.CopyTo(ms);
                    return ms.ToArray();
                }
            }
            catch { }
            return null;
        }

        // Local names of the children of the operation element in the SOAP body.
        static List<string> SoapOrder(byte[] body, out string opName, out string opNs, List<string> childNs)
        {
            opName = null;
            opNs = null;
            var names = new List<string>();
            if (body == null) return null;
            try
            {
                using (var xr = XmlReader.Create(new MemoryStream(body), new XmlReaderSettings { IgnoreComments = true, IgnoreWhitespace = true, DtdProcessing = DtdProcessing.Prohibit }))
                {
                    xr.MoveToContent(); // Envelope
                    bool inBody = false;
                    while (xr.Read())
                    {
                        if (xr.NodeType != XmlNodeType.Element) continue;
                        if (!inBody)
                        {
                            if (xr.LocalName == "Body" && xr.Depth == 1) inBody = true;
                            continue;
                        }
                        if (xr.Depth == 2)
                        {
                            if (opName != null) break;
                            opName = xr.LocalName;
                            opNs = xr.NamespaceURI;
                        }
                        else if (xr.Depth == 3 && opName != null)
                        {
                            names.Add(xr.LocalName);
                            childNs.Add(xr.NamespaceURI);
                        }
                    }
                }
            }
            catch (Exception e)
            {
                names.Add("!unparseable: " + e.Message);
            }
            return names;
        }

        // Parameter names, in order, of a query string or form body (repeats kept).
        static List<string> HttpKeys(string s)
        {
            var keys = new List<string>();
            if (string.IsNullOrEmpty(s)) return keys;
            foreach (var part in s.Split('&'))
            {
                if (part.Length == 0) continue;
                int eq = part.IndexOf('=');
                keys.Add(HttpUtility.UrlDecode(eq >= 0 ? part.Substring(0, eq) : part));
            }
            return keys;
        }

        public static void Log(Call c, object returned, string fault)
        {
            string path = Environment.GetEnvironmentVariable("ASMX_FIXTURE_LOG");
            if (string.IsNullOrEmpty(path)) return;
            var hc = HttpContext.Current;
            var sb = new StringBuilder();
            sb.Append("{\"seq\":");
            long n;
            lock (LogLock) n = ++seq;
            sb.Append(n.ToString(CultureInfo.InvariantCulture));
            sb.Append(",\"op\":"); Json.Str(sb, c.Op);
            string binding = "unknown";
            if (hc != null)
            {
                var r = hc.Request;
                binding = Binding(r);
                sb.Append(",\"path\":"); Json.Str(sb, r.Path);
                sb.Append(",\"method\":"); Json.Str(sb, r.HttpMethod);
                sb.Append(",\"binding\":"); Json.Str(sb, binding);
                sb.Append(",\"contentType\":"); Json.Str(sb, r.Headers["Content-Type"]);
                sb.Append(",\"soapAction\":"); Json.Str(sb, r.Headers["SOAPAction"]);
                // Headers a test asks about (comma-separated names in X-Fixture-Log-Headers), as received.
                string ask = r.Headers["X-Fixture-Log-Headers"];
                if (!string.IsNullOrEmpty(ask))
                {
                    sb.Append(",\"headers\":{");
                    bool first = true;
                    foreach (string part in ask.Split(','))
                    {
                        string name = part.Trim();
                        if (name.Length == 0) continue;
                        if (!first) sb.Append(',');
                        first = false;
                        Json.Str(sb, name); sb.Append(':'); Json.Str(sb, r.Headers[name]);
                    }
                    sb.Append('}');
                }
            }
            sb.Append(",\"params\":"); sb.Append(c.ParamsJson);
            byte[] body = hc == null ? null : RawBody(hc);
            if (binding == "soap11" || binding == "soap12")
            {
                string opName, opNs;
                var childNs = new List<string>();
                var order = SoapOrder(body, out opName, out opNs, childNs);
                sb.Append(",\"soapOperation\":"); Json.Str(sb, opName);
                sb.Append(",\"soapNamespace\":"); Json.Str(sb, opNs);
                sb.Append(",\"soapOrder\":"); Json.Write(sb, order == null ? null : order.ToArray());
                sb.Append(",\"soapChildNamespaces\":"); Json.Write(sb, order == null ? null : childNs.ToArray());
                sb.Append(",\"httpKeys\":null");
            }
            else
            {
                sb.Append(",\"soapOperation\":null,\"soapNamespace\":null,\"soapOrder\":null,\"soapChildNamespaces\":null");
                string raw = binding == "httpGet" ? (hc.Request.Url.Query ?? "").TrimStart('?')
                    : (body == null ? "" : Encoding.UTF8.GetString(body));
                sb.Append(",\"httpKeys\":"); Json.Write(sb, HttpKeys(raw).ToArray());
            }
            sb.Append(",\"returned\":"); Json.Write(sb, returned);
            sb.Append(",\"fault\":"); Json.Str(sb, fault);
            sb.Append("}\n");
            lock (LogLock)
            {
                File.AppendAllText(path, sb.ToString(), new UTF8Encoding(false));
            }
        }
    }

    // Canonical JSON: long -> decimal string, int/byte -> number, double -> string
    // of ToString("R"), bool, string/null, DateTime -> {"value":roundtrip,"kind"},
    // byte[] -> base64, arrays -> arrays, enums -> name, records -> objects in field order.
    public static class Json
    {
        public static void Str(StringBuilder sb, string s)
        {
            if (s == null) { sb.Append("null"); return; }
            sb.Append('"');
            foreach (char ch in s)
            {
                switch (ch)
                {
                    case '"': sb.Append("\\\""); break;
                    case '\\': sb.Append("\\\\"); break;
                    case '\n': sb.Append("\\n"); break;
                    case '\r': sb.Append("\\r"); break;
                    case '\t': sb.Append("\\t"); break;
                    default:
                        if (ch < 0x20 || ch == '\u2028' || ch == '\u2029')
                            sb.Append("\\u").Append(((int)ch).ToString("x4", CultureInfo.InvariantCulture));
                        else sb.Append(ch);
                        break;
                }
            }
            sb.Append('"');
        }

        public static void Write(StringBuilder sb, object v)
        {
            var inv = CultureInfo.InvariantCulture;
            if (v == null) { sb.Append("null"); return; }
            if (v is string) { Str(sb, (string)v); return; }
            if (v is bool) { sb.Append((bool)v ? "true" : "false"); return; }
            if (v is int) { sb.Append(((int)v).ToString(inv)); return; }
            if (v is byte) { sb.Append(((byte)v).ToString(inv)); return; }
            if (v is long) { Str(sb, ((long)v).ToString(inv)); return; }
            if (v is double)
            {
                double d = (double)v;
                // "R" prints negative zero as "0"; keep the sign visible
                Str(sb, d == 0 && BitConverter.DoubleToInt64Bits(d) < 0 ? "-0" : d.ToString("R", inv));
                return;
            }
            if (v is DateTime)
            {
                var d = (DateTime)v;
                sb.Append("{\"value\":");
                Str(sb, XmlConvert.ToString(d, XmlDateTimeSerializationMode.RoundtripKind));
                sb.Append(",\"kind\":");
                Str(sb, d.Kind.ToString());
                sb.Append('}');
                return;
            }
            if (v is byte[]) { Str(sb, Convert.ToBase64String((byte[])v)); return; }
            if (v is Enum) { Str(sb, v.ToString()); return; }
            if (v is Array)
            {
                sb.Append('[');
                bool first = true;
                foreach (var e in (Array)v)
                {
                    if (!first) sb.Append(',');
                    first = false;
                    Write(sb, e);
                }
                sb.Append(']');
                return;
            }
            // record: public instance fields in declaration order
            var fields = v.GetType().GetFields(BindingFlags.Public | BindingFlags.Instance).OrderBy(f => f.MetadataToken);
            sb.Append('{');
            bool f1 = true;
            foreach (var f in fields)
            {
                if (!f1) sb.Append(',');
                f1 = false;
                Str(sb, f.Name);
                sb.Append(':');
                Write(sb, f.GetValue(v));
            }
            sb.Append('}');
        }
    }
}
