//! The `gg` command.
fn main() -> std::process::ExitCode {
    gg::cli::main()
}
