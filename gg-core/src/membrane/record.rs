//! The record of a program's calls: head and tail kept, the middle counted, big strings abbreviated.

use std::collections::VecDeque;

use serde::Serialize;
use serde_json::Value;

use crate::tools::ToolError;
use crate::wire::ErrorCode;

/// Calls kept from the start of a program, and again from its end: a flood of a million calls
/// still shows how it began and what it did last.
pub const RECORD_HEAD: usize = 500;
pub const RECORD_TAIL: usize = 500;
/// Bytes of one string argument or result kept in the record (the call itself gets all of it).
pub const RECORD_MAX_STRING: usize = 4096;

/// The wire's own name for an error code, as the WIT spells it.
pub fn code_name(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::InvalidArgument => "invalid-argument",
        ErrorCode::NotFound => "not-found",
        ErrorCode::Conflict => "conflict",
        ErrorCode::Refused => "refused",
        ErrorCode::Unavailable => "unavailable",
        ErrorCode::LimitExceeded => "limit-exceeded",
        ErrorCode::IoError => "io-error",
        ErrorCode::Other => "other",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordedError {
    pub code: &'static str,
    pub message: String,
}

/// One membrane call as the session record carries it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallRecord {
    /// `program:{ordinal}:{operation}`.
    pub id: String,
    pub operation: &'static str,
    pub ok: bool,
    pub error: Option<RecordedError>,
    pub args: Value,
    pub result: Option<Value>,
}

impl CallRecord {
    /// A call with its arguments and result already in the wire's JSON mapping.
    pub(crate) fn new(ordinal: u64, operation: &'static str, args: Value, result: Result<Value, &ToolError>) -> Self {
        let (ok, error, result) = match result {
            Ok(value) => (true, None, Some(abbreviate(value))),
            Err(e) => (
                false,
                Some(RecordedError {
                    code: code_name(e.code),
                    message: e.message.clone(),
                }),
                None,
            ),
        };
        Self {
            id: format!("program:{ordinal}:{operation}"),
            operation,
            ok,
            error,
            args,
            result,
        }
    }
}

/// The calls of one program, bounded.
#[derive(Debug, Default)]
pub struct CallRecords {
    head: Vec<CallRecord>,
    tail: VecDeque<CallRecord>,
    dropped: u64,
}

impl CallRecords {
    pub(crate) fn push(&mut self, call: CallRecord) {
        if self.head.len() < RECORD_HEAD {
            self.head.push(call);
            return;
        }
        self.tail.push_back(call);
        if self.tail.len() > RECORD_TAIL {
            self.tail.pop_front();
            self.dropped += 1;
        }
    }

    /// The kept calls in order, and how many between head and tail were dropped.
    pub fn into_parts(self) -> (Vec<CallRecord>, u64) {
        let mut calls = self.head;
        calls.extend(self.tail);
        (calls, self.dropped)
    }
}

pub(crate) fn abbreviate_str(s: &str) -> String {
    if s.len() <= RECORD_MAX_STRING {
        return s.to_owned();
    }
    let mut end = RECORD_MAX_STRING;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes in all)", &s[..end], s.len())
}

pub(crate) fn abbreviate(value: Value) -> Value {
    match value {
        Value::String(s) if s.len() > RECORD_MAX_STRING => Value::String(abbreviate_str(&s)),
        Value::Array(items) => Value::Array(items.into_iter().map(abbreviate).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, abbreviate(v))).collect()),
        other => other,
    }
}
