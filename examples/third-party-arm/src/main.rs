//! A gg binary with the `wat` arm beside whatever arms gg was built with.

use gg_wat as _;

fn main() -> std::process::ExitCode {
    gg::cli::main()
}
