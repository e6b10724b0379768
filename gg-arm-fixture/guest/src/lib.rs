//! The fixture guest: runs a one-command-a-line program that does, on command, what a ceiling must stop.
//!
//! Lines are numbered from 1; blank ones and those starting with `#` are skipped; leading spaces are
//! dropped; a command's argument is the rest of its line after one space. A failure is reported
//! with `feedback.report-error` at {file "program", line, column 1} and ends the run.
//!
//! | command | does |
//! | --- | --- |
//! | `log TEXT` | logs TEXT (may be empty) |
//! | `loop` | spins forever |
//! | `spin MS` | busy-waits MS ms of wall clock |
//! | `sleep MS` / `sleep-hops N MS` | one sleep of MS ms / N of them |
//! | `grow` | holds 1 MiB chunks (try_reserve) until one fails, then reports it (kind other) |
//! | `grow-abort` | holds 1 MiB chunks (infallible) until the allocator aborts: a trap |
//! | `recurse` | recurses until the wasm stack overflows: a trap |
//! | `stderr BYTES` | writes exactly BYTES bytes to stderr, see [`stderr`] |
//! | `exit N` | `std::process::exit(N)` |
//! | `trap` | executes `unreachable` |
//! | `fail MESSAGE` / `unknown NAME` | reports kind other MESSAGE / kind unknown-name `NAME is not defined` |
//! | `module-error NAME MESSAGE` | `feedback.report-module-error` |
//! | `open-read PATH` | opens PATH for reading through WASI (a FIFO with no writer waits) |
//! | `read-log PATH` / `read-log-rw PATH` | opens PATH for reading / for reading and writing, reads one chunk and logs it |
//! | `write-to PATH TEXT` | opens PATH (which must exist) for writing, writes all of TEXT, logs `wrote N bytes` |
//! | `return` | `feedback.note-return` |
//! | `env NAME` | logs `NAME=VALUE` or `NAME unset` |
//! | `lookup HOST` / `connect ADDR` | name lookup / a TCP connection through WASI sockets, logged `… ok` or `… err MESSAGE` |
//! | `read-host PATH` | reads PATH through WASI, logs `read-host PATH ok N bytes` or `… err MESSAGE` |
//! | `modules` | logs `module KEY: N bytes` per code module |
//! | `grant` | logs `grant: a,b`, `ending: none`, `library: false` |
//! | `repeat N COMMAND...` | runs COMMAND N times |
//! | `op OPERATION JSON` | calls it, logs `OPERATION ok JSON` or `OPERATION err CODE: MESSAGE` (see [`ops`]) |
//! | `raise OPERATION JSON` | as `op`, but an err is reported (kind api-failure) and ends the run |
//! | `ping N` | calls `views.current` N times, logging nothing (the membrane round trip) |
//! | `bigloop N BYTES` | writes one string of BYTES `x`s to big.txt N times, logging nothing |
//! | `big BYTES` | writes BYTES `x`s to big.txt, reads it back, logs `wrote W bytes, read R bytes` |

// The generated export of `run` takes eight flat parameters.
#![allow(clippy::too_many_arguments)]

mod ops;

wit_bindgen::generate!({
    path: "../../gg-core/wit/gg-sandbox.wit",
    world: "sandbox",
    additional_derives: [serde::Serialize, serde::Deserialize],
});

use core::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

use gg::sandbox::feedback::{self, ErrorKind, Location, ProgramError};
use gg::sandbox::files;
use gg::sandbox::types::ErrorCode;

struct Fixture;

export!(Fixture);

impl Guest for Fixture {
    fn run(program: String, modules: Vec<CodeModule>, operations: Vec<String>, ending: EndingKind, library: bool) {
        let run = Run {
            modules,
            operations,
            ending,
            library,
        };
        for (index, text) in program.lines().enumerate() {
            let text = text.trim_start();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
            if run.exec(line, text).is_err() {
                return;
            }
        }
    }

    fn bound_operations() -> Vec<String> {
        ops::sorted()
    }
}

/// The program failed and reported it; the run ends.
struct Stop;

/// What `run` was handed besides the program.
struct Run {
    modules: Vec<CodeModule>,
    operations: Vec<String>,
    ending: EndingKind,
    library: bool,
}

const MIB: usize = 1 << 20;

impl Run {
    fn exec(&self, line: u32, command: &str) -> Result<(), Stop> {
        let (word, rest) = command.split_once(' ').unwrap_or((command, ""));
        match word {
            "log" => feedback::log(rest),
            "open-read" => {
                std::fs::File::open(rest).map_err(|e| fail(line, ErrorKind::Other, None, format!("{rest}: {e}")))?;
            }
            "read-log" | "read-log-rw" => {
                use std::io::Read;
                let io = |e: std::io::Error| fail(line, ErrorKind::Other, None, format!("{rest}: {e}"));
                let write = word == "read-log-rw";
                let mut f = std::fs::OpenOptions::new().read(true).write(write).open(rest).map_err(io)?;
                let mut buf = [0u8; 256];
                let n = f.read(&mut buf).map_err(io)?;
                feedback::log(&String::from_utf8_lossy(&buf[..n]));
            }
            "write-to" => {
                use std::io::Write;
                let (path, text) = rest.split_once(' ').unwrap_or((rest, ""));
                let io = |e: std::io::Error| fail(line, ErrorKind::Other, None, format!("{path}: {e}"));
                let mut f = std::fs::OpenOptions::new().write(true).open(path).map_err(io)?;
                f.write_all(text.as_bytes()).map_err(io)?;
                feedback::log(&format!("wrote {} bytes", text.len()));
            }
            "loop" => {
                let mut counter = 0u64;
                loop {
                    counter = black_box(counter.wrapping_add(1));
                }
            }
            "spin" => {
                let until = Duration::from_millis(number(line, word, rest)?);
                let start = Instant::now();
                let mut counter = 0u64;
                while start.elapsed() < until {
                    counter = black_box(counter.wrapping_add(1));
                }
            }
            "sleep" => std::thread::sleep(Duration::from_millis(number(line, word, rest)?)),
            "sleep-hops" => {
                let (hops, ms) = rest.trim().split_once(' ').unwrap_or((rest, ""));
                let (hops, ms): (u64, u64) = (number(line, word, hops)?, number(line, word, ms)?);
                for _ in 0..hops {
                    std::thread::sleep(Duration::from_millis(ms));
                }
            }
            "grow" => {
                let held = grow();
                let message = format!("memory allocation of {MIB} bytes failed after {held} MiB");
                return Err(fail(line, ErrorKind::Other, None, message));
            }
            "grow-abort" => grow_abort(),
            "recurse" => {
                black_box(recurse(black_box(0)));
            }
            "stderr" => stderr(number(line, word, rest)?),
            "exit" => std::process::exit(number(line, word, rest)?),
            "trap" => core::arch::wasm32::unreachable(),
            "fail" => return Err(fail(line, ErrorKind::Other, None, rest.to_string())),
            "unknown" => {
                return Err(fail(
                    line,
                    ErrorKind::UnknownName,
                    None,
                    format!("{rest} is not defined"),
                ));
            }
            "module-error" => {
                let (name, message) = rest.split_once(' ').unwrap_or((rest, ""));
                feedback::report_module_error(name, message);
            }
            "return" => feedback::note_return(),
            "env" => match std::env::var(rest) {
                Ok(value) => feedback::log(&format!("{rest}={value}")),
                Err(_) => feedback::log(&format!("{rest} unset")),
            },
            "lookup" => match std::net::ToSocketAddrs::to_socket_addrs(&(rest, 80u16)) {
                Ok(addrs) => feedback::log(&format!("lookup {rest} ok {} addresses", addrs.count())),
                Err(e) => feedback::log(&format!("lookup {rest} err {e}")),
            },
            "connect" => match std::net::TcpStream::connect(rest) {
                Ok(mut stream) => {
                    let _ = stream.write_all(b"hello from the guest\n");
                    feedback::log(&format!("connect {rest} ok"));
                }
                Err(e) => feedback::log(&format!("connect {rest} err {e}")),
            },
            "read-host" => match std::fs::read(rest) {
                Ok(bytes) => feedback::log(&format!("read-host {rest} ok {} bytes", bytes.len())),
                Err(e) => feedback::log(&format!("read-host {rest} err {e}")),
            },
            "modules" => {
                for module in &self.modules {
                    feedback::log(&format!("module {}: {} bytes", module.key, module.source.len()));
                }
            }
            "grant" => {
                feedback::log(&format!("grant: {}", self.operations.join(",")));
                let ending = match self.ending {
                    EndingKind::None => "none",
                    EndingKind::Finish => "finish",
                    EndingKind::Review => "review",
                };
                feedback::log(&format!("ending: {ending}"));
                feedback::log(&format!("library: {}", self.library));
            }
            "repeat" => {
                let (times, inner) = rest.split_once(' ').unwrap_or((rest, ""));
                let times: u64 = number(line, word, times)?;
                for _ in 0..times {
                    self.exec(line, inner)?;
                }
            }
            "op" | "raise" => {
                let (id, json) = rest.split_once(' ').unwrap_or((rest, ""));
                let json = if json.trim().is_empty() { "{}" } else { json };
                let outcome = match ops::call(id, json) {
                    None => {
                        return Err(fail(line, ErrorKind::Other, None, format!("unknown operation: {id}")));
                    }
                    Some(Err(e)) => {
                        let message = format!("arguments of {id} do not parse: {e}");
                        return Err(fail(line, ErrorKind::Other, None, message));
                    }
                    Some(Ok(outcome)) => outcome,
                };
                match outcome {
                    Err(error) if word == "raise" => {
                        let message = format!("{id} failed ({}): {}", code_name(error.code), error.message);
                        return Err(fail(line, ErrorKind::ApiFailure, Some(error.code), message));
                    }
                    outcome => log_outcome(id, outcome),
                }
            }
            "ping" => {
                for _ in 0..number::<u64>(line, word, rest)? {
                    black_box(gg::sandbox::views::current().ok());
                }
            }
            "bigloop" => {
                let (times, bytes) = rest.trim().split_once(' ').unwrap_or((rest, ""));
                let (times, bytes): (u64, usize) = (number(line, word, times)?, number(line, word, bytes)?);
                let text = "x".repeat(bytes);
                for _ in 0..times {
                    black_box(files::write_file("big.txt", &text).ok());
                }
            }
            "big" => {
                let bytes: usize = number(line, word, rest)?;
                match files::write_file("big.txt", &"x".repeat(bytes)) {
                    Err(error) => log_outcome("files.write_file", Err(error)),
                    Ok(written) => match files::read_file("big.txt", None, None) {
                        Err(error) => log_outcome("files.read_file", Err(error)),
                        Ok(read) => {
                            feedback::log(&format!("wrote {written} bytes, read {} bytes", read.contents.len()))
                        }
                    },
                }
            }
            _ => {
                return Err(fail(line, ErrorKind::Other, None, format!("unknown command: {word}")));
            }
        }
        Ok(())
    }
}

/// Reports the program's failure at `line`.
fn fail(line: u32, kind: ErrorKind, code: Option<ErrorCode>, message: String) -> Stop {
    let location = Some(Location {
        file: "program".to_string(),
        line,
        column: 1,
    });
    feedback::report_error(&ProgramError {
        kind,
        code,
        message,
        location,
    });
    Stop
}

/// Parses a command's numeric argument, or reports that it is not one.
fn number<T: std::str::FromStr>(line: u32, command: &str, text: &str) -> Result<T, Stop> {
    text.trim().parse().map_err(|_| {
        let message = format!("{command}: `{}` is not a number", text.trim());
        fail(line, ErrorKind::Other, None, message)
    })
}

fn log_outcome(id: &str, outcome: ops::Outcome) {
    match outcome {
        Ok(json) => feedback::log(&format!("{id} ok {json}")),
        Err(error) => feedback::log(&format!("{id} err {}: {}", code_name(error.code), error.message)),
    }
}

fn code_name(code: ErrorCode) -> &'static str {
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

/// Holds 1 MiB chunks, every byte written, until a reservation fails; frees them and returns how
/// many it held (freed first, so the report that follows has memory to format in).
fn grow() -> usize {
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    loop {
        let mut chunk: Vec<u8> = Vec::new();
        if chunks.try_reserve(1).is_err() || chunk.try_reserve_exact(MIB).is_err() {
            return chunks.len();
        }
        chunk.resize(MIB, 1);
        chunks.push(black_box(chunk));
    }
}

/// Holds 1 MiB chunks with infallible allocation until the allocator aborts.
fn grow_abort() -> ! {
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    loop {
        chunks.push(vec![1u8; MIB]);
        black_box(&chunks);
    }
}

/// Non-tail recursion with no base case reachable in practice. Its frames live on the wasm stack
/// only (no address-taken locals, so nothing on the shadow stack in linear memory): the trap is
/// the host's stack overflow, not an out-of-bounds store.
#[inline(never)]
fn recurse(depth: u64) -> u64 {
    if depth == u64::MAX {
        return depth;
    }
    let below = recurse(depth + 1);
    below.rotate_left((depth & 63) as u32) ^ depth.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Writes exactly `bytes` bytes to stderr, one write per line: lines of 64 bytes,
/// `line NNNNNN ` (1-based number mod 1000000, six digits) then `x`s then `\n`; a last line shorter
/// than 64 bytes is `x`s then `\n`. Write errors are ignored.
fn stderr(bytes: usize) {
    const WIDTH: usize = 64;
    let mut out = std::io::stderr();
    let mut line = [b'x'; WIDTH];
    line[WIDTH - 1] = b'\n';
    for number in 1..=bytes / WIDTH {
        line[..12].copy_from_slice(format!("line {:06} ", number % 1_000_000).as_bytes());
        let _ = out.write_all(&line);
    }
    let tail = bytes % WIDTH;
    if tail > 0 {
        let mut last = vec![b'x'; tail];
        last[tail - 1] = b'\n';
        let _ = out.write_all(&last);
    }
}
