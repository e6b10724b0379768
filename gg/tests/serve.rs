//! `gg serve` driven by a real MCP client: the Python `mcp` SDK (installed by `toolchains/serve.sh`)
//! runs `tests/serve/client.py` against the binary, with the fixture arm.

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
        let out = Command::new(python)
            .arg(script)
            .arg(env!("CARGO_BIN_EXE_gg"))
            .env("GG_NO_CACHE", "1")
            .output()
            .expect("the client runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && stdout.contains("all checks passed"),
            "the MCP client failed\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
        );
    }
}
