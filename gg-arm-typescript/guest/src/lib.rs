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
#[unsafe(export_name = "gg-pre-initialize")]
pub extern "C" fn pre_initialize() {
    // Static constructors first, as the generated exports would run them; the snapshot keeps them run.
    wit_bindgen::rt::run_ctors_once();
    engine::engine();
    engine::forget_process_state();
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
