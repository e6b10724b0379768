//! `gg serve` driven by a real MCP client: the Python `mcp` SDK (installed by `toolchains/serve.sh`)
//! runs `tests/serve/client.py` against the binary, over stdio and streamable HTTP, with the fixture
//! arm and a program in every other arm compiled in (`tests/serve/views/`); and
//! `tests/tenancy/client.py`, two HTTP sessions that must reach nothing of each other.

#[cfg(not(feature = "arm-fixture"))]
#[test]
fn the_serve_tests_need_the_fixture_arm() {
    panic!("these tests drive the fixture arm: run `cargo test -p gg --features arm-fixture`");
}

#[cfg(feature = "arm-fixture")]
mod with_fixture {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The client's Python: `$GG_MCP_CLIENT/bin/python`, else under `~/.local/share/gg/mcp-client`.
    fn client_python() -> PathBuf {
        let dir = std::env::var_os("GG_MCP_CLIENT").map(PathBuf::from).unwrap_or_else(|| {
            let home = std::env::var_os("HOME").expect("HOME is set");
            Path::new(&home).join(".local/share/gg/mcp-client")
        });
        let python = dir.join("bin/python");
        let usable = Command::new(&python)
            .args(["-c", "import mcp"])
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            usable,
            "no Python MCP client at {}: run `bash toolchains/serve.sh` (or toolchains/install.sh)",
            dir.display()
        );
        python
    }

    /// Runs the client script `tests/NAME` against the gg binary; echoes its SKIP lines and
    /// fails with `what` and its output unless it ends with "all checks passed".
    fn run_client(name: &str, what: &str) {
        let python = client_python();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(name);
        // Compiled guests are cached beside the test binaries: every arm's shared guest compiles
        // once, not once per server process a client starts.
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-cache");
        let out = Command::new(python)
            .arg(script)
            .arg(env!("CARGO_BIN_EXE_gg"))
            .env("GG_CACHE_DIR", cache)
            .env_remove("GG_NO_CACHE")
            .output()
            .expect("the client runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        for skipped in stdout.lines().filter(|l| l.starts_with("SKIP")) {
            eprintln!("{skipped}");
        }
        assert!(
            out.status.success() && stdout.contains("all checks passed"),
            "{what}\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
        );
    }

    #[test]
    fn a_python_mcp_client_runs_programs_through_gg_serve() {
        run_client("serve/client.py", "the MCP client failed");
    }

    /// Sessions of one `gg serve --http` are tenants (issue 23): `tests/tenancy/client.py` opens
    /// two sessions at once and has session B try to reach session A's workspace, gg's state, the
    /// server's environment and the network, in every arm with a file API of its own or WASI
    /// imports to declare, through its shell and through gg's files operations (a link swapped
    /// meanwhile); then fills A's workspace to its ceiling while B runs.
    #[test]
    #[cfg_attr(
        not(feature = "arm-python"),
        ignore = "session A's programs, and B's shell and files programs, are Python: build with arm-python"
    )]
    fn two_http_sessions_reach_nothing_of_each_other() {
        run_client(
            "tenancy/client.py",
            "session B reached what is not its own, or the ceiling did not hold",
        );
    }

    #[test]
    fn http_is_served_on_a_loopback_address_only() {
        for addr in ["0.0.0.0:0", "192.0.2.1:8931", "localhost:99999"] {
            let out = Command::new(env!("CARGO_BIN_EXE_gg"))
                .args(["serve", "--http", addr])
                .output()
                .expect("gg runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "--http {addr} is a usage error: {stderr}");
            assert!(stderr.contains("--http"), "the refusal names the flag: {stderr}");
        }
    }
}
