//! `gg serve` driven by a real MCP client: the Python `mcp` SDK (installed by `toolchains/serve.sh`)
//! runs `tests/serve/client.py` against the binary, over stdio and streamable HTTP, with the fixture
//! arm and a program in every other arm compiled in (`tests/serve/views/`).

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

    #[test]
    fn a_python_mcp_client_runs_programs_through_gg_serve() {
        let python = client_python();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/serve/client.py");
        // Compiled guests are cached beside the test binaries: every arm's shared guest compiles
        // once, not once per server process the client starts.
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
            "the MCP client failed\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
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
