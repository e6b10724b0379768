//! The human rendering of an outcome: status, the error located with a code frame, logs, calls.

use std::fmt::Write;

use gg_core::SandboxOutcome;

/// Log lines and calls shown in full before the rest is summarised (`--json` has all of them).
const SHOWN: usize = 40;

/// What `gg run` prints without `--json`.
pub fn human(outcome: &SandboxOutcome, source: &str) -> String {
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
        let _ = writeln!(out, "\nerror[{kind}{code}]: {}", e.message);
        if let Some(loc) = &e.location {
            let _ = writeln!(out, "  --> {}:{}:{}", loc.file, loc.line, loc.column);
            if let Some(text) = source.lines().nth(loc.line.saturating_sub(1) as usize) {
                let num = loc.line.to_string();
                let pad = " ".repeat(num.len());
                let caret = " ".repeat(loc.column.saturating_sub(1) as usize);
                let _ = writeln!(out, "{pad} |\n{num} | {text}\n{pad} | {caret}^");
            }
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
    let calls = outcome.calls.iter().map(|c| match &c.error {
        None => format!("{}  ok", c.id),
        Some(e) => format!("{}  {}: {}", c.id, e.code, e.message),
    });
    section(
        &mut out,
        "calls",
        calls,
        outcome.calls.len(),
        outcome.calls_dropped,
        "calls dropped from the middle",
    );
    for m in &outcome.module_errors {
        let _ = writeln!(out, "\nmodule {} failed to load: {}", m.name, m.message);
    }
    if !outcome.views.is_empty() {
        let _ = writeln!(out, "\nviews:");
        for v in &outcome.views {
            let _ = writeln!(out, "  {} ({} bytes)", v.selector, v.body.len());
        }
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
