//! The human rendering of an outcome: status, the error located with a code frame, logs, calls
//! with what each returned (in the arm's spelling), the code modules the program bound (how the
//! next program reaches each, what it exports).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use gg_core::api::catalogue::TypeKind;
use gg_core::wire::CodeModule;
use gg_core::{BindingChange, BindingCheck, Catalogue, Registry, SandboxOutcome, SourceLocation};

/// Log lines and calls shown in full before the rest is summarised (`--json` has all of them).
const SHOWN: usize = 40;
/// A call's result is shown in about this many characters (`--json` has the record's own
/// abbreviation of it).
const RESULT_CHARS: usize = 160;
/// A string inside a shown result keeps this many characters.
const RESULT_STRING_CHARS: usize = 40;
/// A list inside a shown result shows this many items.
const RESULT_ITEMS: usize = 3;

/// How an arm spells what the record holds in the WIT's words: each operation as the arm's
/// catalogue names it, each record field as the arm's records name it. An arm this build does not
/// carry keeps the WIT's words.
pub struct Spelling {
    operations: HashMap<String, String>,
    fields: HashMap<String, String>,
}

impl Spelling {
    /// The spelling of the arm an outcome ran in.
    pub fn of_arm(arm: &str) -> Self {
        match Registry::global().ok().and_then(|r| r.get(arm).ok()) {
            Some(lang) => Self::of(lang.catalogue()),
            None => Self::wit(),
        }
    }

    /// The WIT's own words.
    pub fn wit() -> Self {
        Self {
            operations: HashMap::new(),
            fields: HashMap::new(),
        }
    }

    /// From a catalogue: functions by operation, fields by their letters (`total-lines`,
    /// `total_lines` and `totalLines` are one field).
    pub fn of(catalogue: &Catalogue) -> Self {
        let operations = catalogue
            .functions
            .iter()
            .map(|f| (f.operation.clone(), f.qualified.clone()))
            .collect();
        let fields = catalogue
            .types
            .iter()
            .filter(|t| t.kind == TypeKind::Record)
            .flat_map(|t| &t.members)
            .map(|m| (letters(&m.name), m.name.clone()))
            .collect();
        Self { operations, fields }
    }

    fn operation<'a>(&'a self, wit: &'a str) -> &'a str {
        self.operations.get(wit).map_or(wit, String::as_str)
    }

    fn field<'a>(&'a self, wit: &'a str) -> &'a str {
        self.fields.get(&letters(wit)).map_or(wit, String::as_str)
    }
}

/// A name's letters and digits, lowercased: what every arm's spelling of one WIT name shares.
fn letters(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A call's result in about [`RESULT_CHARS`] characters: records as `{field: value, …}` in the
/// arm's field names, strings quoted and cut, lists cut to their first items with a count.
fn shown(value: &serde_json::Value, spelling: &Spelling) -> String {
    let mut out = String::new();
    show(value, spelling, &mut out, 0);
    if out.chars().count() > RESULT_CHARS {
        out = out.chars().take(RESULT_CHARS).collect();
        out.push_str(" …");
    }
    out
}

fn show(value: &serde_json::Value, spelling: &Spelling, out: &mut String, depth: usize) {
    use serde_json::Value;
    match value {
        Value::Null => out.push_str("none"),
        Value::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Value::String(s) => {
            let n = s.chars().count();
            let kept: String = s.chars().take(RESULT_STRING_CHARS).collect();
            let _ = write!(out, "{kept:?}");
            if n > RESULT_STRING_CHARS {
                let _ = write!(out, "… ({n} chars)");
            }
        }
        Value::Array(items) => {
            if depth > 2 {
                let _ = write!(out, "[{} items]", items.len());
                return;
            }
            out.push('[');
            for (i, item) in items.iter().take(RESULT_ITEMS).enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                show(item, spelling, out, depth + 1);
            }
            if items.len() > RESULT_ITEMS {
                let _ = write!(out, ", … {} items in all", items.len());
            }
            out.push(']');
        }
        Value::Object(map) => {
            if depth > 2 {
                out.push_str("{…}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{}: ", spelling.field(k));
                show(v, spelling, out, depth + 1);
            }
            out.push('}');
        }
    }
}

/// What `gg run` prints without `--json`, for a program with no code modules in scope.
pub fn human(outcome: &SandboxOutcome, source: &str) -> String {
    human_with_modules(outcome, source, &BTreeMap::new())
}

/// [`human_spelt`] in the spelling of the arm the outcome ran in.
pub fn human_with_modules(outcome: &SandboxOutcome, source: &str, modules: &BTreeMap<String, CodeModule>) -> String {
    human_spelt(outcome, source, modules, &Spelling::of_arm(&outcome.arm))
}

/// The code module a location is in, by key: every arm names a module's file `lib/<key>.<ext>`
/// (JavaScript `lib:<key>`); anything else is the program's own file.
fn module_key(file: &str) -> Option<&str> {
    if let Some(key) = file.strip_prefix("lib:") {
        return Some(key);
    }
    let rest = file.strip_prefix("lib/")?;
    let key = rest.split_once('.').map_or(rest, |(key, _)| key);
    (!key.is_empty() && !key.contains('/')).then_some(key)
}

/// The text a location's line is read from: the module it names, else the program. A location
/// in a module the session no longer holds gets no code frame rather than the program's line.
fn text_at<'a>(loc: &SourceLocation, source: &'a str, modules: &'a BTreeMap<String, CodeModule>) -> Option<&'a str> {
    match module_key(&loc.file) {
        Some(key) => modules.get(key).map(|m| m.source.as_str()),
        None => Some(source),
    }
}

/// `  --> file:line:column` and the line with a caret under the column.
fn located(out: &mut String, loc: &SourceLocation, text: Option<&str>) {
    let _ = writeln!(out, "  --> {}:{}:{}", loc.file, loc.line, loc.column);
    if let Some(line) = text.and_then(|t| t.lines().nth(loc.line.saturating_sub(1) as usize)) {
        let num = loc.line.to_string();
        let pad = " ".repeat(num.len());
        let caret = " ".repeat(loc.column.saturating_sub(1) as usize);
        let _ = writeln!(out, "{pad} |\n{num} | {line}\n{pad} | {caret}^");
    }
}

/// What `gg run` prints without `--json`: a location in a code module is framed with the module's
/// line (`modules` by key, as the session binds them); each call with its result.
pub fn human_spelt(
    outcome: &SandboxOutcome,
    source: &str,
    modules: &BTreeMap<String, CodeModule>,
    spelling: &Spelling,
) -> String {
    let mut out = String::new();
    let status = serde_json::to_value(outcome.status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let _ = write!(out, "{} · turn {} · {status}", outcome.arm, outcome.turn);
    if let Some(n) = outcome.exit_status {
        let _ = write!(out, " (exit status {n})");
    }
    out.push('\n');
    if let Some(e) = &outcome.error {
        let kind = serde_json::to_value(e.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let code = e.code.map(|c| format!(" {c}")).unwrap_or_default();
        // A failed preparation's diagnostics each at its own place (the error's message joins
        // them, and its location is the first one's).
        let each = match outcome.diagnostics.split_first() {
            Some((first, rest)) if !rest.is_empty() && first.location == e.location => Some((first, rest)),
            _ => None,
        };
        let _ = writeln!(
            out,
            "\nerror[{kind}{code}]: {}",
            each.map_or(e.message.as_str(), |(first, _)| first.message.as_str())
        );
        if let Some(loc) = &e.location {
            located(&mut out, loc, text_at(loc, source, modules));
        }
        for d in each.map_or(&[][..], |(_, rest)| rest) {
            let _ = writeln!(out, "{}", d.message);
            if let Some(loc) = &d.location {
                located(&mut out, loc, text_at(loc, source, modules));
            }
        }
        if each.is_some() && outcome.diagnostics_dropped > 0 {
            let _ = writeln!(out, "… {} more diagnostics dropped", outcome.diagnostics_dropped);
        }
    }
    section(
        &mut out,
        "logs",
        outcome.logs.iter().cloned(),
        outcome.logs.len(),
        outcome.logs_dropped,
        "earlier lines dropped",
    );
    let calls = outcome.calls.iter().map(|c| {
        let name = spelling.operation(c.operation);
        match (&c.error, &c.result) {
            (Some(e), _) => format!("{name}  {}: {}", e.code, e.message),
            (None, Some(serde_json::Value::Null) | None) => format!("{name}  ok"),
            (None, Some(result)) => format!("{name}  ok → {}", shown(result, spelling)),
        }
    });
    section(
        &mut out,
        "calls",
        calls,
        outcome.calls.len(),
        outcome.calls_dropped,
        "calls dropped from the middle",
    );
    bindings(&mut out, outcome);
    for m in &outcome.module_errors {
        match &m.location {
            None => {
                let _ = writeln!(out, "\nmodule {} failed to load: {}", m.name, m.message);
            }
            Some(loc) => {
                let _ = writeln!(out, "\nmodule {} {}", m.name, m.message);
                located(&mut out, loc, text_at(loc, source, modules));
            }
        }
    }
    if !outcome.views.is_empty() {
        let _ = writeln!(out, "\nviews:");
        for v in &outcome.views {
            let _ = writeln!(out, "  {} ({} bytes)", v.selector, v.body.len());
        }
    }
    if let Some(arm) = &outcome.rerun_arm {
        let _ = writeln!(
            out,
            "\nrerun: runs as {arm}, the arm of the library program with this source"
        );
    }
    if let Some(why) = &outcome.rerun_stopped {
        let _ = writeln!(out, "\nrerun: {why}");
    }
    if let Some(ending) = &outcome.ending {
        let _ = writeln!(out, "\nending: {}", serde_json::to_string(ending).unwrap_or_default());
    }
    if !outcome.stderr.is_empty() {
        let _ = writeln!(out, "\nstderr:\n{}", outcome.stderr.trim_end());
    }
    let t = &outcome.timing;
    let prepare = t
        .prepare_ms
        .map(|p| format!("prepare {p:.1} ms · "))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "\n{prepare}guest {:.1} ms · host {:.1} ms · wall {:.1} ms (limits: {} s, {} bytes)",
        t.guest_ms, t.host_ms, t.wall_ms, outcome.limits.timeout_secs, outcome.limits.max_memory_bytes
    );
    out
}

/// The code modules the program bound, rebound or unbound: each one's access spelling and what
/// became of it, then its exports (declaration, and the doc's first line under it).
fn bindings(out: &mut String, outcome: &SandboxOutcome) {
    if outcome.module_bindings.is_empty() && outcome.module_bindings_dropped == 0 {
        return;
    }
    let count = outcome.module_bindings.len() + outcome.module_bindings_dropped;
    let _ = writeln!(out, "\ncode modules ({count}):");
    for b in &outcome.module_bindings {
        let change = match b.change {
            BindingChange::Bound => "bound",
            BindingChange::Rebound => "rebound",
            BindingChange::Unbound => "unbound",
        };
        let what = match b.check {
            None => "no later program has it".to_owned(),
            Some(BindingCheck::Failed) => "it failed its check, so no program sees it (see below)".to_owned(),
            Some(check) => {
                let when = match check {
                    BindingCheck::Pending => "from the next program on, once it is checked",
                    _ => "from the next program on",
                };
                let n = b.exports.len() + b.exports_dropped;
                let exports = match n {
                    0 => "no exports found".to_owned(),
                    1 => "1 export".to_owned(),
                    n => format!("{n} exports"),
                };
                format!("{when}; {exports}")
            }
        };
        let _ = writeln!(out, "  {} {change}: {what}", b.access);
        for e in &b.exports {
            let _ = writeln!(out, "    {}", e.declaration);
            if let Some(brief) = &e.brief {
                let _ = writeln!(out, "      {brief}");
            }
        }
        if b.exports_dropped > 0 {
            let _ = writeln!(out, "    … {} more exports (docs.search finds them)", b.exports_dropped);
        }
    }
    if outcome.module_bindings_dropped > 0 {
        let _ = writeln!(out, "  … {} more modules not listed", outcome.module_bindings_dropped);
    }
}

fn section(out: &mut String, title: &str, items: impl Iterator<Item = String>, len: usize, dropped: u64, what: &str) {
    if len == 0 && dropped == 0 {
        return;
    }
    let _ = writeln!(out, "\n{title} ({len}):");
    if dropped > 0 {
        let _ = writeln!(out, "  … {dropped} {what}");
    }
    for (i, item) in items.enumerate() {
        if i == SHOWN && len > SHOWN + 1 {
            let _ = writeln!(out, "  … {} more (see --json)", len - SHOWN);
            break;
        }
        // A multi-line entry keeps its lines under the entry's indent.
        let _ = writeln!(out, "  {}", item.replace('\n', "\n  "));
    }
}
