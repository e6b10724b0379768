//! The `sdk` target: an input names an arm (`js` or `py`) and an operation, then gives the call's
//! arguments as JSON; it becomes a program that makes the call through the arm's SDK and says
//! what came back, run on the arm's real guest.
//!
//! Input, three lines:
//! ```text
//! js files.read_file
//! ["notes.txt", {"limit": "$nan"}]
//! {"offset": 2}
//! ```
//! Line 2 is the positional arguments (a JSON array); line 3, optional, keyword arguments (Python's
//! `**kw`; JavaScript passes it as one more argument, an options object). A string that is one of
//! [`SPECIAL`]'s names stands for a value JSON cannot spell (`"$undefined"`, `"$lone-surrogate"`,
//! `"$huge-array"` …).
//!
//! Checked: the program completes (no trap, no internal error, no timeout or out-of-memory that
//! the call caused) and logs what the call came to: `result`, `api-error CODE`, or, in Python
//! only, the SDK's `TypeError`/`ValueError` for a value of the wrong type (Python's own way).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, Limits, Registry, RunBudget, RunOptions, Session, Status};
use serde_json::Value;

// Force-link the arms (rustc drops an `--extern` crate nothing names, and its registration).
use gg_arm_python as _;
use gg_arm_typescript as _;

/// Values JSON cannot spell, by name: (name, JavaScript, Python).
pub const SPECIAL: &[(&str, &str, &str)] = &[
    ("$undefined", "undefined", "None"),
    ("$nan", "NaN", "float('nan')"),
    ("$inf", "Infinity", "float('inf')"),
    ("$neg-zero", "-0", "-0.0"),
    ("$bigint", "(2n ** 64n)", "(2 ** 64)"),
    ("$2p31", "(2 ** 31)", "(2 ** 31)"),
    ("$2p53", "(2 ** 53)", "(2 ** 53)"),
    ("$lone-surrogate", "'a\\uD800b'", "'a\\ud800b'"),
    ("$nul", "'a\\u0000b'", "'a\\x00b'"),
    ("$long-string", "'x'.repeat(1 << 20)", "'x' * (1 << 20)"),
    ("$long-list", "new Array(20000).fill('x')", "['x'] * 20000"),
    ("$huge-array", "new Array(2 ** 31)", "range(2 ** 31)"),
    ("$max-array", "new Array(2 ** 32 - 1)", "range(2 ** 32 - 1)"),
    ("$array-like", "({ length: 2 ** 31 })", "{'length': 2 ** 31}"),
    ("$function", "(() => 1)", "(lambda: 1)"),
    ("$symbol", "Symbol('s')", "object()"),
    ("$date", "new Date(0)", "__import__('datetime').date(1970, 1, 1)"),
    ("$bytes", "new Uint8Array(4)", "b'abcd'"),
    ("$tuple", "[1, 'a']", "(1, 'a')"),
    ("$set", "new Set(['a'])", "{'a'}"),
    ("$proxy", "new Proxy({}, {})", "type('P', (), {})()"),
    ("$big-float", "1e308 * 10", "1e308 * 10"),
    ("$true-int", "true", "True"),
];

/// The arm of an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    JavaScript,
    Python,
}

/// One input, read: the arm, the operation, the arguments. Read leniently, so that nearly every
/// mutation is still a program: an unknown arm or operation is picked by the bytes' sum, a line
/// that is not the JSON it should be is one string argument. `None` only for no operation at all.
pub fn parse(data: &[u8]) -> Option<(Lang, String, Vec<Value>, Option<serde_json::Map<String, Value>>)> {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let (lang, op) = first.split_once(' ').unwrap_or((first, ""));
    let sum: usize = first.bytes().map(usize::from).sum();
    let lang = match lang {
        "js" => Lang::JavaScript,
        "py" => Lang::Python,
        _ if sum % 2 == 0 => Lang::JavaScript,
        _ => Lang::Python,
    };
    let types = gg_core::program::membrane::dispatch::types();
    let operations: Vec<&str> = types
        .functions()
        .filter(|f| !f.is_feedback)
        .map(|f| f.id.as_str())
        .collect();
    let op = match types.function(op.trim()) {
        Some(sig) if !sig.is_feedback => sig.id.clone(),
        _ => (*operations.get(sum % operations.len().max(1))?).to_owned(),
    };
    let args = match lines.next() {
        None => Vec::new(),
        Some(line) => match serde_json::from_str::<Value>(line) {
            Ok(Value::Array(items)) => items.into_iter().take(8).collect(),
            Ok(other) => vec![other],
            Err(_) => vec![Value::String(line.to_owned())],
        },
    };
    let kw = match lines.next().map(serde_json::from_str::<Value>) {
        Some(Ok(Value::Object(map))) => Some(map),
        _ => None,
    };
    Some((lang, op, args, kw))
}

fn special(s: &str, lang: Lang) -> Option<&'static str> {
    SPECIAL
        .iter()
        .find(|(name, ..)| *name == s)
        .map(|(_, js, py)| match lang {
            Lang::JavaScript => *js,
            Lang::Python => *py,
        })
}

/// `value` as an expression of `lang`.
pub fn expr(value: &Value, lang: Lang) -> String {
    match value {
        Value::String(s) => special(s, lang)
            .map(str::to_owned)
            .unwrap_or_else(|| Value::String(s.clone()).to_string()),
        Value::Null => if lang == Lang::Python { "None" } else { "null" }.to_owned(),
        Value::Bool(b) => match (lang, b) {
            (Lang::Python, true) => "True".to_owned(),
            (Lang::Python, false) => "False".to_owned(),
            _ => b.to_string(),
        },
        Value::Number(n) => n.to_string(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(|v| expr(v, lang)).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => {
            let fields: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), expr(v, lang)))
                .collect();
            // Parenthesised: a JavaScript `{` at a statement's start would open a block.
            format!("({{{}}})", fields.join(", "))
        }
    }
}

fn camel(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' || c == '-' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The program that makes the call and logs what it came to.
pub fn program(lang: Lang, op: &str, args: &[Value], kw: Option<&serde_json::Map<String, Value>>) -> String {
    let (family, function) = op.split_once('.').expect("an operation id is family.function");
    match lang {
        Lang::JavaScript => {
            let mut all: Vec<String> = args.iter().map(|v| expr(v, lang)).collect();
            if let Some(kw) = kw {
                all.push(expr(&Value::Object(kw.clone()), lang));
            }
            format!(
                "import * as gg from \"gg\";\n\
                 try {{\n  gg.{family}.{}({});\n  console.log(\"result\");\n}} catch (e) {{\n  \
                 console.log(e instanceof gg.ApiError ? `api-error ${{e.code}}` : `thrown ${{e && e.name}}: ${{e && e.message}}`);\n}}\n",
                camel(function),
                all.join(", ")
            )
        }
        Lang::Python => {
            let mut all: Vec<String> = args.iter().map(|v| expr(v, lang)).collect();
            if let Some(kw) = kw {
                all.push(format!("**{}", expr(&Value::Object(kw.clone()), lang)));
            }
            format!(
                "import gg\n\
                 try:\n    gg.{family}.{function}({})\n    print(\"result\")\n\
                 except gg.ApiError as e:\n    print(\"api-error\", e.code.value if hasattr(e.code, 'value') else e.code)\n\
                 except (TypeError, ValueError) as e:\n    print(\"refused\", type(e).__name__, e)\n\
                 except BaseException as e:\n    print(\"thrown\", type(e).__name__, e)\n",
                all.join(", ")
            )
        }
    }
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime starts")
    })
}

fn options() -> RunOptions {
    RunOptions {
        limits: Limits {
            timeout: Duration::from_secs(10),
            max_memory_bytes: 256 << 20,
        },
        budget: RunBudget::lasting(Duration::from_secs(20)),
        cache: CompileCache::from_env(),
        ..RunOptions::default()
    }
}

/// Compiles (or loads) both arms' guests, so no input pays for it.
pub fn warm_up() {
    let registry = Registry::global().expect("the arms register");
    for id in ["javascript", "python"] {
        let arm = registry.get(id).expect("the arm is linked");
        let _ = gg_core::guest::warm_up(&arm, &CompileCache::from_env()).join();
    }
}

/// Runs one input; `Err` says what went wrong, with the program.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Some((lang, op, args, kw)) = parse(data) else {
        return Ok(());
    };
    let source = program(lang, &op, &args, kw.as_ref());
    let arm_id = match lang {
        Lang::JavaScript => "javascript",
        Lang::Python => "python",
    };
    let registry = Registry::global().map_err(|e| e.to_string())?;
    let arm = registry.get(arm_id).map_err(|e| e.to_string())?;
    let tools = Arc::new(MemoryTools::for_surface());
    let outcome = runtime().block_on(async {
        let mut session = Session::new(arm, tools);
        session.run(&source, &options()).await
    });
    let said = outcome.logs.first().cloned().unwrap_or_default();
    let fine = outcome.status == Status::Completed
        && (said == "result"
            || said.starts_with("api-error ")
            || (lang == Lang::Python && said.starts_with("refused ")));
    if fine {
        Ok(())
    } else {
        Err(format!(
            "the call did not come to a result or an api-error:\n--- program\n{source}--- status {:?}, logs {:?}\n--- error {:?}\n--- stderr {}",
            outcome.status, outcome.logs, outcome.error, outcome.stderr
        ))
    }
}
