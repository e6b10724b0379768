//! The third-party gg binary runs a program in its own arm, as a user would run it.

use std::process::Command;

#[test]
fn the_third_party_binary_runs_a_wat_program_through_the_wire() {
    let workspace = tempfile_dir();
    let out = Command::new(env!("CARGO_BIN_EXE_gg-wat"))
        .args([
            "run",
            concat!(env!("CARGO_MANIFEST_DIR"), "/hello.wat"),
            "--json",
            "--no-cache",
            "--workspace",
        ])
        .arg(&workspace)
        .output()
        .expect("run the binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let outcome: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON outcome");
    assert_eq!(outcome["arm"], "wat");
    assert_eq!(outcome["status"], "completed");
    assert_eq!(
        outcome["logs"],
        serde_json::json!(["hello through the wire", "hello on stdout"])
    );
    assert_eq!(outcome["calls"][0]["operation"], "files.write_file");
    let written = std::fs::read_to_string(format!("{workspace}/from-wat.txt")).unwrap();
    assert_eq!(written, "written by a third-party arm");
}

fn tempfile_dir() -> String {
    let dir = std::env::temp_dir().join(format!("gg-wat-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.to_string_lossy().into_owned()
}
