//! gg's integration tests, one binary (wasmtime's `tests/all`): the CLI end to end, the first-try
//! round's programs, hostile programs, prompts, `gg serve`, the soak, the tidy rules and the workspace tools. Their data stays
//! beside this folder (`tests/cli/`, `tests/hostile/`, …), found from `CARGO_MANIFEST_DIR`.

mod cli;
mod first_try;
mod hostile;
mod prompts;
mod serve;
mod soak;
mod tidy;
mod tools;
