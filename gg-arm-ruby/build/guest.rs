//! The Ruby guest as gg runs it: `ruby+stdlib.wasm` with internal functions and globals the host
//! reads exported under gg's names, and our two edits to its code (the stack pointer restored after
//! a caught `longjmp`, decision 0153; a popped tag's jump buffer freed, decision 0156), every
//! function found by name in the package's debug build of the same code and checked to decode
//! alike in both, so a package whose builds differ, or whose edited functions changed, fails here
//! loudly.

use std::collections::HashMap;

use wasmparser::{BinaryReader, CodeSectionReader, KnownCustom, Name, Operator, Parser, Payload};

/// Internal functions the host calls, exported under gg's names: wasi-libc copies the environment
/// into memory once, at initialisation, so a VM restored from a snapshot reads it again per run.
const EXPORTED: &[(&str, &str)] = &[("__wasilibc_initialize_environ", "gg-initialize-environ")];

/// The function our edit is to: CRuby 3.4.1's `rb_wasm_try_catch_loop_run` (wasm/setjmp.c), the
/// loop `vm_exec` catches a Ruby `raise` in. Asyncify unwinds the frames between the `longjmp` and
/// the loop without running their epilogues, so the shadow stack pointer stays where the raise
/// left it and every caught exception leaks those frames' stack: a `raise`/`rescue`/`retry` loop
/// ran the 16 MiB stack out in 0.7 s (ruby/ruby#12995, after 3.4.1, restores it the same way).
const LOOP_RUN: &str = "rb_wasm_try_catch_loop_run";
/// What the loop calls once it has caught the jump, after which our edit restores the pointer.
const STOP_REWIND: &str = "asyncify_stop_rewind";
/// The loop's one caller, whose shadow frame holds the loop's `try_catch` record: the stack
/// pointer the loop was entered with is that frame's bottom, a fixed offset below the record.
/// (It is read from the record's address, not kept in a local of the loop: the loop is entered
/// again, mid-stack, each time Asyncify rewinds through it after a `setjmp` below it.)
const VM_EXEC: &str = "rb_vm_exec";
const TRY_CATCH_INIT: &str = "rb_wasm_try_catch_init";
/// Our second edit, to the function `vm_exec_handle_exception` is inlined into (vm.c): when an
/// exception or a `break` leaves a `vm_exec` through its bottom frame, it pops that `vm_exec`'s
/// tag (`ec->tag = ec->tag->prev`) and jumps to the next, so the `vm_exec` never reaches its own
/// `EC_POP_TAG`, which on WASI frees the tag's heap-allocated 24 KiB jump buffer
/// (`rb_vm_tag_jmpbuf_deinit`). Every `break` out of a block a C method yields to
/// (`[0].each { break }`) and every exception raised through one leaked a buffer, and a loop of
/// them ran 256 MiB out in a tenth of a second. The edit frees the buffer where the tag is popped.
const EXEC_LOOP: &str = "vm_exec_loop";
/// What `rb_vm_exec` frees its tag's jump buffer with.
const XFREE: &str = "ruby_xfree";
/// Where Asyncify keeps its buffer's `{top, end}` pointers: `asyncify_start_unwind` sets it.
const START_UNWIND: &str = "asyncify_start_unwind";
/// The shadow stack pointer, by its name in the debug build.
const STACK_POINTER: &str = "__stack_pointer";

/// The exports our edit adds for the host's classification of a trap.
pub const ASYNCIFY_DATA_EXPORT: &str = "gg-asyncify-data";
pub const STACK_POINTER_EXPORT: &str = "gg-stack-pointer";

/// The reworked module, and the stack pointer's initial value (the top of the shadow stack).
pub struct Guest {
    pub bytes: Vec<u8>,
    pub stack_top: u32,
}

pub fn rework(module: &[u8], named: &[u8]) -> Guest {
    let (funcs, globals) = names(named);
    let func = |name: &str| -> u32 {
        *funcs
            .get(name)
            .unwrap_or_else(|| panic!("the Ruby guest's named build has no function {name}"))
    };
    let sp = *globals
        .get(STACK_POINTER)
        .unwrap_or_else(|| panic!("the Ruby guest's named build has no global {STACK_POINTER}"));
    let mut wanted: Vec<u32> = EXPORTED.iter().map(|(internal, _)| func(internal)).collect();
    let (loop_run, stop_rewind, start_unwind) = (func(LOOP_RUN), func(STOP_REWIND), func(START_UNWIND));
    let (vm_exec, init) = (func(VM_EXEC), func(TRY_CATCH_INIT));
    let (exec_loop, xfree) = (func(EXEC_LOOP), func(XFREE));
    wanted.extend([exec_loop, loop_run, vm_exec, start_unwind]);
    let (ours, theirs) = (bodies(module, &wanted), bodies(named, &wanted));
    for (i, w) in wanted.iter().enumerate() {
        assert!(
            !ours[i].is_empty() && ours[i] == theirs[i],
            "function {w} differs between the Ruby guest's two builds"
        );
    }
    // `asyncify_start_unwind(data)` stores its argument in the data global: `local.get 0; global.set D`.
    let start = &ours[wanted.len() - 1];
    let data = start
        .windows(2)
        .find_map(|w| (w[0] == "LocalGet { local_index: 0 }").then(|| w[1].strip_prefix("GlobalSet { global_index: ")))
        .flatten()
        .and_then(|rest| rest.trim_end_matches(" }").parse::<u32>().ok())
        .unwrap_or_else(|| panic!("{START_UNWIND} no longer stores its buffer in a global"));

    let below = record_offset(&ours[wanted.len() - 2], sp, init, loop_run);
    // The pointer restored is the one the loop is entered with only while the loop keeps no
    // shadow frame of its own.
    assert!(
        !ours[wanted.len() - 3].contains(&format!("GlobalGet {{ global_index: {sp} }}")),
        "{LOOP_RUN} now keeps a shadow frame: our edit restoring the stack pointer cannot be placed"
    );
    let restore = {
        let at = ours[wanted.len() - 3]
            .iter()
            .position(|o| *o == format!("Call {{ function_index: {stop_rewind} }}"));
        let at = at.unwrap_or_else(|| {
            panic!("{LOOP_RUN} no longer calls {STOP_REWIND}: our edit restoring the stack pointer cannot be placed")
        });
        assert_eq!(
            ours[wanted.len() - 3]
                .iter()
                .filter(|o| **o == format!("Call {{ function_index: {stop_rewind} }}"))
                .count(),
            1,
            "{LOOP_RUN} no longer calls {STOP_REWIND} exactly once: our edit restoring the stack pointer cannot be placed"
        );
        let mut f = wasm_encoder::Function::new([]);
        f.instructions().local_get(0).i32_const(below).i32_sub().global_set(sp);
        (at, f.into_raw_body()[1..].to_vec())
    };
    let free = tag_pop(&ours[wanted.len() - 4], &ours[wanted.len() - 2], xfree);
    let inserts = HashMap::from([(loop_run, restore), (exec_loop, free)]);

    let mut out = wasm_encoder::Module::new();
    let mut stack_top = None;
    for payload in Parser::new(0).parse_all(module) {
        let payload = payload.expect("the Ruby guest parses");
        match &payload {
            Payload::GlobalSection(reader) => {
                if let Some(g) = reader.clone().into_iter().nth(sp as usize) {
                    let g = g.expect("a global");
                    let mut ops = g.init_expr.get_operators_reader();
                    if let Ok(Operator::I32Const { value }) = ops.read() {
                        stack_top = Some(value as u32);
                    }
                }
                copy(&mut out, module, &payload);
            }
            Payload::ExportSection(reader) => {
                let mut exports = wasm_encoder::ExportSection::new();
                for e in reader.clone() {
                    let e = e.expect("an export");
                    let kind = match e.kind {
                        wasmparser::ExternalKind::Func => wasm_encoder::ExportKind::Func,
                        wasmparser::ExternalKind::Table => wasm_encoder::ExportKind::Table,
                        wasmparser::ExternalKind::Memory => wasm_encoder::ExportKind::Memory,
                        wasmparser::ExternalKind::Global => wasm_encoder::ExportKind::Global,
                        other => panic!("the Ruby guest exports a {other:?}"),
                    };
                    exports.export(e.name, kind, e.index);
                }
                for (i, (_, export)) in EXPORTED.iter().enumerate() {
                    exports.export(export, wasm_encoder::ExportKind::Func, wanted[i]);
                }
                exports.export(ASYNCIFY_DATA_EXPORT, wasm_encoder::ExportKind::Global, data);
                exports.export(STACK_POINTER_EXPORT, wasm_encoder::ExportKind::Global, sp);
                out.section(&exports);
            }
            Payload::CodeSectionStart { unchecked_range, .. } => {
                let range = unchecked_range.start as usize..unchecked_range.end as usize;
                out.section(&code(module, range, loop_run, &inserts));
            }
            Payload::CodeSectionEntry(_) => {}
            Payload::ElementSection(reader) => {
                for e in reader.clone() {
                    if let wasmparser::ElementItems::Functions(fs) = e.expect("an element segment").items {
                        assert!(
                            !fs.into_iter().any(|f| f.expect("a function index") == loop_run),
                            "{LOOP_RUN} is in a table, so it may be called from elsewhere than {VM_EXEC}: our edit restoring the stack pointer cannot be placed"
                        );
                    }
                }
                copy(&mut out, module, &payload);
            }
            _ => copy(&mut out, module, &payload),
        }
    }
    Guest {
        bytes: out.finish(),
        stack_top: stack_top.unwrap_or_else(|| panic!("{STACK_POINTER} has no constant initial value")),
    }
}

fn copy(out: &mut wasm_encoder::Module, module: &[u8], payload: &Payload<'_>) {
    if let Some((id, range)) = payload.as_section() {
        out.section(&wasm_encoder::RawSection {
            id,
            data: &module[range.start as usize..range.end as usize],
        });
    }
}

/// The function and global names of the debug build.
fn names(named: &[u8]) -> (HashMap<String, u32>, HashMap<String, u32>) {
    let (mut funcs, mut globals) = (HashMap::new(), HashMap::new());
    for payload in Parser::new(0).parse_all(named) {
        if let Payload::CustomSection(c) = payload.expect("the named build parses")
            && let KnownCustom::Name(section) = c.as_known()
        {
            for sub in section {
                match sub {
                    Ok(Name::Function(map)) => {
                        for n in map.into_iter().flatten() {
                            funcs.insert(n.name.to_owned(), n.index);
                        }
                    }
                    Ok(Name::Global(map)) => {
                        for n in map.into_iter().flatten() {
                            globals.insert(n.name.to_owned(), n.index);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    (funcs, globals)
}

/// The instructions of the functions `wanted` (by index), as text, in `wanted`'s order.
fn bodies(bytes: &[u8], wanted: &[u32]) -> Vec<Vec<String>> {
    let mut index = 0u32;
    let mut found = vec![Vec::new(); wanted.len()];
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.expect("the Ruby guest parses") {
            Payload::ImportSection(r) => {
                for import in r.into_imports() {
                    if matches!(import.expect("an import").ty, wasmparser::TypeRef::Func(_)) {
                        index += 1;
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                for (i, _) in wanted.iter().enumerate().filter(|(_, w)| **w == index) {
                    let mut ops = body.get_operators_reader().expect("a body");
                    while !ops.eof() {
                        found[i].push(format!("{:?}", ops.read().expect("an instruction")));
                    }
                }
                index += 1;
            }
            _ => {}
        }
    }
    found
}

/// How far below the `try_catch` record [`VM_EXEC`]'s shadow frame starts: its prologue is
/// `global.get sp; i32.const -N; i32.add; local.tee F; global.set sp`, and the record it hands
/// [`TRY_CATCH_INIT`] is `local.get F; i32.const OFF; i32.add`; it calls [`LOOP_RUN`] once.
fn record_offset(ops: &[String], sp: u32, init: u32, loop_run: u32) -> i32 {
    let gone = |what: &str| -> ! {
        panic!("{VM_EXEC} no longer {what}: our edit restoring the stack pointer cannot be placed")
    };
    let prologue = ops
        .windows(5)
        .find_map(|w| {
            let ok = w[0] == format!("GlobalGet {{ global_index: {sp} }}")
                && w[1].starts_with("I32Const { value: -")
                && w[2] == "I32Add"
                && w[4] == format!("GlobalSet {{ global_index: {sp} }}");
            ok.then(|| {
                w[3].strip_prefix("LocalTee { local_index: ")
                    .map(|r| r.trim_end_matches(" }").to_owned())
            })
            .flatten()
        })
        .unwrap_or_else(|| gone("sets up its shadow frame in one step"));
    let call = ops
        .iter()
        .position(|o| *o == format!("Call {{ function_index: {init} }}"))
        .unwrap_or_else(|| gone("initialises its try_catch record"));
    let calls = ops
        .iter()
        .filter(|o| **o == format!("Call {{ function_index: {loop_run} }}"))
        .count();
    if call < 8 || calls != 1 {
        gone("calls the loop once, after initialising its record");
    }
    let (frame, off, add) = (&ops[call - 8], &ops[call - 7], &ops[call - 6]);
    if *frame != format!("LocalGet {{ local_index: {prologue} }}") || add != "I32Add" {
        gone("passes its record as an offset in its frame");
    }
    off.strip_prefix("I32Const { value: ")
        .and_then(|r| r.trim_end_matches(" }").parse().ok())
        .unwrap_or_else(|| gone("passes its record at a constant offset"))
}

/// Where [`EXEC_LOOP`] pops a `vm_exec`'s tag before jumping on, and what frees its buffer there.
/// The pop is the one `local.get E; local.get E; i32.load TAG; local.tee T; i32.load PREV;
/// local.tee P; i32.store TAG` (`ec->tag = ec->tag->prev`); [`VM_EXEC`] says where a tag keeps its
/// buffer: it points `ec->tag` at `frame + BASE` (`local.get F; i32.const BASE; i32.add; i32.store
/// TAG`) and frees `frame + BASE + BUF` (`local.get F; i32.load BASE+BUF; call ruby_xfree`). The
/// edit, after the store: `local.get T; i32.load BUF; call ruby_xfree`, in the same block, which
/// Asyncify runs only in its normal state.
fn tag_pop(exec_loop: &[String], vm_exec: &[String], xfree: u32) -> (usize, Vec<u8>) {
    let gone = |what: &str| -> ! { panic!("{what}: our edit freeing a popped tag's jump buffer cannot be placed") };
    let local = |s: &str, kind: &str| -> Option<u32> {
        s.strip_prefix(kind)?
            .strip_prefix(" { local_index: ")?
            .trim_end_matches(" }")
            .parse()
            .ok()
    };
    let offset = |s: &str, kind: &str| -> Option<u64> {
        let rest = s.strip_prefix(kind)?.strip_prefix(" { memarg: MemArg {")?;
        rest.split("offset: ").nth(1)?.split(',').next()?.trim().parse().ok()
    };
    let pops: Vec<(usize, u32, u64, u64)> = exec_loop
        .windows(7)
        .enumerate()
        .filter_map(|(i, w)| {
            let (e, e2) = (local(&w[0], "LocalGet")?, local(&w[1], "LocalGet")?);
            let (tag, t, prev, store) = (
                offset(&w[2], "I32Load")?,
                local(&w[3], "LocalTee")?,
                offset(&w[4], "I32Load")?,
                offset(&w[6], "I32Store")?,
            );
            local(&w[5], "LocalTee")?;
            (e == e2 && store == tag).then_some((i + 6, t, tag, prev))
        })
        .collect();
    let [(at, t, tag, prev)] = pops[..] else {
        gone(&format!("{EXEC_LOOP} pops a tag in {} places, not one", pops.len()))
    };
    let frees: Vec<u64> = vm_exec
        .windows(2)
        .filter(|w| w[1] == format!("Call {{ function_index: {xfree} }}"))
        .filter_map(|w| offset(&w[0], "I32Load"))
        .collect();
    let [freed] = frees[..] else {
        gone(&format!("{VM_EXEC} frees {} buffers, not one", frees.len()))
    };
    let bases: Vec<u64> = vm_exec
        .windows(3)
        .filter(|w| w[1] == "I32Add" && offset(&w[2], "I32Store") == Some(tag))
        .filter_map(|w| {
            w[0].strip_prefix("I32Const { value: ")?
                .trim_end_matches(" }")
                .parse()
                .ok()
        })
        .collect();
    let base = match bases[..] {
        [b] if b <= freed => b,
        _ => gone(&format!(
            "{VM_EXEC} no longer points ec->tag at one tag in its frame below its buffer"
        )),
    };
    if !vm_exec.iter().any(|o| offset(o, "I32Store") == Some(base + prev)) {
        gone(&format!(
            "{VM_EXEC}'s tag no longer links its previous tag where {EXEC_LOOP} reads it"
        ));
    }
    let mut f = wasm_encoder::Function::new([]);
    f.instructions()
        .local_get(t)
        .i32_load(wasm_encoder::MemArg {
            offset: freed - base,
            align: 2,
            target: wasm_encoder::MemArgTarget::Memory(0),
            ordering: None,
        })
        .call(xfree);
    (at, f.into_raw_body()[1..].to_vec())
}

/// The code section with every body copied, and each edit's bytes inserted right after the
/// instruction it names (by its index in the function's instructions). Every body but the one
/// edited is also read for the places that reach `loop_run`, which must be one.
fn code(
    module: &[u8],
    range: std::ops::Range<usize>,
    loop_run: u32,
    inserts: &HashMap<u32, (usize, Vec<u8>)>,
) -> wasm_encoder::CodeSection {
    let reader = CodeSectionReader::new(BinaryReader::new(&module[range.clone()], range.start as u64))
        .expect("the code section");
    let (imported, params) = signature(module, loop_run);
    assert_eq!(params, 2, "{LOOP_RUN} no longer takes (try_catch, target)");
    let mut section = wasm_encoder::CodeSection::new();
    // The offset below the record is `VM_EXEC`'s: the loop must have no other caller.
    let mut callers = 0;
    let mut done = 0;
    for (i, body) in reader.into_iter().enumerate() {
        let body = body.expect("a function body");
        let r = body.range();
        let index = imported + i as u32;
        let mut ops = body.get_operators_reader().expect("its instructions");
        let mut at = ops.original_position() as usize;
        // The locals are kept as they are: the body's bytes up to its first instruction.
        let mut f = Vec::from(&module[r.start as usize..at]);
        let insert = inserts.get(&index);
        let mut n = 0;
        while !ops.eof() {
            let op = ops.read().expect("an instruction");
            if let Operator::Call { function_index }
            | Operator::ReturnCall { function_index }
            | Operator::RefFunc { function_index } = op
                && function_index == loop_run
            {
                callers += 1;
            }
            if let Some((after, bytes)) = insert {
                let end = ops.original_position() as usize;
                f.extend_from_slice(&module[at..end]);
                at = end;
                if n == *after {
                    f.extend_from_slice(bytes);
                    done += 1;
                }
            }
            n += 1;
        }
        if insert.is_some() {
            section.raw(&f);
        } else {
            section.raw(&module[r.start as usize..r.end as usize]);
        }
    }
    assert_eq!(done, inserts.len(), "an edit to the Ruby guest was not placed");
    assert_eq!(
        callers, 1,
        "{LOOP_RUN} is reached from {callers} places, not only from {VM_EXEC}: our edit restoring the stack pointer cannot be placed"
    );
    section
}

/// How many functions the module imports, and how many parameters function `index` takes.
fn signature(module: &[u8], index: u32) -> (u32, u32) {
    let (mut imported, mut params, mut types) = (0u32, Vec::new(), Vec::new());
    for payload in Parser::new(0).parse_all(module) {
        match payload.expect("the Ruby guest parses") {
            Payload::TypeSection(r) => {
                for t in r.into_iter_err_on_gc_types() {
                    types.push(t.expect("a function type").params().len() as u32);
                }
            }
            Payload::ImportSection(r) => {
                for import in r.into_imports() {
                    if matches!(import.expect("an import").ty, wasmparser::TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::FunctionSection(r) => {
                params = r
                    .into_iter()
                    .map(|t| types[t.expect("a type index") as usize])
                    .collect();
            }
            Payload::CodeSectionStart { .. } => break,
            _ => {}
        }
    }
    (imported, params[(index - imported) as usize])
}
