//! `WireHarness` (feature `testing`): one program's store state with no guest behind it, driven by
//! operation id and JSON arguments exactly as a core module drives `gg-wire.call`, and the check
//! every reply must pass. The fuzz target `wire` and the replay of its corpus run through it.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde_json::Value;

use crate::engine::clock::{GuestClock, RunBudget};
use crate::engine::limits::MemoryCap;
use crate::program::capture::{SharedLogs, SharedStderr};
use crate::program::membrane::{Grant, Membrane, MembraneSetup};
use crate::program::session::SessionState;
use crate::program::store::{GuestReach, GuestStdout, StoreState, guest_context};
use crate::testing::MemoryTools;
use crate::wire::EndingKind;
use crate::wire::json::{WitType, WitTypes};

/// The budget of one harness program: a fuzzed `shell.run("sleep 1e9")` ends at it.
const BUDGET: Duration = Duration::from_millis(200);

/// One program's state, every operation granted, [`MemoryTools`] behind it.
pub struct WireHarness {
    state: StoreState,
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

impl Default for WireHarness {
    fn default() -> Self {
        Self::new()
    }
}

impl WireHarness {
    /// A fresh program: empty tools but the surface's skill, a fresh session, the library on.
    pub fn new() -> Self {
        let setup = MembraneSetup {
            tools: Arc::new(MemoryTools::for_surface()),
            runtime: runtime().handle().clone(),
            arm: Arc::new(crate::program::testing_arm::NamedArm("wire", &["wire"])),
            grant: Grant::every(),
            budget: RunBudget::lasting(BUDGET),
            ending_kind: EndingKind::Review,
            library: true,
            session: SessionState::default(),
            logs: SharedLogs::default(),
        };
        let state = StoreState {
            wasi: guest_context(
                &GuestReach::Confined {
                    root: std::env::temp_dir(),
                    env: Vec::new(),
                    tmp: None,
                },
                SharedStderr::default(),
                GuestStdout::Withheld,
                0,
                true,
            ),
            table: Default::default(),
            memory: MemoryCap::new(64 << 20),
            clock: GuestClock::new(BUDGET),
            membrane: Membrane::new(setup),
            exit: None,
            wire: Default::default(),
            arm_data: None,
            library_memory: None,
        };
        Self { state }
    }

    /// Calls operation `id` with `args` through the wire and checks the reply (see [`check`]).
    pub fn call(&mut self, id: &str, args: &[u8]) -> Result<Value, String> {
        let reply = self.state.wire_call(id, args);
        let reply: Value =
            serde_json::from_slice(&reply).map_err(|e| format!("the reply is not JSON ({e}): {reply:?}"))?;
        check(id, &reply)?;
        Ok(reply)
    }
}

/// What every reply must be: `{"ok": value}` where `value` lifts back as the operation's result
/// type, or `{"err": {code, operation, message}}` with a code of the WIT's `error-code`, a message,
/// and the operation named (a reply the wire could not encode names none).
pub fn check(id: &str, reply: &Value) -> Result<(), String> {
    let types = crate::program::membrane::dispatch::types();
    let Some(object) = reply.as_object().filter(|o| o.len() == 1) else {
        return Err(format!("the reply is not one of ok or err: {reply}"));
    };
    if let Some(ok) = object.get("ok") {
        let sig = types
            .function(id)
            .ok_or_else(|| format!("{id} answered ok but is no operation"))?;
        return match &sig.ok {
            None if ok.is_null() => Ok(()),
            None => Err(format!("{id} has no result but answered {ok}")),
            Some(ty) => types
                .from_wit(ty, ok.clone())
                .map(drop)
                .map_err(|e| format!("{id}'s result does not lift back as its type ({e}): {ok}")),
        };
    }
    let err = object
        .get("err")
        .ok_or_else(|| format!("the reply is not one of ok or err: {reply}"))?;
    let codes = error_codes(types);
    let code = err["code"].as_str().unwrap_or_default();
    if !codes.contains(&code) {
        return Err(format!("the error's code is not an error-code: {err}"));
    }
    if err["message"].as_str().is_none_or(str::is_empty) {
        return Err(format!("the error has no message: {err}"));
    }
    // Decided by structure, not words: every refusal of a call names the call, and the wire's own
    // failure (a reply it could not encode) names none.
    if err["operation"].as_str() != Some(id) {
        return Err(format!("the error does not name the operation {id}: {err}"));
    }
    Ok(())
}

fn error_codes(types: &WitTypes) -> Vec<&str> {
    match types.named_type("types", "error-code") {
        Some(WitType::Enum { cases, .. }) => cases.iter().map(|c| c.wit_name.as_str()).collect(),
        _ => Vec::new(),
    }
}

/// The most calls one input makes.
pub const MAX_CALLS: usize = 16;

/// Runs an input of the wire's text in one fresh program: each line `OPERATION JSON-ARGUMENTS`
/// (the arguments may be empty), up to [`MAX_CALLS`]; the first reply that fails [`check`] is the
/// error. Bytes that are not UTF-8 are read lossily (a core module may send any bytes as
/// arguments; the operation id must be text).
pub fn run_lines(data: &[u8]) -> Result<(), String> {
    let mut harness = WireHarness::new();
    for line in data.split(|&b| b == b'\n').take(MAX_CALLS) {
        let split = line.iter().position(|&b| b == b' ').unwrap_or(line.len());
        let (id, args) = line.split_at(split);
        let id = String::from_utf8_lossy(id);
        harness
            .call(&id, args)
            .map_err(|e| format!("{}: {e}", String::from_utf8_lossy(line)))?;
    }
    Ok(())
}
