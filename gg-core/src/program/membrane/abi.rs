//! The wire's import module for core-module guests: `gg-wire.call` and `gg-wire.read`.
//!
//! ```text
//! (import "gg-wire" "call" (func (param $op i32) (param $op_len i32) (param $args i32) (param $args_len i32) (result i32)))
//! (import "gg-wire" "read" (func (param $dst i32) (param $dst_len i32) (result i32)))
//! ```
//! `call` takes the operation id and its arguments (UTF-8 JSON in the wire's mapping) from the
//! guest's exported `memory` (or its libraries', `core_host::CoreLibrary`), performs the operation, holds the reply (`{"ok": …}` or
//! `{"err": {code, operation, message}}`) and returns its length in bytes. `read` copies the next
//! `dst_len` bytes of the held reply to `dst` and returns how many it copied (0 once it is all
//! read; -1 if `dst` lies outside memory). The guest allocates; the host never calls into it, so
//! any language that can pass two pointers and read an `i32` can use it.

use wasmtime::{Caller, Extern, Linker};

use crate::program::store::StoreState;

/// The import module's name.
pub const MODULE: &str = "gg-wire";

/// The reply a guest has yet to read.
#[derive(Debug, Default)]
pub struct HeldReply {
    bytes: Vec<u8>,
    read: usize,
}

impl StoreState {
    /// The wire's one JSON entry point: operation `id` with `args` (a JSON object in the wire's
    /// mapping; empty means no arguments) → the JSON reply. Arm-supplied host functions reach the
    /// membrane through this, under the same bracket and record as every call.
    pub fn wire_call(&mut self, id: &str, args: &[u8]) -> Vec<u8> {
        let reply = super::dispatch::call(self, id, args);
        serde_json::to_vec(&reply).unwrap_or_else(|_| {
            b"{\"err\":{\"code\":\"other\",\"operation\":\"\",\"message\":\"unencodable reply\"}}".to_vec()
        })
    }
}

/// Adds `gg-wire.call` and `gg-wire.read` to a core module's linker.
pub(crate) fn add_to_linker(linker: &mut Linker<StoreState>) -> wasmtime::Result<()> {
    linker.func_wrap(
        MODULE,
        "call",
        |mut caller: Caller<'_, StoreState>, op: i32, op_len: i32, args: i32, args_len: i32| -> i32 {
            let taken = memory(&mut caller).and_then(|m| {
                let data = m.data(&caller);
                let op = slice(data, op, op_len).ok_or("the operation id lies outside linear memory")?;
                let op = std::str::from_utf8(op)
                    .map_err(|_| "the operation id is not UTF-8")?
                    .to_owned();
                let args = slice(data, args, args_len).ok_or("the arguments lie outside linear memory")?;
                Ok((op, args.to_vec()))
            });
            let reply = match taken {
                Ok((op, args)) => caller.data_mut().wire_call(&op, &args),
                Err(why) => {
                    let v = crate::wire::json::WitTypes::err_reply("invalid-argument", "", why);
                    serde_json::to_vec(&v).unwrap_or_default()
                }
            };
            let len = reply.len() as i32;
            caller.data_mut().wire = HeldReply { bytes: reply, read: 0 };
            len
        },
    )?;
    linker.func_wrap(
        MODULE,
        "read",
        |mut caller: Caller<'_, StoreState>, dst: i32, dst_len: i32| -> i32 {
            let Ok(m) = memory(&mut caller) else { return -1 };
            let (data, state) = m.data_and_store_mut(&mut caller);
            let held = &mut state.wire;
            let n = (held.bytes.len() - held.read).min(dst_len.max(0) as usize);
            let Some(out) = slice_mut(data, dst, n as i32) else {
                return -1;
            };
            out.copy_from_slice(&held.bytes[held.read..held.read + n]);
            held.read += n;
            n as i32
        },
    )?;
    Ok(())
}

/// The caller's exported `memory`, else the one its libraries export.
fn memory(caller: &mut Caller<'_, StoreState>) -> Result<wasmtime::Memory, &'static str> {
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Ok(m),
        _ => caller
            .data()
            .library_memory
            .ok_or("the module exports no linear memory named `memory`"),
    }
}

fn slice(data: &[u8], ptr: i32, len: i32) -> Option<&[u8]> {
    let (start, len) = (usize::try_from(ptr as u32).ok()?, usize::try_from(len).ok()?);
    data.get(start..start.checked_add(len)?)
}

fn slice_mut(data: &mut [u8], ptr: i32, len: i32) -> Option<&mut [u8]> {
    let (start, len) = (usize::try_from(ptr as u32).ok()?, usize::try_from(len).ok()?);
    data.get_mut(start..start.checked_add(len)?)
}
