// The hand-written half of gg's C# SDK: the wire (a request crosses as the path of a link the host
// reads back, `readlink`, the one channel the .NET runtime for wasm offers a program without
// JavaScript: gg-arm-csharp's host.rs answers it), a small JSON writer and reader, and the entry
// that runs the program's `Main` and reports what escapes it. build.rs generates the families, the
// types and their JSON (Codec) after it, into one gg.cs compiled once into gg.dll.
namespace Gg
{
    using System;
    using System.Collections.Generic;
    using System.Globalization;
    using System.IO;
    using System.Reflection;
    using System.Text;

    internal static class Wire
    {
        /// The prefix of a request's path; the host answers no other path this way.
        private const string Prefix = "/gg-wire/";
        private static readonly char[] Hex = "0123456789abcdef".ToCharArray();
        private static PropertyInfo linkTarget;

        /// One call on the wire: the reply's JSON text.
        internal static string Raw(string op, string args)
        {
            byte[] bytes = new UTF8Encoding(false, false).GetBytes(op + "\n" + args);
            var path = new StringBuilder(Prefix.Length + 2 * bytes.Length);
            path.Append(Prefix);
            foreach (byte b in bytes)
            {
                path.Append(Hex[b >> 4]).Append(Hex[b & 15]);
            }
            if (linkTarget == null)
            {
                linkTarget = typeof(FileSystemInfo).GetProperty("LinkTarget");
                if (linkTarget == null) throw new InvalidOperationException("gg's C# SDK needs .NET 6 or newer (FileSystemInfo.LinkTarget)");
            }
            object reply;
            try
            {
                reply = linkTarget.GetValue(new FileInfo(path.ToString()), null);
            }
            catch (TargetInvocationException e)
            {
                throw new InvalidOperationException("gg's wire failed: " + e.InnerException.Message);
            }
            if (reply == null) throw new InvalidOperationException("gg's wire gave no reply for " + op);
            return (string) reply;
        }

        /// Calls operation `op` with its JSON arguments: the `ok` value, or throws ApiError.
        internal static object Call(string op, string args)
        {
            var reply = Obj(new Reader(Raw(op, args)).Parse());
            object err;
            if (reply.TryGetValue("err", out err) && err != null) throw Codec.DecApiError(err);
            object ok;
            reply.TryGetValue("ok", out ok);
            return ok;
        }

        internal static Exception BadReply(string what)
        {
            return new InvalidOperationException("gg's host replied with a value that is not a " + what);
        }

        internal static void Str(StringBuilder o, string s)
        {
            if (s == null) throw new ArgumentNullException("a string argument is required (null given)");
            o.Append('"');
            foreach (char c in s)
            {
                switch (c)
                {
                    case '"': o.Append("\\\""); break;
                    case '\\': o.Append("\\\\"); break;
                    case '\n': o.Append("\\n"); break;
                    case '\r': o.Append("\\r"); break;
                    case '\t': o.Append("\\t"); break;
                    default:
                        if (c < 0x20 || char.IsSurrogate(c)) o.Append("\\u").Append(((int) c).ToString("x4"));
                        else o.Append(c);
                        break;
                }
            }
            o.Append('"');
        }

        internal static void Num(StringBuilder o, double d)
        {
            if (double.IsNaN(d) || double.IsInfinity(d)) throw new ArgumentException("not a finite number: " + d);
            o.Append(d.ToString("R", CultureInfo.InvariantCulture));
        }

        internal static Dictionary<string, object> Obj(object v)
        {
            var d = v as Dictionary<string, object>;
            if (d == null) throw BadReply("record");
            return d;
        }

        internal static object Get(Dictionary<string, object> j, string key)
        {
            object v;
            return j.TryGetValue(key, out v) ? v : null;
        }

        internal static bool Bool(object v)
        {
            if (!(v is bool)) throw BadReply("bool");
            return (bool) v;
        }

        internal static long Long(object v)
        {
            if (v is long) return (long) v;
            if (v is double) return (long) (double) v;
            throw BadReply("integer");
        }

        internal static double Double(object v)
        {
            if (v is long) return (long) v;
            if (v is double) return (double) v;
            throw BadReply("number");
        }

        internal static string String(object v)
        {
            var s = v as string;
            if (s == null) throw BadReply("string");
            return s;
        }

        internal static List<T> Map<T>(object v, Func<object, T> item)
        {
            var l = v as List<object>;
            if (l == null) throw BadReply("list");
            var r = new List<T>(l.Count);
            foreach (var x in l) r.Add(item(x));
            return r;
        }

        /// A JSON reader: objects as Dictionary, arrays as List, integers as long, others double.
        private sealed class Reader
        {
            private readonly string s;
            private int i;

            internal Reader(string s) { this.s = s; }

            internal object Parse()
            {
                Ws();
                object v = Value();
                return v;
            }

            private void Ws()
            {
                while (i < s.Length && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) i++;
            }

            private object Value()
            {
                Ws();
                if (i >= s.Length) throw BadReply("JSON value");
                char c = s[i];
                if (c == '{')
                {
                    i++;
                    var d = new Dictionary<string, object>();
                    Ws();
                    if (s[i] == '}') { i++; return d; }
                    while (true)
                    {
                        Ws();
                        string k = Text();
                        Ws();
                        i++; // ':'
                        d[k] = Value();
                        Ws();
                        if (s[i++] == '}') return d;
                    }
                }
                if (c == '[')
                {
                    i++;
                    var l = new List<object>();
                    Ws();
                    if (s[i] == ']') { i++; return l; }
                    while (true)
                    {
                        l.Add(Value());
                        Ws();
                        if (s[i++] == ']') return l;
                    }
                }
                if (c == '"') return Text();
                if (s.Length - i >= 4 && string.CompareOrdinal(s, i, "true", 0, 4) == 0) { i += 4; return true; }
                if (s.Length - i >= 5 && string.CompareOrdinal(s, i, "false", 0, 5) == 0) { i += 5; return false; }
                if (s.Length - i >= 4 && string.CompareOrdinal(s, i, "null", 0, 4) == 0) { i += 4; return null; }
                int start = i;
                bool integral = true;
                while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0)
                {
                    if (s[i] == '.' || s[i] == 'e' || s[i] == 'E') integral = false;
                    i++;
                }
                string n = s.Substring(start, i - start);
                long lv;
                if (integral && long.TryParse(n, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out lv)) return lv;
                return double.Parse(n, NumberStyles.Float, CultureInfo.InvariantCulture);
            }

            private string Text()
            {
                i++; // '"'
                var b = new StringBuilder();
                while (true)
                {
                    char c = s[i++];
                    if (c == '"') return b.ToString();
                    if (c != '\\') { b.Append(c); continue; }
                    char e = s[i++];
                    switch (e)
                    {
                        case 'n': b.Append('\n'); break;
                        case 'r': b.Append('\r'); break;
                        case 't': b.Append('\t'); break;
                        case 'b': b.Append('\b'); break;
                        case 'f': b.Append('\f'); break;
                        case 'u': b.Append((char) Convert.ToInt32(s.Substring(i, 4), 16)); i += 4; break;
                        default: b.Append(e); break;
                    }
                }
            }
        }
    }

    /// Runs the program's `Main` (gg-arm-csharp's host calls `Run`); what escapes it is reported as
    /// the program's error, located at its innermost frame in program.cs.
    public static class Entry
    {
        private static bool reported;

        private static void Report(string kind, ErrorCode? code, string message, Exception e)
        {
            if (reported) return;
            reported = true;
            var o = new StringBuilder("{\"error\":{\"kind\":");
            Wire.Str(o, kind);
            o.Append(",\"code\":");
            if (code == null) o.Append("null");
            else Codec.EncErrorCode(o, code.Value);
            o.Append(",\"message\":");
            Wire.Str(o, message);
            o.Append(",\"location\":");
            Location(o, e);
            o.Append("}}");
            Wire.Raw("feedback.report_error", o.ToString());
        }

        /// The innermost frame of `e` in program.cs or a code module (lib/NAME.cs), or null.
        private static void Location(StringBuilder o, Exception e)
        {
            // The runtime reads no Mono symbol file: the host maps a frame's method and IL offset
            // to its line from program.cs's (csharp.locate).
            var trace = new System.Diagnostics.StackTrace(e, false);
            foreach (var f in trace.GetFrames() ?? new System.Diagnostics.StackFrame[0])
            {
                MethodBase m = f.GetMethod();
                int il = f.GetILOffset();
                if (m == null || il < 0 || m.Module.Assembly.GetName().Name != "program") continue;
                string line = Wire.Raw("csharp.locate", m.MetadataToken + " " + il);
                int n;
                if (!int.TryParse(line, out n) || n <= 0) continue;
                o.Append("{\"file\":\"program.cs\",\"line\":").Append(n).Append(",\"column\":1}");
                return;
            }
            o.Append("null");
        }

        private static void Flush()
        {
            try { Console.Out.Flush(); Console.Error.Flush(); } catch (Exception) { }
        }

        /// The program's entry point, called with no arguments or an empty `string[]`; its `int`
        /// (or `Task<int>`) is the exit status.
        /// A StackOverflowException cannot be caught: the runtime ends the program after this handler,
        /// which tells the host so that the ending is filed as a stack overflow.
        private static void OnUnhandled(object sender, UnhandledExceptionEventArgs args)
        {
            if (args.ExceptionObject is StackOverflowException) Wire.Raw("csharp.stack_overflow", "");
        }

        public static void Run()
        {
            AppDomain.CurrentDomain.UnhandledException += OnUnhandled;
            int status = 0;
            try
            {
                var asm = Assembly.Load(new AssemblyName("program"));
                MethodInfo main = asm.EntryPoint;
                if (main == null) throw new MissingMethodException("the program has no static Main method");
                object[] args = main.GetParameters().Length == 0 ? new object[0] : new object[] { new string[0] };
                object r = main.Invoke(null, args);
                var task = r as System.Threading.Tasks.Task;
                if (task != null)
                {
                    task.GetAwaiter().GetResult();
                    var result = task.GetType().GetProperty("Result");
                    if (result != null && result.PropertyType == typeof(int)) r = result.GetValue(task, null);
                }
                if (r is int) status = (int) r;
            }
            catch (Exception outer)
            {
                Exception e = outer;
                while (e is TargetInvocationException && e.InnerException != null) e = e.InnerException;
                Flush();
                var api = e as ApiError;
                if (api != null) Report("api-failure", api.Code, "uncaught Gg.ApiError (" + api.Code + ") from " + api.Operation + ": " + api.Message, e);
                else Report("other", null, "uncaught " + e.GetType().FullName + ": " + e.Message, e);
                Console.Error.WriteLine(e.ToString());
                Flush();
                return;
            }
            Flush();
            if (status != 0) Environment.Exit(status);
        }
    }
}
