//! The record of a program's calls: head and tail kept, the middle counted, big strings abbreviated.

use std::collections::VecDeque;

use serde::Serialize;
use serde_json::Value;

use crate::api::tools::ToolError;
use crate::wire::ErrorCode;

/// Calls kept from the start of a program, and again from its end: a flood of a million calls
/// still shows how it began and what it did last.
pub const RECORD_HEAD: usize = 500;
pub const RECORD_TAIL: usize = 500;
/// Bytes of one string argument or result kept in the record (the call itself gets all of it).
pub const RECORD_MAX_STRING: usize = 4096;
/// Bytes (of compact JSON) one call's arguments, and again its result, keep in the record: a list
/// past it keeps its first items and ends with a string `… N more items (M in all)`. 16 KiB is
/// four whole strings at [`RECORD_MAX_STRING`]; 9,999 keywords of 4 KiB recorded 41 MB a call.
pub const RECORD_MAX_VALUE: usize = 16 * 1024;
/// Bytes the record's head keeps, and again its tail, beside the counts: 1 MiB each, so the
/// whole record is at most 2 MiB however the calls are shaped ([`RECORD_MAX_VALUE`] twice a
/// call would allow 32 MiB over 1,000 calls).
pub const RECORD_END_BYTES: usize = 1 << 20;

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
    /// A call with its arguments and result already in the wire's JSON mapping, each bounded to
    /// [`RECORD_MAX_VALUE`].
    pub(crate) fn new(ordinal: u64, operation: &'static str, args: Value, result: Result<Value, &ToolError>) -> Self {
        let (ok, error, result) = match result {
            Ok(value) => (true, None, Some(abbreviate(value))),
            Err(e) => (
                false,
                Some(RecordedError {
                    code: code_name(e.code),
                    message: abbreviate_str(&e.message),
                }),
                None,
            ),
        };
        Self {
            id: format!("program:{ordinal}:{operation}"),
            operation,
            ok,
            error,
            args: abbreviate(args),
            result,
        }
    }

    /// The bytes of this call's compact JSON, near enough to bound the record by (the fixed
    /// fields' spelling counted as a constant).
    fn size(&self) -> usize {
        const FIXED: usize = 96;
        FIXED
            + self.id.len()
            + self.operation.len()
            + json_size(&self.args)
            + self.result.as_ref().map_or(4, json_size)
            + self.error.as_ref().map_or(4, |e| e.code.len() + json_len(&e.message))
    }
}

/// The calls of one program, bounded in count and in bytes at both ends.
#[derive(Debug, Default)]
pub struct CallRecords {
    head: Vec<CallRecord>,
    head_bytes: usize,
    /// Once a call did not fit the head, every later one goes to the tail.
    head_full: bool,
    tail: VecDeque<(CallRecord, usize)>,
    tail_bytes: usize,
    dropped: u64,
}

impl CallRecords {
    pub(crate) fn push(&mut self, call: CallRecord) {
        let size = call.size();
        if !self.head_full && self.head.len() < RECORD_HEAD && self.head_bytes + size <= RECORD_END_BYTES {
            self.head_bytes += size;
            self.head.push(call);
            return;
        }
        self.head_full = true;
        self.tail_bytes += size;
        self.tail.push_back((call, size));
        while self.tail.len() > RECORD_TAIL || (self.tail_bytes > RECORD_END_BYTES && self.tail.len() > 1) {
            let (_, evicted) = self.tail.pop_front().expect("non-empty while over a bound");
            self.tail_bytes -= evicted;
            self.dropped += 1;
        }
    }

    /// The kept calls in order, and how many between head and tail were dropped.
    pub fn into_parts(self) -> (Vec<CallRecord>, u64) {
        let mut calls = self.head;
        calls.extend(self.tail.into_iter().map(|(call, _)| call));
        (calls, self.dropped)
    }
}

/// The bytes `s` takes inside a JSON string (its quotes not counted).
pub(crate) fn json_len(s: &str) -> usize {
    s.bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum()
}

/// The bytes of `v` as compact JSON.
fn json_size(v: &Value) -> usize {
    match v {
        Value::String(s) => json_len(s) + 2,
        Value::Array(items) => 2 + items.iter().map(|i| json_size(i) + 1).sum::<usize>(),
        Value::Object(map) => 2 + map.iter().map(|(k, v)| json_len(k) + 4 + json_size(v)).sum::<usize>(),
        other => other.to_string().len(),
    }
}

/// The longest prefix of `s` that takes at most `max` bytes inside a JSON string, cut at a
/// character boundary.
fn json_prefix(s: &str, max: usize) -> &str {
    let mut used = 0;
    for (i, c) in s.char_indices() {
        let mut buf = [0u8; 4];
        used += json_len(c.encode_utf8(&mut buf));
        if used > max {
            return &s[..i];
        }
    }
    s
}

/// A string as the record keeps it: at most [`RECORD_MAX_STRING`] bytes of JSON, the cut said.
pub(crate) fn abbreviate_str(s: &str) -> String {
    abbreviate_str_within(s, RECORD_MAX_STRING)
}

fn abbreviate_str_within(s: &str, max: usize) -> String {
    if s.len() <= max && json_len(s) <= max {
        return s.to_owned();
    }
    // Already cut (a value abbreviated on its way in, then as the record keeps it): cutting it
    // again would replace the original size with the size of the cut.
    if let Some(at) = s.rfind("… (")
        && s.len() - at <= 48
        && s.ends_with(" bytes in all)")
        && json_len(&s[..at]) <= max
    {
        return s.to_owned();
    }
    format!("{}… ({} bytes in all)", json_prefix(s, max), s.len())
}

/// A value as the record keeps it: strings at most [`RECORD_MAX_STRING`], the whole about
/// [`RECORD_MAX_VALUE`] bytes of JSON, lists cut to what fits.
pub(crate) fn abbreviate(value: Value) -> Value {
    let mut budget = RECORD_MAX_VALUE;
    shrink(value, &mut budget)
}

/// A list of strings as the record keeps it, taking only what is kept from `items`.
pub(crate) fn abbreviate_strs(items: &[String]) -> Value {
    let mut budget = RECORD_MAX_VALUE;
    shrink_items(
        items.len(),
        items.iter().map(|s| Value::String(abbreviate_str(s))),
        &mut budget,
    )
}

/// `value` within `budget` bytes of JSON (less what it took).
fn shrink(value: Value, budget: &mut usize) -> Value {
    match value {
        Value::String(s) => {
            let kept = abbreviate_str_within(&s, RECORD_MAX_STRING.min(*budget));
            *budget = budget.saturating_sub(json_len(&kept) + 2);
            Value::String(kept)
        }
        Value::Array(items) => shrink_items(items.len(), items.into_iter(), budget),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    *budget = budget.saturating_sub(json_len(&k) + 4);
                    let v = shrink(v, budget);
                    (k, v)
                })
                .collect(),
        ),
        other => {
            *budget = budget.saturating_sub(other.to_string().len() + 1);
            other
        }
    }
}

/// The first of `total` items that fit `budget`, then `… N more items (M in all)`.
fn shrink_items(total: usize, items: impl Iterator<Item = Value>, budget: &mut usize) -> Value {
    *budget = budget.saturating_sub(2);
    let mut kept = Vec::new();
    for item in items {
        if *budget == 0 {
            break;
        }
        kept.push(shrink(item, budget));
        *budget = budget.saturating_sub(1);
    }
    if kept.len() < total {
        kept.push(Value::String(format!(
            "… {} more items ({total} in all)",
            total - kept.len()
        )));
    }
    Value::Array(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_of_long_strings_keeps_what_fits_and_counts_the_rest() {
        let keywords = vec!["k".repeat(4096); 9_999];
        let kept = abbreviate_strs(&keywords);
        let items = kept.as_array().unwrap();
        // Three whole keywords, the fourth cut to what was left, and the count.
        assert_eq!(items.len(), 5);
        assert!(items[3].as_str().unwrap().ends_with("… (4096 bytes in all)"));
        assert_eq!(items[4], "… 9995 more items (9999 in all)");
        assert!(json_size(&kept) <= RECORD_MAX_VALUE + 64, "{}", json_size(&kept));
        assert_eq!(abbreviate(serde_json::json!(keywords)), kept);
    }

    #[test]
    fn escapes_count_as_the_json_spells_them() {
        let s = "\u{1}".repeat(RECORD_MAX_STRING);
        let kept = abbreviate_str(&s);
        assert!(json_len(&kept) <= RECORD_MAX_STRING + 32, "{}", json_len(&kept));
        assert!(kept.ends_with(&format!("… ({} bytes in all)", s.len())));
        assert_eq!(abbreviate_str(&kept), kept, "a cut string is not cut again");
        assert_eq!(
            json_size(&Value::String("a\"\n\u{1}".into())),
            serde_json::to_string("a\"\n\u{1}").unwrap().len()
        );
    }

    #[test]
    fn the_record_keeps_a_megabyte_at_each_end_and_counts_the_middle() {
        let mut calls = CallRecords::default();
        let big = Value::String("x".repeat(RECORD_MAX_STRING));
        for ordinal in 1..=2_000 {
            let args = serde_json::json!({ "a": big, "b": big, "c": big });
            calls.push(CallRecord::new(ordinal, "views.open_text", args, Ok(Value::Null)));
        }
        let (kept, dropped) = calls.into_parts();
        let bytes: usize = kept.iter().map(|c| serde_json::to_string(c).unwrap().len()).sum();
        assert!(bytes <= 2 * RECORD_END_BYTES, "{bytes}");
        assert_eq!(kept.len() as u64 + dropped, 2_000);
        assert_eq!(kept[0].id, "program:1:views.open_text");
        assert_eq!(kept.last().unwrap().id, "program:2000:views.open_text");
    }
}
