//! The program library: one entry per submitted program, under its turn, with the source that ran.

use serde::{Deserialize, Serialize};

use crate::wire::ProgramSummary;

/// One program as the library keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramEntry {
    pub turn: u32,
    pub arm: String,
    /// The source that executed (the model's text, as the guest received it).
    pub source: String,
    pub ok: bool,
    /// The outcome's status and first line of its error, when it failed.
    pub error: Option<String>,
}

/// Every program of a session, oldest first, keeping the newest `retention` entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramLibrary {
    entries: Vec<ProgramEntry>,
    /// Entries kept; `None` keeps every one.
    retention: Option<usize>,
    next_turn: u32,
}

impl Default for ProgramLibrary {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
            retention: None,
            next_turn: 1,
        }
    }
}

impl ProgramLibrary {
    pub fn with_retention(retention: Option<usize>) -> Self {
        Self {
            retention,
            ..Self::default()
        }
    }

    pub fn set_retention(&mut self, retention: Option<usize>) {
        self.retention = retention;
        self.trim();
    }

    /// The turn the next program will be filed under.
    pub fn next_turn(&self) -> u32 {
        self.next_turn
    }

    pub fn push(&mut self, entry: ProgramEntry) {
        self.next_turn = self.next_turn.max(entry.turn + 1);
        self.entries.push(entry);
        self.trim();
    }

    fn trim(&mut self) {
        if let Some(keep) = self.retention {
            let excess = self.entries.len().saturating_sub(keep);
            self.entries.drain(..excess);
        }
    }

    pub fn entries(&self) -> &[ProgramEntry] {
        &self.entries
    }

    pub fn get(&self, turn: u32) -> Option<&ProgramEntry> {
        self.entries.iter().find(|e| e.turn == turn)
    }

    pub fn latest(&self) -> Option<&ProgramEntry> {
        self.entries.last()
    }

    pub fn summaries(&self) -> Vec<ProgramSummary> {
        self.entries
            .iter()
            .map(|e| ProgramSummary {
                turn: e.turn,
                lines: e.source.lines().count() as u32,
                chars: e.source.chars().count() as u32,
                ok: e.ok,
                error: e.error.clone(),
            })
            .collect()
    }

    /// `turns 3–7` or `no programs`, for a refusal that says what exists.
    pub fn describe_turns(&self) -> String {
        match (self.entries.first(), self.entries.last()) {
            (Some(a), Some(b)) if a.turn == b.turn => format!("turn {}", a.turn),
            (Some(a), Some(b)) => format!("turns {}–{}", a.turn, b.turn),
            _ => "no programs".to_owned(),
        }
    }
}
