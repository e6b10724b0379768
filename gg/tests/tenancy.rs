//! Sessions of one `gg serve --http` are tenants (issue 23): the Python `mcp` SDK (installed by
//! `toolchains/serve.sh`) runs `tests/tenancy/client.py`, which opens two sessions at once and has
//! session B try to reach session A's workspace, gg's state, the server's environment and the
//! network, in every arm with a file API of its own or WASI imports to declare, through its shell
//! and through gg's files operations; then fills A's workspace to its ceiling while B runs.

#[cfg(not(feature = "arm-fixture"))]
#[test]
fn the_tenancy_test_needs_the_fixture_arm() {
    panic!("this test runs with the serve tests: run `cargo test -p gg --features arm-fixture`");
}

#[cfg(feature = "arm-fixture")]
mod with_fixture {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The client's Python: `$GG_MCP_CLIENT/bin/python`, else under `~/.local/share/gg/mcp-client`
    /// (as `tests/serve.rs` finds it).
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

    #[test]
    #[cfg_attr(
        not(feature = "arm-python"),
        ignore = "session A's programs, and B's shell and files programs, are Python: build with arm-python"
    )]
    fn two_http_sessions_reach_nothing_of_each_other() {
        let python = client_python();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tenancy/client.py");
        // The compiled guests' cache the serve tests keep beside the test binaries.
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
            "session B reached what is not its own, or the ceiling did not hold\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
        );
    }
}
