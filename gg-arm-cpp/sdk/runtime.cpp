// The hand-written half of gg's C++ SDK: the wire's two imports, a small JSON writer and reader,
// the call that turns an err reply into gg::ApiError, and the failure path that reports an
// uncaught exception through feedback.report_error. build.rs appends the generated calls.
// Linked with -Wl,--wrap=abort,--wrap=fprintf,--wrap=fputs,--wrap=malloc,--wrap=__cxa_throw and
// -nostartfiles: it
// defines the program's _start (see src/compile.rs).
#include <charconv>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <limits>
#include <new>
#include <string>
#include <typeinfo>
#include <unistd.h>
#include <utility>

extern "C" {
__attribute__((import_module("gg-wire"), import_name("call"))) int gg_wire_call(const char* op, int op_len,
                                                                                  const char* args, int args_len);
__attribute__((import_module("gg-wire"), import_name("read"))) int gg_wire_read(char* dst, int len);
}

namespace gg::detail {

// ---- JSON: a reply parsed into a small tree; numbers keep their text so u64 stays exact.
struct Value {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool flag = false;
  std::string text;  // a string's contents, or a number's spelling
  std::vector<Value> items;
  std::vector<std::pair<std::string, Value>> members;

  const Value* get(std::string_view key) const {
    for (const auto& [k, v] : members)
      if (k == key) return &v;
    return nullptr;
  }
};

[[noreturn]] void bad_reply(const char* what) {
  throw std::logic_error(std::string("gg SDK: the host's reply does not fit ") + what);
}

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}
  Value parse() {
    Value v = value();
    ws();
    if (i_ != s_.size()) bad_reply("JSON (trailing text)");
    return v;
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;

  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  bool eat(char c) {
    ws();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }
  unsigned hex4() {
    if (i_ + 4 > s_.size()) bad_reply("JSON (a short \\u escape)");
    unsigned cp = 0;
    auto r = std::from_chars(s_.data() + i_, s_.data() + i_ + 4, cp, 16);
    if (r.ptr != s_.data() + i_ + 4) bad_reply("JSON (a bad \\u escape)");
    i_ += 4;
    return cp;
  }
  std::string string() {
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      char e = s_[i_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && word("\\u")) cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
          utf8(out, cp);
          break;
        }
        default: out += e;
      }
    }
    if (i_ >= s_.size()) bad_reply("JSON (an unterminated string)");
    ++i_;
    return out;
  }
  Value value() {
    ws();
    Value v;
    if (i_ >= s_.size()) bad_reply("JSON (it ends early)");
    char c = s_[i_];
    if (c == '"') {
      ++i_;
      v.kind = Value::String;
      v.text = string();
    } else if (c == '{') {
      ++i_;
      v.kind = Value::Object;
      if (!eat('}')) {
        do {
          if (!eat('"')) bad_reply("JSON (an object key)");
          std::string k = string();
          if (!eat(':')) bad_reply("JSON (a missing colon)");
          v.members.emplace_back(std::move(k), value());
        } while (eat(','));
        if (!eat('}')) bad_reply("JSON (an unclosed object)");
      }
    } else if (c == '[') {
      ++i_;
      v.kind = Value::Array;
      if (!eat(']')) {
        do v.items.push_back(value());
        while (eat(','));
        if (!eat(']')) bad_reply("JSON (an unclosed array)");
      }
    } else if (word("null")) {
      v.kind = Value::Null;
    } else if (word("true")) {
      v.kind = Value::Bool;
      v.flag = true;
    } else if (word("false")) {
      v.kind = Value::Bool;
    } else {
      std::size_t start = i_;
      while (i_ < s_.size() && std::strchr("+-.0123456789eE", s_[i_]) != nullptr) ++i_;
      if (start == i_) bad_reply("JSON (an unexpected character)");
      v.kind = Value::Number;
      v.text.assign(s_.substr(start, i_ - start));
    }
    return v;
  }
};

// The templates reach one another (an optional list, a list of options): all declared first.
template <class N>
  requires std::is_arithmetic_v<N>
void put(std::string& out, N n);
template <class T>
void put(std::string& out, const std::optional<T>& o);
template <class T>
void put(std::string& out, const std::vector<T>& xs);
template <class N>
  requires std::is_arithmetic_v<N>
void get(const Value& v, N& out);
template <class T>
void get(const Value& v, std::optional<T>& out);
template <class T>
void get(const Value& v, std::vector<T>& out);

// ---- writing values in the wire's JSON mapping
void put(std::string& out, std::string_view s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);
        }
    }
  }
  out += '"';
}
void put(std::string& out, const std::string& s) { put(out, std::string_view(s)); }
void put(std::string& out, bool b) { out += b ? "true" : "false"; }
void put(std::string& out, char32_t c) {
  std::string s;
  if (c < 0x80) s += char(c);
  else if (c < 0x800) { s += char(0xC0 | (c >> 6)); s += char(0x80 | (c & 0x3F)); }
  else if (c < 0x10000) { s += char(0xE0 | (c >> 12)); s += char(0x80 | ((c >> 6) & 0x3F)); s += char(0x80 | (c & 0x3F)); }
  else { s += char(0xF0 | (c >> 18)); s += char(0x80 | ((c >> 12) & 0x3F)); s += char(0x80 | ((c >> 6) & 0x3F)); s += char(0x80 | (c & 0x3F)); }
  put(out, std::string_view(s));
}
/// A number; NaN and the infinities, which JSON cannot spell, go as the strings `"NaN"`,
/// `"Infinity"` and `"-Infinity"`, which the host refuses as an invalid argument naming the field
/// (as the Java and Kotlin SDKs send them); `nan`/`inf` bare made the whole call not JSON.
template <class N>
  requires std::is_arithmetic_v<N>
void put(std::string& out, N n) {
  if constexpr (std::is_floating_point_v<N>) {
    if (n != n) return put(out, std::string_view("NaN"));
    if (n > std::numeric_limits<N>::max()) return put(out, std::string_view("Infinity"));
    if (n < std::numeric_limits<N>::lowest()) return put(out, std::string_view("-Infinity"));
  }
  char buf[40];
  auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}
template <class T>
void put(std::string& out, const std::optional<T>& o) {
  if (o) put(out, *o);
  else out += "null";
}
template <class T>
void put(std::string& out, const std::vector<T>& xs) {
  out += '[';
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (i) out += ',';
    put(out, xs[i]);
  }
  out += ']';
}

// ---- reading a reply's values
void get(const Value& v, std::string& out) {
  if (v.kind != Value::String) bad_reply("a string");
  out = v.text;
}
void get(const Value& v, bool& out) {
  if (v.kind != Value::Bool) bad_reply("a bool");
  out = v.flag;
}
void get(const Value& v, char32_t& out) {
  if (v.kind != Value::String || v.text.empty()) bad_reply("a char");
  out = char32_t(static_cast<unsigned char>(v.text[0]));
}
template <class N>
  requires std::is_arithmetic_v<N>
void get(const Value& v, N& out) {
  if (v.kind != Value::Number) bad_reply("a number");
  auto r = std::from_chars(v.text.data(), v.text.data() + v.text.size(), out);
  if (r.ec != std::errc()) {
    double d = 0;
    std::from_chars(v.text.data(), v.text.data() + v.text.size(), d);
    out = N(d);
  }
}
template <class T>
void get(const Value& v, std::optional<T>& out) {
  if (v.kind == Value::Null) {
    out.reset();
    return;
  }
  T x{};
  get(v, x);
  out = std::move(x);
}
template <class T>
void get(const Value& v, std::vector<T>& out) {
  if (v.kind != Value::Array) bad_reply("a list");
  out.clear();
  out.reserve(v.items.size());
  for (const auto& item : v.items) {
    T x{};
    get(item, x);
    out.push_back(std::move(x));
  }
}
/// A record's field; an absent option is none.
template <class T>
void get_field(const Value& v, std::string_view key, T& out) {
  static const Value null_value;
  const Value* f = v.get(key);
  get(f ? *f : null_value, out);
}

// ---- the wire
std::string raw_call(std::string_view op, const std::string& args) {
  int n = gg_wire_call(op.data(), int(op.size()), args.data(), int(args.size()));
  std::string reply(std::size_t(n > 0 ? n : 0), '\0');
  std::size_t got = 0;
  while (got < reply.size()) {
    int k = gg_wire_read(reply.data() + got, int(reply.size() - got));
    if (k <= 0) break;
    got += std::size_t(k);
  }
  reply.resize(got);
  return reply;
}

void get(const Value& v, ErrorCode& out);

Value call(std::string_view op, const std::string& args, const std::source_location& where) {
  Value reply = Parser(raw_call(op, args)).parse();
  if (const Value* err = reply.get("err")) {
    ErrorCode code = ErrorCode::other;
    std::string operation(op), message;
    if (const Value* c = err->get("code")) get(*c, code);
    if (const Value* o = err->get("operation"); o && o->kind == Value::String) operation = o->text;
    if (const Value* m = err->get("message"); m && m->kind == Value::String) message = m->text;
    throw ApiError(code, std::move(operation), std::move(message), where);
  }
  const Value* ok = reply.get("ok");
  if (ok == nullptr) bad_reply("{\"ok\": ...} or {\"err\": ...}");
  return *ok;
}

// ---- the failure path
/// feedback.report_error: the program's uncaught failure, once.
void report(const char* kind, const char* code, std::string_view message, const std::source_location* where) {
  static bool reported = false;
  if (reported) return;
  reported = true;
  std::string args = "{\"error\":{\"kind\":";
  put(args, std::string_view(kind));
  args += ",\"code\":";
  if (code) put(args, std::string_view(code));
  else args += "null";
  args += ",\"message\":";
  put(args, message);
  args += ",\"location\":";
  if (where != nullptr && where->line() > 0) {
    args += "{\"file\":";
    put(args, std::string_view(where->file_name()));
    args += ",\"line\":";
    put(args, std::uint32_t(where->line()));
    args += ",\"column\":";
    put(args, std::uint32_t(where->column() > 0 ? where->column() : 1));
    args += '}';
  } else {
    args += "null";
  }
  args += "}}";
  (void)raw_call("feedback.report_error", args);
}

/// The last line written to stderr through fprintf/fputs: the toolchain's support object writes
/// an uncaught exception's type and what() there before it aborts.
char last_stderr[1024];
bool allocation_failed = false;
/// The object of the last throw, and whether abort is showing it as thrown out of a noexcept
/// function (clang's terminate pad there calls std::terminate without catching it).
void* thrown = nullptr;
bool through_noexcept = false;

}  // namespace gg::detail

gg::ApiError::ApiError(ErrorCode code, std::string operation, std::string message, std::source_location where)
    : std::runtime_error(operation + " failed (" + std::string(to_string(code)) + "): " + message),
      code(code),
      operation(std::move(operation)),
      message(std::move(message)),
      where(where) {}

extern "C" {
[[noreturn]] void __real___cxa_throw(void* thrown, std::type_info* type, void (*destroy)(void*));
int __real_fputs(const char* s, FILE* f);
int __real_vfprintf(FILE* f, const char* format, va_list ap);
void* __real_malloc(std::size_t n);
[[noreturn]] void __real_abort(void);

// What the program (or libc++: hardening's failed assertion goes through vfprintf) writes to
// stderr with a format is kept, its first 1 KiB, as the line an abort names; all of it is written.
int __wrap_vfprintf(FILE* f, const char* format, va_list ap) {
  if (f != stderr) return __real_vfprintf(f, format, ap);
  va_list again;
  va_copy(again, ap);
  int n = std::vsnprintf(gg::detail::last_stderr, sizeof gg::detail::last_stderr, format, ap);
  if (n >= 0 && std::size_t(n) < sizeof gg::detail::last_stderr) {
    __real_fputs(gg::detail::last_stderr, f);
  } else {
    n = __real_vfprintf(f, format, again);
  }
  va_end(again);
  return n;
}

int __wrap_fprintf(FILE* f, const char* format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = __wrap_vfprintf(f, format, ap);
  va_end(ap);
  return n;
}

int __wrap_fputs(const char* s, FILE* f) {
  if (f == stderr) std::snprintf(gg::detail::last_stderr, sizeof gg::detail::last_stderr, "%s", s);
  return __real_fputs(s, f);
}

[[noreturn]] void __wrap___cxa_throw(void* thrown, std::type_info* type, void (*destroy)(void*)) {
  gg::detail::thrown = thrown;
  __real___cxa_throw(thrown, type, destroy);
}

void* __wrap_malloc(std::size_t n) {
  void* p = __real_malloc(n);
  if (p == nullptr && n != 0) gg::detail::allocation_failed = true;
  return p;
}

// Reached after the toolchain's terminate handler printed an uncaught exception (or libc++'s
// hardening printed a failed assertion). An exception is reported through the membrane as the
// program's error and the program ends cleanly, so the model reads the report as the failure;
// std::bad_alloc still traps, so that a denied memory grow is the out-of-memory it is.
[[noreturn]] void __wrap_abort(void) {
  std::fflush(stdout);
  if (!std::current_exception() && std::uncaught_exceptions() > 0 && gg::detail::thrown != nullptr &&
      !gg::detail::through_noexcept) {
    // Thrown out of a noexcept function (or a destructor): the exception is in flight, never
    // caught. Caught here, the toolchain's terminate handler shows it as it shows any uncaught
    // exception, and aborts again into the branch below.
    gg::detail::through_noexcept = true;
    try {
      abi::__cxa_rethrow_primary_exception(gg::detail::thrown);
    } catch (...) {
      std::get_terminate()();
    }
  }
  if (std::current_exception()) {
    std::string text = gg::detail::last_stderr;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    constexpr std::string_view prefix = "terminating due to ";
    if (text.starts_with(prefix)) text.erase(0, prefix.size());
    if (gg::detail::through_noexcept) {
      constexpr std::string_view of_type = "uncaught exception of type ";
      std::string type = text.starts_with(of_type) ? text.substr(of_type.size()) : text;
      std::string what;
      try {
        throw;
      } catch (const std::exception& e) {
        what = e.what();
      } catch (...) {
      }
      if (!what.empty() && type.ends_with(": " + what)) type.resize(type.size() - what.size() - 2);
      text = "terminate called after throwing an exception of type " + type +
             " out of a noexcept function (or a destructor), which cannot let it through";
      if (!what.empty()) text += "\n  what(): " + what;
    }
    bool fatal = false;
    try {
      throw;
    } catch (const gg::ApiError& e) {
      std::string code(gg::to_string(e.code));
      gg::detail::report("api-failure", code.c_str(), "uncaught gg::ApiError: " + std::string(e.what()), &e.where);
    } catch (const std::bad_alloc&) {
      gg::detail::report("other", nullptr, text, nullptr);
      fatal = true;
    } catch (...) {
      gg::detail::report("other", nullptr, text, nullptr);
    }
    if (!fatal) std::_Exit(0);
    __real_abort();
  }
  // abort() itself (or std::terminate with nothing thrown, or a failed assertion, each of which
  // prints its reason to stderr first): the failure says so; the trap that follows locates it.
  std::string text = "abort() was called";
  std::string last = gg::detail::last_stderr;
  while (!last.empty() && last.back() == '\n') last.pop_back();
  text += last.empty() ? " (what it wrote to stderr may say why)" : " (its last line on stderr: " + last + ")";
  gg::detail::report("other", nullptr, text, nullptr);
  __real_abort();
}

// The program's entry, in place of wasi-libc's crt1-command.o (linked with -nostartfiles): the
// same call and exit, but through the toolchain's gg-support.o wrapper, which reports an exception
// that leaves main. Reaching that wrapper with -Wl,--wrap=__original_main also redirected the
// DWARF's references to main (wasm-ld relocates .debug_info and .debug_line against the function
// symbol `__original_main`, and --wrap renames it in every object): main's lines landed on the
// wrapper's code, and a trap in main was placed on the wrong line (ARCHITECTURE.md). wasm-ld has
// no --defsym, so the wrapper's __real___original_main is this one-call function.
int __original_main(void);
int __wrap___original_main(void);
int __real___original_main(void) { return __original_main(); }
void _start(void) {
  int r = __wrap___original_main();
  if (r != 0) std::exit(r);
}
}

namespace {
// Every printed line reaches the feedback log as it is written (stdout is the program's
// feedback), so a program that traps later keeps what it printed; and an allocation that failed,
// even one the program caught, is reported when it ends. The working directory is the one gg
// names in PWD, the workspace (wasi-libc starts at `/`).
struct Startup {
  Startup() {
    if (const char* pwd = std::getenv("PWD")) (void)chdir(pwd);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    std::atexit([] {
      if (gg::detail::allocation_failed)
        gg::detail::report("other", nullptr, "an allocation failed (std::bad_alloc), though the program caught it",
                           nullptr);
    });
  }
} startup;
}  // namespace
