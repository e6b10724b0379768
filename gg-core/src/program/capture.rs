//! Bounded capture: a guest's stderr (head and tail) and a program's log lines (tail).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Bytes kept from each end of stderr: anything up to 8 KiB reaches the model whole (spec: the guest context).
pub const STDERR_END_BYTES: usize = 4096;

/// A guest's stderr: the first and last [`STDERR_END_BYTES`], with the middle counted.
#[derive(Debug, Default)]
pub struct HeadTail {
    head: Vec<u8>,
    tail: VecDeque<u8>,
    /// Bytes written after the head filled (kept in `tail` or already evicted from it).
    after_head: u64,
    /// The byte just before the tail, once bytes have been evicted: a newline there means the
    /// tail already starts a line.
    before_tail: Option<u8>,
}

impl HeadTail {
    pub fn write(&mut self, mut bytes: &[u8]) {
        let room = STDERR_END_BYTES - self.head.len();
        if room > 0 {
            let take = room.min(bytes.len());
            self.head.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
        }
        self.after_head += bytes.len() as u64;
        let combined = self.tail.len() + bytes.len();
        if combined <= STDERR_END_BYTES {
            self.tail.extend(bytes);
            return;
        }
        // Drop `cut` bytes from the front of (tail ++ bytes), remembering the last one dropped.
        let cut = combined - STDERR_END_BYTES;
        let old = self.tail.len();
        self.before_tail = Some(if cut <= old {
            self.tail[cut - 1]
        } else {
            bytes[cut - 1 - old]
        });
        if cut >= old {
            self.tail.clear();
            self.tail.extend(&bytes[cut - old..]);
        } else {
            self.tail.drain(..cut);
            self.tail.extend(bytes);
        }
    }

    /// Total bytes written.
    pub fn total(&self) -> u64 {
        self.head.len() as u64 + self.after_head
    }

    /// The text a model reads: whole up to 8 KiB, else head, `… N bytes dropped`, tail, with each
    /// cut moved out to a line boundary and the moved bytes counted.
    pub fn render(&self) -> String {
        let tail: Vec<u8> = self.tail.iter().copied().collect();
        let gap = self.after_head - tail.len() as u64;
        if gap == 0 {
            let mut whole = self.head.clone();
            whole.extend_from_slice(&tail);
            return String::from_utf8_lossy(&whole).into_owned();
        }
        // The head keeps whole lines: cut back to just after its last newline, if it has one.
        let head_keep = match self.head.iter().rposition(|&b| b == b'\n') {
            Some(i) => i + 1,
            None => self.head.len(),
        };
        // The tail keeps whole lines: cut forward to just after its first newline, unless that
        // newline ends the tail (then the tail is one line and stays as it is).
        let tail_skip = match tail.iter().position(|&b| b == b'\n') {
            _ if self.before_tail == Some(b'\n') => 0,
            Some(i) if i + 1 < tail.len() => i + 1,
            _ => 0,
        };
        let dropped = gap + (self.head.len() - head_keep) as u64 + tail_skip as u64;
        let mut out = String::from_utf8_lossy(&self.head[..head_keep]).into_owned();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("… {dropped} bytes dropped\n"));
        out.push_str(&String::from_utf8_lossy(&tail[tail_skip..]));
        out
    }
}

/// A [`HeadTail`] shared between the guest's stderr stream and the host that reads it afterwards.
#[derive(Debug, Clone, Default)]
pub struct SharedStderr(pub Arc<Mutex<HeadTail>>);

impl SharedStderr {
    pub fn write(&self, bytes: &[u8]) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).write(bytes);
    }
    pub fn render(&self) -> String {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).render()
    }
}

/// Log lines kept per program (the tail): enough for a model to read, bounded against a flood.
pub const LOG_MAX_LINES: usize = 2000;
/// Bytes kept of one log line; the rest is replaced by a count.
pub const LOG_MAX_LINE_BYTES: usize = 4096;
/// Bytes kept across all log lines of one program (the tail).
pub const LOG_MAX_BYTES: usize = 256 * 1024;

/// A program's printed lines: the tail, bounded in lines, bytes per line and bytes overall.
#[derive(Debug, Default)]
pub struct LogTail {
    lines: VecDeque<String>,
    bytes: usize,
    dropped: u64,
}

impl LogTail {
    pub fn push(&mut self, line: String) {
        let line = clip(line, LOG_MAX_LINE_BYTES);
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.lines.len() > LOG_MAX_LINES || self.bytes > LOG_MAX_BYTES {
            let evicted = self.lines.pop_front().expect("non-empty while over a bound");
            self.bytes -= evicted.len();
            self.dropped += 1;
        }
    }

    /// The kept lines and how many earlier lines the bounds evicted.
    pub fn into_parts(self) -> (Vec<String>, u64) {
        (self.lines.into(), self.dropped)
    }
}

/// A program's log shared between the membrane's `feedback.log` and a guest stdout that is the
/// program's feedback: whole lines go to the [`LogTail`], a partial line waits for its newline.
#[derive(Debug, Clone, Default)]
pub struct SharedLogs(Arc<Mutex<(LogTail, Vec<u8>)>>);

impl SharedLogs {
    /// One whole line (the membrane's `feedback.log`).
    pub fn push(&self, line: String) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).0.push(line);
    }

    /// Bytes a guest wrote to its stdout: split at newlines; a line longer than the per-line bound
    /// is cut there rather than buffered without end.
    pub fn write(&self, mut bytes: &[u8]) {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (tail, partial) = &mut *guard;
        while let Some(i) = bytes.iter().position(|&b| b == b'\n') {
            partial.extend_from_slice(&bytes[..i]);
            let line = String::from_utf8_lossy(partial).into_owned();
            partial.clear();
            tail.push(line.strip_suffix('\r').map(str::to_owned).unwrap_or(line));
            bytes = &bytes[i + 1..];
        }
        let room = (LOG_MAX_LINE_BYTES + 64).saturating_sub(partial.len());
        partial.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    /// The kept lines (a last unterminated line included) and how many the bounds evicted.
    pub fn take(&self) -> (Vec<String>, u64) {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (tail, partial) = std::mem::take(&mut *guard);
        let mut tail = tail;
        if !partial.is_empty() {
            tail.push(String::from_utf8_lossy(&partial).into_owned());
        }
        tail.into_parts()
    }
}

/// `text` cut to at most `max` bytes at a char boundary, the cut stated in what is kept.
pub fn clip(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes dropped)", &text[..end], text.len() - end)
}

/// `text` cut to at most about `max` bytes keeping its head and its last line, the cut counted on
/// a line of its own between them: a traceback ends with the line naming what was raised, and a
/// trim keeps that line always. A last line over a quarter of `max` is cut like the rest.
pub fn clip_keeping_last_line(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let last = match text.trim_end_matches('\n').rfind('\n') {
        Some(i) => &text[i + 1..],
        None => return clip(text, max),
    };
    if last.len() > max / 4 {
        return clip(text, max);
    }
    let mut end = max.saturating_sub(last.len() + 64);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if let Some(i) = text[..end].rfind('\n') {
        end = i;
    }
    let dropped = text.len() - end - last.len();
    format!("{}\n… {dropped} bytes dropped\n{last}", &text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clipped_message_keeps_its_last_line() {
        let frames: String = (0..2000).map(|i| format!("  frame {i}\n")).collect();
        let text = format!("Traceback:\n{frames}RecursionError: maximum recursion depth exceeded");
        let out = clip_keeping_last_line(text.clone(), 4096);
        assert!(out.len() <= 4096, "{}", out.len());
        assert!(out.starts_with("Traceback:\n  frame 0\n"), "{out}");
        assert!(
            out.ends_with("\nRecursionError: maximum recursion depth exceeded"),
            "{out}"
        );
        let dropped: usize = out
            .lines()
            .find_map(|l| l.strip_prefix("… ")?.strip_suffix(" bytes dropped")?.parse().ok())
            .unwrap();
        let kept = out.len() - format!("\n… {dropped} bytes dropped\n").len();
        assert_eq!(kept + dropped, text.len());
        assert_eq!(clip_keeping_last_line("short".into(), 4096), "short");
    }

    fn lines(n: usize) -> Vec<u8> {
        (1..=n)
            .flat_map(|i| format!("line {i:06} {}\n", "x".repeat(51)).into_bytes())
            .collect()
    }

    #[test]
    fn stdout_bytes_become_lines_and_a_last_partial_line_is_kept() {
        let logs = SharedLogs::default();
        logs.write(b"one\ntw");
        logs.push("fed".into());
        logs.write(b"o\r\nthree");
        assert_eq!(
            logs.take(),
            (vec!["one".into(), "fed".into(), "two".into(), "three".into()], 0)
        );
    }

    #[test]
    fn up_to_8_kib_is_whole() {
        let mut h = HeadTail::default();
        let text = lines(128); // 128 * 64 = 8192 bytes
        for chunk in text.chunks(100) {
            h.write(chunk);
        }
        assert_eq!(h.render().as_bytes(), &text[..]);
    }

    #[test]
    fn over_8_kib_keeps_whole_lines_at_both_ends_and_counts_the_rest() {
        let mut h = HeadTail::default();
        let text = lines(129); // 8256 bytes: 64 in the middle
        h.write(&text);
        let out = h.render();
        // 4096 = 64 whole lines of 64 bytes; the tail's 4096 start on a line boundary too.
        assert_eq!(
            out,
            format!(
                "{}… 64 bytes dropped\n{}",
                String::from_utf8_lossy(&text[..4096]),
                String::from_utf8_lossy(&text[4160..])
            )
        );
    }

    #[test]
    fn a_cut_inside_a_line_moves_out_and_is_counted() {
        let mut h = HeadTail::default();
        let mut text = b"a".repeat(10);
        text.push(b'\n');
        text.extend(lines(200)); // 11 + 12800 bytes
        h.write(&text);
        let out = h.render();
        let dropped: u64 = out
            .lines()
            .find_map(|l| l.strip_prefix("… ")?.strip_suffix(" bytes dropped")?.parse().ok())
            .unwrap();
        let kept = out.len() as u64 - format!("… {dropped} bytes dropped\n").len() as u64;
        assert_eq!(kept + dropped, text.len() as u64);
        assert!(
            out.lines().filter(|l| l.starts_with("line")).all(|l| l.len() == 63),
            "a line was cut: {out}"
        );
    }
}
