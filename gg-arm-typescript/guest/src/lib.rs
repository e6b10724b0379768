//! The ECMAScript guest: quickjs-ng (rquickjs) inside a component that binds gg's `sandbox`
//! world. `run` declares the program as the module `program.js` and reports how it failed;
//! `bound-operations` lists what the generated SDK binds.

// The generated export of `run` takes eight flat parameters.
#![allow(clippy::too_many_arguments)]

mod clock;
mod engine;
mod lowering;
mod membrane;
mod program;
mod random;

wit_bindgen::generate!({
    path: "../../gg-core/wit/gg-sandbox.wit",
    world: "sandbox",
});

struct EcmaScript;

/// wizer's initialisation function (`build/guest.rs`): makes the engine — runtime, context, globals,
/// the SDK evaluated — so the snapshot holds it. Whatever differs per instance is redone by `run`.
/// Library modules handed on stdin (the PureScript arm's core packages, `purescript/guest.rs`) are
/// evaluated too, so that flavour's snapshot holds them; the build's own run reads nothing there.
#[unsafe(export_name = "gg-pre-initialize")]
pub extern "C" fn pre_initialize() {
    // Static constructors first, as the generated exports would run them; the snapshot keeps them run.
    wit_bindgen::rt::run_ctors_once();
    engine::engine();
    engine::preload_libraries();
    engine::forget_process_state();
    reserve_heap();
}

/// Free heap the snapshot carries beyond what the engine took: malloc's top chunk grown by this
/// much, then freed, so a program's allocations come from it instead of growing memory. A run
/// that grows memory costs gg two `mprotect`s (the growth, then its undoing when the pooled slot
/// is reused, with a TLB flush), ~10% of a trivial turn, which grew it by 128 KiB; pages the run
/// never touches cost nothing.
const HEAP_HEADROOM: usize = 1 << 20;

fn reserve_heap() {
    let layout = std::alloc::Layout::from_size_align(HEAP_HEADROOM, 16).expect("a valid layout");
    // SAFETY: a non-zero layout, freed at once with the same layout; `black_box` keeps the pair.
    unsafe {
        let block = std::hint::black_box(std::alloc::alloc(layout));
        if !block.is_null() {
            std::alloc::dealloc(block, layout);
        }
    }
}

export!(EcmaScript);

impl Guest for EcmaScript {
    fn run(program: String, modules: Vec<CodeModule>, _operations: Vec<String>, _ending: EndingKind, _library: bool) {
        // The host is the gate for the grant and the ending; the guest binds every operation.
        clock::start();
        random::reseed();
        engine::set_modules(modules);
        let engine = engine::engine();
        engine.context.with(|ctx| program::run(&ctx, engine, &program));
    }

    fn bound_operations() -> Vec<String> {
        let mut ops: Vec<String> = membrane::OPERATIONS.iter().map(|s| s.to_string()).collect();
        ops.sort();
        ops
    }
}
