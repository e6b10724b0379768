//! The program's standard streams: libc's `write` and `writev` wrapped at link time. Stdout goes
//! to `feedback.log` a line at a time; stderr goes on to the host (which captures it) with its
//! last few KiB kept here for the `Error: …` text std writes for an `Err` from `main`.

use std::cell::RefCell;

use crate::bindings::gg::sandbox::feedback;

/// A line longer than this is logged in pieces (the host bounds logs again).
const MAX_LINE: usize = 16 * 1024;
/// How much of stderr's end is kept for `main_error_text`.
const STDERR_TAIL: usize = 4 * 1024;

thread_local! {
    static STDOUT_LINE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static STDERR_END: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[repr(C)]
pub struct IoVec {
    base: *const u8,
    len: usize,
}

unsafe extern "C" {
    fn __real_write(fd: i32, buf: *const u8, len: usize) -> isize;
    fn __real_writev(fd: i32, iov: *const IoVec, count: i32) -> isize;
}

fn stdout(bytes: &[u8]) {
    STDOUT_LINE.with(|line| {
        let mut line = line.borrow_mut();
        for &b in bytes {
            if b == b'\n' {
                log(&line);
                line.clear();
            } else {
                line.push(b);
                if line.len() >= MAX_LINE {
                    log(&line);
                    line.clear();
                }
            }
        }
    });
}

fn log(line: &[u8]) {
    feedback::log(&String::from_utf8_lossy(line));
}

/// Logs what stdout holds after its last newline.
pub fn flush_stdout() {
    STDOUT_LINE.with(|line| {
        let mut line = line.borrow_mut();
        if !line.is_empty() {
            log(&line);
            line.clear();
        }
    });
}

fn keep_stderr(bytes: &[u8]) {
    STDERR_END.with(|end| {
        let mut end = end.borrow_mut();
        end.extend_from_slice(bytes);
        if end.len() > STDERR_TAIL {
            let cut = end.len() - STDERR_TAIL;
            end.drain(..cut);
        }
    });
}

/// The text of std's `Error: {err:?}` line (possibly several lines for a pretty Debug), if
/// stderr's kept end holds one at a line start.
pub fn main_error_text() -> Option<String> {
    STDERR_END.with(|end| {
        let text = String::from_utf8_lossy(&end.borrow()).into_owned();
        let start = if text.starts_with("Error: ") {
            0
        } else {
            text.rfind("\nError: ")? + 1
        };
        Some(text[start + "Error: ".len()..].trim_end().to_owned())
    })
}

/// libc's `write`, as the program's link wraps it.
///
/// # Safety
/// `buf` points at `len` readable bytes (libc's contract).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __wrap_write(fd: i32, buf: *const u8, len: usize) -> isize {
    match fd {
        1 => {
            // SAFETY: libc's contract for `write`.
            stdout(unsafe { std::slice::from_raw_parts(buf, len) });
            len as isize
        }
        2 => {
            // SAFETY: libc's contract for `write`.
            keep_stderr(unsafe { std::slice::from_raw_parts(buf, len) });
            // SAFETY: forwarded as received.
            unsafe { __real_write(fd, buf, len) }
        }
        // SAFETY: forwarded as received.
        _ => unsafe { __real_write(fd, buf, len) },
    }
}

/// libc's `writev`, as the program's link wraps it.
///
/// # Safety
/// `iov` points at `count` valid buffers (libc's contract).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __wrap_writev(fd: i32, iov: *const IoVec, count: i32) -> isize {
    if fd != 1 && fd != 2 {
        // SAFETY: forwarded as received.
        return unsafe { __real_writev(fd, iov, count) };
    }
    // SAFETY: libc's contract for `writev`.
    let buffers = unsafe { std::slice::from_raw_parts(iov, count.max(0) as usize) };
    let mut total = 0isize;
    for b in buffers {
        // SAFETY: each buffer is `len` readable bytes.
        let n = unsafe { __wrap_write(fd, b.base, b.len) };
        if n < 0 {
            return if total > 0 { total } else { n };
        }
        total += n;
        if (n as usize) < b.len {
            break;
        }
    }
    total
}
