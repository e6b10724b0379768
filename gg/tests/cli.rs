//! `gg` end to end, as a subprocess, with the test-only fixture arm: both output modes, the exit
//! statuses, sessions, persistence in a workspace, `gg arms` and `gg catalogue`.

#[cfg(not(feature = "arm-fixture"))]
#[test]
fn the_cli_tests_need_the_fixture_arm() {
    panic!("these tests drive the fixture arm: run `cargo test -p gg --features arm-fixture`");
}

#[cfg(feature = "arm-fixture")]
mod with_fixture {
    use std::path::{Path, PathBuf};
    use std::process::{Command, Output};

    fn gg(args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_gg"))
            .args(args)
            .env("GG_NO_CACHE", "1")
            .output()
            .expect("gg runs")
    }

    fn data(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(name)
    }

    fn text(o: &Output) -> String {
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// Durations vary run to run; everything else a person reads is fixed.
    fn steady(s: &str) -> String {
        s.lines()
            .map(|l| {
                if l.contains(" ms") && l.contains("limits:") {
                    "<timing line>"
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn run_prints_a_human_report_and_exits_0() {
        let o = gg(&["run", data("cli/hello.ggfix").to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        insta::assert_snapshot!(steady(&text(&o)));
    }

    #[test]
    fn run_json_prints_one_object_with_the_documented_fields() {
        let o = gg(&["run", data("cli/hello.ggfix").to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        for field in [
            "arm",
            "status",
            "error",
            "exit_status",
            "logs",
            "logs_dropped",
            "calls",
            "calls_dropped",
            "views",
            "ending",
            "stderr",
            "limits",
            "timing",
        ] {
            assert!(v.get(field).is_some(), "missing {field}");
        }
        assert_eq!(v["status"], "completed");
        assert_eq!(v["arm"], "fixture");
        assert_eq!(v["calls"][0]["id"], "program:1:files.read_file");
        assert_eq!(v["limits"]["timeout_secs"], 30.0);
        assert_eq!(v["limits"]["max_memory_bytes"], 268435456);
        assert!(
            v["timing"]["prepare_ms"].is_f64(),
            "the fixture arm has a checker (clang, for its compiled modes)"
        );
        assert!(
            v["timing"]["compile_ms"].is_null(),
            "a program on the shared guest compiles nothing of its own"
        );
        for t in ["guest_ms", "host_ms", "wall_ms"] {
            assert!(v["timing"][t].is_f64(), "{t}");
        }
        assert_eq!(v["ending"]["kind"], "finish");
    }

    #[test]
    fn a_program_fault_exits_1_and_is_located_with_a_code_frame() {
        let o = gg(&["run", data("cli/fail.ggfix").to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        insta::assert_snapshot!(steady(&text(&o)));
        let o = gg(&["run", data("cli/fail.ggfix").to_str().unwrap(), "--json"]);
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert_eq!(v["status"], "program_error");
        assert_eq!(
            v["error"]["location"],
            serde_json::json!({"file": "program", "line": 2, "column": 1})
        );
    }

    #[test]
    fn a_program_file_that_is_not_utf8_is_the_programs_located_error_with_an_outcome() {
        // `cli/not-utf8.ggfix` is Latin-1: `café` with 0xE9 on line 2, the line's eighth character.
        let o = gg(&["run", data("cli/not-utf8.ggfix").to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert_eq!(v["status"], "prepare_error");
        assert_eq!(v["error"]["kind"], "syntax");
        assert_eq!(
            v["error"]["location"],
            serde_json::json!({"file": "program.ggfix", "line": 2, "column": 8})
        );
        assert_eq!(
            v["error"]["message"],
            "program.ggfix:2:8: the program is not UTF-8 text: byte 0xE9 is not part of a character; save the program as UTF-8"
        );
        let o = gg(&["run", data("cli/not-utf8.ggfix").to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        assert!(text(&o).contains("the program is not UTF-8 text"), "{}", text(&o));
    }

    #[test]
    fn a_toolchain_fault_exits_3_and_a_usage_error_2() {
        let o = gg(&["run", data("cli/toolchain.ggfix").to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(3));
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert_eq!(v["status"], "toolchain_error");
        let o = gg(&["run", "program.unknown"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("no arm runs `.unknown` files"));
        let o = gg(&["run", data("cli/hello.ggfix").to_str().unwrap(), "--timeout-secs", "-1"]);
        assert_eq!(o.status.code(), Some(2));
        let o = gg(&[
            "run",
            data("cli/hello.ggfix").to_str().unwrap(),
            "--grant",
            "files.nope",
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("`files.nope`, which is no operation"));
        let o = gg(&["frobnicate"]);
        assert_eq!(o.status.code(), Some(2));
    }

    #[test]
    fn a_session_runs_a_directory_as_turns_with_each_its_own_budget() {
        let ws = tempfile::tempdir().unwrap();
        let o = gg(&[
            "session",
            data("session").to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--timeout-secs",
            "0.5",
            "--json",
        ]);
        assert_eq!(o.status.code(), Some(1), "the loop turn is a program fault");
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let statuses: Vec<&str> = outcomes.iter().map(|v| v["status"].as_str().unwrap()).collect();
        // 01 queues a rerun, which runs as the next turn; 03 loops; 04 still has its whole budget.
        assert_eq!(
            statuses,
            ["completed", "completed", "completed", "timeout", "completed"]
        );
        assert_eq!(outcomes[1]["logs"][0], "the rerun ran");
        let turns: Vec<u64> = outcomes.iter().map(|v| v["turn"].as_u64().unwrap()).collect();
        assert_eq!(turns, [1, 2, 3, 4, 5]);
        assert!(outcomes[2]["logs"][0].as_str().unwrap().contains("first turn"));

        // The workspace keeps the tasks and the library for the next invocation.
        let again = gg(&[
            "run",
            data("session/02-list.ggfix").to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(text(&again).trim()).unwrap();
        assert_eq!(v["turn"], 6);
        assert!(v["logs"][0].as_str().unwrap().contains("first turn"));
    }

    #[test]
    fn text_nested_two_hundred_thousand_deep_is_refused_not_a_crash() {
        // It aborted gg with a stack overflow in the TypeScript type stripper.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("deep.ts");
        let n = 200_000;
        std::fs::write(&file, format!("const x = {}1{};\n", "(".repeat(n), ")".repeat(n))).unwrap();
        let o = gg(&["run", file.to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert_eq!(v["status"], "prepare_error");
        assert_eq!(v["error"]["kind"], "syntax");
        assert!(v["error"]["message"].as_str().unwrap().contains("10000 levels"));
    }

    #[test]
    fn a_chain_of_reruns_stops_at_its_bound_and_says_so() {
        // A program whose rerun queues a rerun, twelve deep: each level is the next one's source.
        let mut program = "log the bottom of the chain".to_owned();
        for _ in 0..12 {
            let args = serde_json::json!({ "source": program }).to_string();
            program = format!("op programs.rerun {args}");
        }
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("chain.ggfix");
        std::fs::write(&file, program).unwrap();
        let o = gg(&["run", file.to_str().unwrap(), "--json"]);
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(
            outcomes.len(),
            1 + gg::cli::MAX_RERUNS,
            "the program and its bounded reruns"
        );
        let last = outcomes.last().unwrap();
        assert!(last["rerun"].is_string(), "the last one still queued a rerun");
        assert!(
            last["rerun_stopped"]
                .as_str()
                .unwrap()
                .contains("a chain of reruns stops after 8"),
            "{last}"
        );
        assert!(outcomes[0]["rerun_stopped"].is_null());
    }

    #[test]
    fn arms_lists_what_is_built_in_and_what_is_not() {
        let o = gg(&["arms"]);
        assert_eq!(o.status.code(), Some(0));
        let out = text(&o);
        assert!(
            out.contains("fixture     Fixture     .ggfix  checker: clang-19 19;"),
            "{out}"
        );
        for id in ["swift", "csharp", "purescript"] {
            assert!(
                out.lines()
                    .skip_while(|l| !l.starts_with("not compiled in"))
                    .any(|l| l.trim_start().starts_with(id)),
                "{id}"
            );
        }
    }

    #[test]
    fn catalogue_prints_the_arms_catalogue() {
        let o = gg(&["catalogue", "fixture"]);
        assert_eq!(o.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_str(&text(&o)).unwrap();
        assert_eq!(v["language"], "fixture");
        assert_eq!(
            v["functions"].as_array().unwrap().len(),
            gg_core::membrane::OPERATIONS.len()
        );
        assert_eq!(gg(&["catalogue", "cobol"]).status.code(), Some(2));
    }

    #[test]
    fn confined_runs_reach_only_the_workspace() {
        let ws = tempfile::tempdir().unwrap();
        let prog = ws.path().join("p.ggfix");
        std::fs::write(&prog, "read-host /etc/hostname\nenv HOME\n").unwrap();
        let o = gg(&[
            "run",
            prog.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--confined",
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert!(v["logs"][0].as_str().unwrap().contains(" err "), "{}", v["logs"][0]);
        let o = gg(&["run", prog.to_str().unwrap(), "--json"]);
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert!(v["logs"][0].as_str().unwrap().contains(" ok "), "{}", v["logs"][0]);
    }

    /// `hostile-shell.ggfix` in a fresh workspace with `args`: a `$HOME` holding a secret file, a
    /// secret variable, and a loopback listener whose port the program reads from `port`. Returns
    /// each shell call's exit code and output, the home directory replaced by `<home>`.
    fn hostile_shell(args: &[&str]) -> (Output, Vec<(Option<i64>, String)>) {
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join("secret.txt"), "the secret in HOME\n").unwrap();
        let ws = tempfile::tempdir().unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::fs::write(ws.path().join("port"), port.to_string()).unwrap();
        let program = data("cli/hostile-shell.ggfix");
        let mut all = vec![
            "run",
            program.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--json",
        ];
        all.extend(args);
        let o = Command::new(env!("CARGO_BIN_EXE_gg"))
            .args(&all)
            .env("GG_NO_CACHE", "1")
            .env("HOME", home.path())
            .env("GG_TEST_SECRET", "the secret in the environment")
            .output()
            .expect("gg runs");
        let Ok(v) = serde_json::from_str::<serde_json::Value>(text(&o).trim()) else {
            return (o, Vec::new());
        };
        let home = home.path().to_str().unwrap();
        let calls = v["calls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let r = &c["result"];
                (
                    r["exit-code"].as_i64(),
                    r["output"].as_str().unwrap().replace(home, "<home>"),
                )
            })
            .collect();
        (o, calls)
    }

    #[test]
    fn a_confined_shell_sees_only_the_workspace_no_secrets_and_no_network() {
        if let gg::tools::confine::ConfineSupport::Unavailable { why } = gg::tools::confine::support() {
            println!("skipped: this machine cannot confine the shell ({why}); the refusal is tested below");
            return;
        }
        let (o, calls) = hostile_shell(&["--confined"]);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(calls.len(), 5);
        let report: String = calls
            .iter()
            .map(|(code, out)| format!("exit {code:?}\n{out}\n"))
            .collect();
        insta::assert_snapshot!(report);

        // The same program unconfined reaches all of it, as gg always has.
        let (o, calls) = hostile_shell(&[]);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(calls[0].1.contains("root:"), "{:?}", calls[0]);
        assert_eq!(calls[1].1, "the secret in HOME\n");
        assert_eq!(calls[2].1, "GG_TEST_SECRET=the secret in the environment\n");
        assert_eq!(calls[3].1, "connected\n");
        assert_eq!(calls[4].1, "made by the shell\n");
    }

    #[test]
    fn confined_is_refused_plainly_where_the_shell_cannot_be_confined() {
        let program = data("cli/hello.ggfix");
        for bwrap in ["/nonexistent/bwrap", "/bin/false"] {
            let o = Command::new(env!("CARGO_BIN_EXE_gg"))
                .args(["run", program.to_str().unwrap(), "--confined", "--json"])
                .env("GG_NO_CACHE", "1")
                .env("GG_BWRAP", bwrap)
                .output()
                .expect("gg runs");
            let stderr = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(3), "{bwrap}: {stderr}");
            assert!(
                stderr.contains("--confined cannot be honoured on this machine"),
                "{stderr}"
            );
            assert!(text(&o).is_empty(), "nothing ran: {}", text(&o));
            // Unconfined, the same machine runs the program.
            let o = Command::new(env!("CARGO_BIN_EXE_gg"))
                .args(["run", program.to_str().unwrap(), "--json"])
                .env("GG_NO_CACHE", "1")
                .env("GG_BWRAP", bwrap)
                .output()
                .expect("gg runs");
            assert_eq!(o.status.code(), Some(0));
            let o = Command::new(env!("CARGO_BIN_EXE_gg"))
                .args(["arms"])
                .env("GG_BWRAP", bwrap)
                .output()
                .expect("gg runs");
            assert!(
                text(&o).contains("--confined on this machine: UNAVAILABLE"),
                "{}",
                text(&o)
            );
        }
        let o = gg(&["run", "--help"]);
        assert!(text(&o).contains("On this machine:"), "{}", text(&o));
    }

    #[test]
    fn the_registered_arms_are_the_enabled_features() {
        // One feature may register several arms (arm-typescript: javascript and typescript), so
        // each registered id is read back as the feature that carries it.
        let feature = |id: &str| {
            gg::arms::KNOWN_ARMS
                .iter()
                .find(|k| k.id == id)
                .map_or(format!("arm-{id}"), |k| k.feature.to_owned())
        };
        let mut ids: Vec<String> = gg_core::Registry::global()
            .unwrap()
            .ids()
            .iter()
            .map(|id| feature(id))
            .collect();
        ids.sort();
        ids.dedup();
        let mut enabled = gg::arms::enabled_arm_features();
        enabled.sort();
        assert_eq!(ids, enabled);
    }
}
