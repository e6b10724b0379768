//! The session record (`gg session --record FILE`), as the spec's "The session record" has it: one
//! JSON object a line. Each program is an assistant message that carries no tool calls; the calls
//! it composed follow as `tool_call`/`tool_result` pairs under their synthetic ids
//! (`program:{ordinal}:{tool}`); a skill body a program used is pinned as a standalone user
//! message, once per session. The program library is a separate record (`.gg/programs.json`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use gg_core::SandboxOutcome;
use serde_json::{Value, json};

/// The record file, written a program at a time so a later failure loses nothing already written.
pub struct SessionRecord {
    path: PathBuf,
    out: BufWriter<File>,
}

impl SessionRecord {
    /// Creates (or truncates) the file.
    pub fn create(path: &Path) -> Result<Self, String> {
        let file = File::create(path).map_err(|e| format!("--record {}: {e}", path.display()))?;
        Ok(Self {
            path: path.to_owned(),
            out: BufWriter::new(file),
        })
    }

    /// Appends one program's messages.
    pub fn append(&mut self, source: &str, outcome: &SandboxOutcome) -> Result<(), String> {
        for line in messages(source, outcome) {
            serde_json::to_writer(&mut self.out, &line)
                .map_err(|e| e.to_string())
                .and_then(|()| self.out.write_all(b"\n").map_err(|e| e.to_string()))
                .map_err(|e| format!("writing the session record {}: {e}", self.path.display()))?;
        }
        self.out
            .flush()
            .map_err(|e| format!("writing the session record {}: {e}", self.path.display()))
    }
}

/// One program's messages, in order.
pub fn messages(source: &str, outcome: &SandboxOutcome) -> Vec<Value> {
    let mut lines = vec![json!({
        "kind": "assistant",
        "turn": outcome.turn,
        "arm": outcome.arm,
        "content": source,
    })];
    if outcome.calls_dropped > 0 {
        lines.push(json!({
            "kind": "calls_dropped",
            "turn": outcome.turn,
            "count": outcome.calls_dropped,
        }));
    }
    for call in &outcome.calls {
        lines.push(json!({
            "kind": "tool_call",
            "id": call.id,
            "name": call.operation,
            "arguments": call.args,
        }));
        lines.push(json!({
            "kind": "tool_result",
            "id": call.id,
            "ok": call.ok,
            "content": call.result,
            "error": call.error,
        }));
    }
    for skill in &outcome.pinned_skills {
        lines.push(json!({
            "kind": "user",
            "pinned_skill": skill.name,
            "content": skill.body,
        }));
    }
    lines
}
