// Minimal ASP.NET host for the interop fixture (Mono 6.8).
// Usage: mono <site>/bin/AsmxHost.exe <port> <siteDir>
// Binds http://127.0.0.1:<port>/ with System.Net.HttpListener and hands every
// request to the real ASP.NET pipeline (HttpRuntime.ProcessRequest), so .asmx
// files are served by Mono's System.Web.Services exactly as under IIS/XSP.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net;
using System.Text;
using System.Threading;
using System.Web;
using System.Web.Hosting;

namespace AsmxFixture
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length < 2)
            {
                Console.Error.WriteLine("usage: AsmxHost.exe <port> <siteDir>");
                return 2;
            }
            int port = int.Parse(args[0], CultureInfo.InvariantCulture);
            string site = Path.GetFullPath(args[1]);
            // The app domain loads this assembly from <site>/bin.
            var host = (Host)ApplicationHost.CreateApplicationHost(typeof(Host), "/", site);
            host.Run(port, site);
            return 0;
        }
    }

    public class Host : MarshalByRefObject
    {
        public override object InitializeLifetimeService() { return null; }

        public void Run(int port, string site)
        {
            ThreadPool.SetMinThreads(16, 16);
            var listener = new HttpListener();
            listener.Prefixes.Add("http://127.0.0.1:" + port.ToString(CultureInfo.InvariantCulture) + "/");
            listener.Start();
            Console.Out.WriteLine("asmx fixture listening on http://127.0.0.1:" + port + "/ site=" + site);
            Console.Out.Flush();
            while (true)
            {
                HttpListenerContext ctx;
                try { ctx = listener.GetContext(); }
                catch (Exception e) { Console.Error.WriteLine("GetContext failed: " + e); continue; }
                ThreadPool.QueueUserWorkItem(_ => Handle(ctx, site));
            }
        }

        static void Handle(HttpListenerContext ctx, string site)
        {
            Worker wr = null;
            try
            {
                wr = new Worker(ctx, site);
                HttpRuntime.ProcessRequest(wr);
                if (!wr.Done.WaitOne(TimeSpan.FromSeconds(60)))
                    throw new TimeoutException("ASP.NET did not end the request within 60s");
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("request failed: " + e);
                try
                {
                    ctx.Response.StatusCode = 502;
                    var b = Encoding.UTF8.GetBytes("host error: " + e.Message);
                    ctx.Response.ContentLength64 = b.Length;
                    ctx.Response.OutputStream.Write(b, 0, b.Length);
                    ctx.Response.Close();
                }
                catch { }
            }
        }
    }

    // Maps one HttpListener request onto ASP.NET. The whole request body is read
    // up front (chunked bodies included) and offered as a preloaded entity body
    // with its real Content-Length; the whole response is buffered and written
    // at EndOfRequest with an exact Content-Length.
    public class Worker : HttpWorkerRequest
    {
        readonly HttpListenerContext ctx;
        readonly HttpListenerRequest req;
        readonly string site;
        readonly byte[] body;
        readonly string uriPath, filePath, pathInfo, query;
        int status = 200;
        string statusDesc = "OK";
        readonly List<KeyValuePair<string, string>> headers = new List<KeyValuePair<string, string>>();
        readonly MemoryStream output = new MemoryStream();
        public readonly ManualResetEvent Done = new ManualResetEvent(false);
        bool headersSent;

        public Worker(HttpListenerContext ctx, string site)
        {
            this.ctx = ctx;
            this.req = ctx.Request;
            this.site = site.EndsWith("/") ? site : site + "/";
            using (var ms = new MemoryStream())
            {
                if (req.HasEntityBody) req.InputStream.CopyTo(ms);
                body = ms.ToArray();
            }
            string raw = req.RawUrl;
            int q = raw.IndexOf('?');
            query = AsciiQuery(q >= 0 ? raw.Substring(q + 1) : "");
            uriPath = Uri.UnescapeDataString(q >= 0 ? raw.Substring(0, q) : raw);
            // Split "/post/Send.asmx/GetSmsPrice" into file path and path info.
            filePath = uriPath;
            pathInfo = "";
            int idx = uriPath.IndexOf(".asmx", StringComparison.OrdinalIgnoreCase);
            if (idx >= 0)
            {
                int end = idx + 5;
                if (end < uriPath.Length && uriPath[end] == '/')
                {
                    filePath = uriPath.Substring(0, end);
                    pathInfo = uriPath.Substring(end);
                }
            }
        }

        public byte[] Body { get { return body; } }

        // HttpListener hands non-ASCII bytes of the request line over as Latin-1 chars;
        // turn them back into %XX escapes so ASP.NET decodes them as UTF-8 (as IIS does).
        static string AsciiQuery(string q)
        {
            bool ascii = true, latin1 = true;
            foreach (char c in q)
            {
                if (c > 0x7F) ascii = false;
                if (c > 0xFF) latin1 = false;
            }
            if (ascii) return q;
            byte[] bytes = latin1 ? Encoding.GetEncoding(28591).GetBytes(q) : Encoding.UTF8.GetBytes(q);
            var sb = new StringBuilder();
            foreach (byte b in bytes)
            {
                if (b > 0x7F) sb.Append('%').Append(b.ToString("X2", CultureInfo.InvariantCulture));
                else sb.Append((char)b);
            }
            return sb.ToString();
        }

        public override string GetUriPath() { return uriPath; }
        public override string GetFilePath() { return filePath; }
        public override string GetPathInfo() { return pathInfo; }
        public override string GetFilePathTranslated() { return MapPath(filePath); }
        public override string GetQueryString() { return query; }
        public override byte[] GetQueryStringRawBytes() { return Encoding.UTF8.GetBytes(query); }
        public override string GetRawUrl() { return req.RawUrl; }
        public override string GetHttpVerbName() { return req.HttpMethod; }
        public override string GetHttpVersion() { return "HTTP/" + req.ProtocolVersion.ToString(2); }
        public override string GetRemoteAddress() { return req.RemoteEndPoint.Address.ToString(); }
        public override int GetRemotePort() { return req.RemoteEndPoint.Port; }
        public override string GetLocalAddress() { return req.LocalEndPoint.Address.ToString(); }
        public override int GetLocalPort() { return req.LocalEndPoint.Port; }
        public override string GetServerName() { return "127.0.0.1"; }
        public override string GetProtocol() { return "http"; }
        public override bool IsSecure() { return false; }
        public override string GetAppPath() { return "/"; }
        public override string GetAppPathTranslated() { return site; }
        public override string MapPath(string virtualPath)
        {
            string v = virtualPath ?? "/";
            if (v.StartsWith("~")) v = v.Substring(1);
            v = v.TrimStart('/').Replace('/', Path.DirectorySeparatorChar);
            return Path.Combine(site, v);
        }
        public override string GetServerVariable(string name)
        {
            switch (name)
            {
                case "GATEWAY_INTERFACE": return "CGI/1.1";
                case "SERVER_SOFTWARE": return "asmx-fixture-host";
                case "HTTPS": return "off";
                default: return null;
            }
        }

        public override string GetKnownRequestHeader(int index)
        {
            string name = GetKnownRequestHeaderName(index);
            if (index == HeaderContentLength)
                return (body.Length > 0 || req.HttpMethod != "GET") ? body.Length.ToString(CultureInfo.InvariantCulture) : null;
            if (index == HeaderTransferEncoding) return null;
            return req.Headers[name];
        }
        public override string GetUnknownRequestHeader(string name) { return req.Headers[name]; }
        public override string[][] GetUnknownRequestHeaders()
        {
            var list = new List<string[]>();
            foreach (string k in req.Headers.AllKeys)
            {
                if (GetKnownRequestHeaderIndex(k) >= 0) continue;
                list.Add(new[] { k, req.Headers[k] });
            }
            return list.ToArray();
        }
        public override byte[] GetPreloadedEntityBody() { return body; }
        public override bool IsEntireEntityBodyIsPreloaded() { return true; }
        public override int GetTotalEntityBodyLength() { return body.Length; }
        public override int ReadEntityBody(byte[] buffer, int size) { return 0; }

        public override void SendStatus(int statusCode, string statusDescription)
        {
            status = statusCode;
            statusDesc = statusDescription;
        }
        public override void SendKnownResponseHeader(int index, string value)
        {
            headers.Add(new KeyValuePair<string, string>(GetKnownResponseHeaderName(index), value));
        }
        public override void SendUnknownResponseHeader(string name, string value)
        {
            headers.Add(new KeyValuePair<string, string>(name, value));
        }
        public override void SendResponseFromMemory(byte[] data, int length)
        {
            headersSent = true;
            output.Write(data, 0, length);
        }
        public override void SendResponseFromFile(string filename, long offset, long length)
        {
            using (var f = File.OpenRead(filename)) SendFromStream(f, offset, length);
        }
        public override void SendResponseFromFile(IntPtr handle, long offset, long length)
        {
            throw new NotSupportedException("SendResponseFromFile(handle)");
        }
        void SendFromStream(Stream f, long offset, long length)
        {
            if (length < 0) length = f.Length - offset;
            f.Seek(offset, SeekOrigin.Begin);
            var buf = new byte[length];
            int n = 0;
            while (n < length)
            {
                int r = f.Read(buf, n, (int)(length - n));
                if (r <= 0) break;
                n += r;
            }
            output.Write(buf, 0, n);
        }
        public override void FlushResponse(bool finalFlush) { headersSent = true; }
        public override bool HeadersSent() { return headersSent; }
        public override bool IsClientConnected() { return true; }
        public override void CloseConnection() { }

        public override void EndOfRequest()
        {
            try
            {
                var res = ctx.Response;
                res.StatusCode = status;
                if (!string.IsNullOrEmpty(statusDesc)) res.StatusDescription = statusDesc;
                foreach (var h in headers)
                {
                    string n = h.Key.ToLowerInvariant();
                    if (n == "content-length" || n == "transfer-encoding" || n == "connection" || n == "keep-alive") continue;
                    if (n == "content-type") { res.ContentType = h.Value; continue; }
                    try { res.Headers.Add(h.Key, h.Value); }
                    catch (Exception e) { Console.Error.WriteLine("header " + h.Key + " dropped: " + e.Message); }
                }
                byte[] data = output.ToArray();
                res.ContentLength64 = data.Length;
                if (data.Length > 0) res.OutputStream.Write(data, 0, data.Length);
                res.Close();
            }
            catch (Exception e)
            {
                Console.Error.WriteLine("EndOfRequest failed: " + e);
            }
            finally
            {
                Done.Set();
            }
        }
    }
}
