//! `gg` end to end, as a subprocess, with the test-only fixture arm: both output modes, the exit
//! statuses, sessions and their record, persistence in a workspace, the configuration file,
//! code modules from skills, `gg arms`, `gg catalogue`, `gg prompt` and `gg docs`.

#[cfg(not(feature = "arm-fixture"))]
#[test]
fn the_cli_tests_need_the_fixture_arm() {
    panic!("these tests drive the fixture arm: run `cargo test -p gg --features arm-fixture`");
}

#[cfg(feature = "arm-fixture")]
mod with_fixture {
    use std::path::{Path, PathBuf};
    use std::process::{Command, Output};

    /// gg with no compiled-guest cache and no user configuration file (an empty config directory).
    fn gg(args: &[&str]) -> Output {
        command(args).output().expect("gg runs")
    }

    fn command(args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gg"));
        c.args(args)
            .env("GG_NO_CACHE", "1")
            .env("XDG_CONFIG_HOME", empty_config_home())
            .env("GG_STATE_HOME", state_home());
        c
    }

    fn empty_config_home() -> &'static Path {
        static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
        DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
    }

    /// Where the tests' gg keeps workspaces' state (`GG_STATE_HOME`).
    fn state_home() -> &'static Path {
        static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
        DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
    }

    /// The state directory gg made for the workspace `ws`: the one whose `workspace` file names it.
    fn state_of(ws: &Path) -> PathBuf {
        let ws = ws.canonicalize().unwrap();
        std::fs::read_dir(state_home().join("workspaces"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|dir| {
                std::fs::read_to_string(dir.join("workspace")).is_ok_and(|t| t.trim_end() == ws.to_str().unwrap())
            })
            .unwrap_or_else(|| panic!("no state directory for {}", ws.display()))
    }

    fn stderr(o: &Output) -> String {
        String::from_utf8_lossy(&o.stderr).into_owned()
    }

    /// A copy of a fixture directory in a fresh temporary directory.
    fn copy_of(fixture: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let from = data(fixture);
        for entry in walkdir::WalkDir::new(&from) {
            let entry = entry.unwrap();
            let to = dir.path().join(entry.path().strip_prefix(&from).unwrap());
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(entry.path(), &to).unwrap();
            }
        }
        dir
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
    fn each_diagnostic_of_a_failed_preparation_is_framed_at_its_own_line() {
        let o = gg(&["run", data("cli/two-errors.ggfix").to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        insta::assert_snapshot!(steady(&text(&o)));
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
            1 + gg::reruns::MAX_RERUNS,
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

    /// Issue 25: a JavaScript program finds a Python program in the workspace's library and
    /// reruns its source; the rerun runs as Python (its file is written again), and a library
    /// entry of an arm this gg lacks is not run, with why.
    #[test]
    #[cfg_attr(
        not(all(feature = "arm-python", feature = "arm-typescript")),
        ignore = "the library program is Python and the rerunning one JavaScript: build with both arms"
    )]
    fn a_rerun_of_another_arms_library_program_runs_in_that_arm() {
        let ws = tempfile::tempdir().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("report.py");
        std::fs::write(
            &report,
            "import gg\ngg.files.write_file(\"summary.txt\", \"total: 3\\n\")\nprint(\"the report ran\")\n",
        )
        .unwrap();
        let o = gg(&[
            "run",
            report.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}{}", text(&o), stderr(&o));
        std::fs::remove_file(ws.path().join("summary.txt")).unwrap();

        let again = dir.path().join("again.js");
        std::fs::write(
            &again,
            "import { programs } from \"gg\";\nconst turn = programs.history()[0].turn;\nprograms.rerun(programs.get(turn));\n",
        )
        .unwrap();
        let run_again = || {
            let o = gg(&[
                "run",
                again.to_str().unwrap(),
                "--workspace",
                ws.path().to_str().unwrap(),
                "--json",
            ]);
            let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            (o, outcomes)
        };
        let (o, outcomes) = run_again();
        assert_eq!(o.status.code(), Some(0), "{outcomes:?}{}", stderr(&o));
        assert_eq!(outcomes.len(), 2, "the program and its rerun: {outcomes:?}");
        assert_eq!(outcomes[0]["arm"], "javascript");
        assert_eq!(
            outcomes[0]["rerun_arm"], "python",
            "the outcome says where the rerun runs"
        );
        assert_eq!(outcomes[1]["arm"], "python", "{}", outcomes[1]);
        assert_eq!(outcomes[1]["status"], "completed", "{}", outcomes[1]);
        assert_eq!(outcomes[1]["logs"][0], "the report ran");
        assert!(outcomes[1]["rerun_arm"].is_null());
        assert_eq!(
            std::fs::read_to_string(ws.path().join("summary.txt")).unwrap(),
            "total: 3\n"
        );

        // The library's entry says an arm this gg lacks: nothing runs, and the outcome says why.
        let library = state_of(ws.path()).join("programs.json");
        let saved = std::fs::read_to_string(&library).unwrap();
        assert!(saved.contains("\"arm\": \"python\""), "{saved}");
        std::fs::write(&library, saved.replace("\"arm\": \"python\"", "\"arm\": \"nonesuch\"")).unwrap();
        let (o, outcomes) = run_again();
        assert_eq!(outcomes.len(), 1, "the rerun was not run: {outcomes:?}");
        assert_eq!(o.status.code(), Some(0), "the program itself succeeded");
        let why = outcomes[0]["rerun_stopped"].as_str().unwrap();
        assert!(
            why.contains("the library's nonesuch program") && why.contains("no nonesuch arm"),
            "{why}"
        );
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
        for id in ["swift"] {
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
            gg_core::program::membrane::OPERATIONS.len()
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

    // ------------------------------------------------------------------ configuration

    /// `gg config`'s report with the machine's paths replaced by names.
    fn config_report(o: &Output, dirs: &[(&Path, &str)]) -> String {
        let mut t = text(o);
        for (dir, name) in dirs {
            t = t.replace(dir.to_str().unwrap(), name);
        }
        t.replace(empty_config_home().to_str().unwrap(), "<config home>")
    }

    #[test]
    fn config_without_a_file_reports_the_defaults() {
        let o = gg(&["config"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        insta::assert_snapshot!(config_report(&o, &[]));
    }

    #[test]
    fn config_reports_each_value_and_where_it_came_from() {
        let ws = copy_of("config");
        let o = gg(&[
            "config",
            "--workspace",
            ws.path().to_str().unwrap(),
            "--timeout-secs",
            "9",
            "--reach",
            "full",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        insta::assert_snapshot!(config_report(&o, &[(ws.path(), "<ws>")]));
        // Another profile, by name.
        let o = gg(&[
            "config",
            "--workspace",
            ws.path().to_str().unwrap(),
            "--profile",
            "roomy",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let report = text(&o);
        assert!(report.contains("profile: roomy"), "{report}");
        assert!(
            report
                .lines()
                .any(|l| l.starts_with("run-budget-secs") && l.contains("3600"))
        );
        let o = gg(&[
            "config",
            "--workspace",
            ws.path().to_str().unwrap(),
            "--profile",
            "nope",
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("--profile nope: ") && stderr(&o).contains("has no such profile; profiles: ci, roomy"),
            "{}",
            stderr(&o)
        );
    }

    #[test]
    fn a_run_takes_its_settings_from_the_profile_and_a_flag_wins() {
        let ws = copy_of("config");
        let program = data("config/write.ggfix");
        let o = gg(&[
            "run",
            program.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert_eq!(v["limits"]["timeout_secs"], 5.0);
        assert_eq!(v["limits"]["max_memory_bytes"], 67108864);
        // The profile grants no files.write_file.
        assert_eq!(v["calls"][0]["error"]["code"], "unavailable", "{v}");
        let o = gg(&[
            "run",
            program.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--grant",
            "all",
            "--timeout-secs",
            "7",
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(text(&o).trim()).unwrap();
        assert_eq!(v["limits"]["timeout_secs"], 7.0);
        assert_eq!(v["calls"][0]["ok"], true, "{v}");
    }

    #[test]
    fn the_user_config_directory_is_read_when_the_workspace_has_no_file() {
        let home = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(home.path().join("gg")).unwrap();
        std::fs::copy(data("config/gg.toml"), home.path().join("gg/gg.toml")).unwrap();
        let o = command(&["config"])
            .env("XDG_CONFIG_HOME", home.path())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let report = text(&o);
        let file = home.path().join("gg/gg.toml");
        assert!(report.contains(&format!("config file: {}", file.display())), "{report}");
        assert!(report.contains(&format!("file:{}", file.display())), "{report}");
    }

    /// `gg prompt` reads the settings as `gg run` does: the profile, then the flags over it.
    #[test]
    fn the_prompt_is_for_the_profiles_settings_and_the_flags_over_them() {
        let registry = gg_core::Registry::global().unwrap();
        let Some(arm) = registry.arms().find(|a| a.prompt_segment().is_some()) else {
            return; // only the fixture arm, which has no segment
        };
        let config = data("config/gg.toml");
        let config = config.to_str().unwrap();
        let last = |args: &[&str]| {
            let o = gg(args);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
            text(&o).trim_end().rsplit("\n\n").next().unwrap_or_default().to_owned()
        };
        // `ci`: two operations granted, no ending, confined.
        let ci = last(&["prompt", arm.id(), "--config", config]);
        assert!(ci.starts_with("Your grant refuses 30 of gg's 32 operations"), "{ci}");
        assert!(ci.contains("You have no session ending"), "{ci}");
        assert!(
            ci.contains("`/tmp`, a private temporary directory that TMPDIR names"),
            "{ci}"
        );
        // A flag wins over the profile.
        let flagged = last(&[
            "prompt",
            arm.id(),
            "--config",
            config,
            "--reach",
            "full",
            "--grant",
            "all",
        ]);
        assert!(flagged.starts_with("You have no session ending"), "{flagged}");
        assert!(flagged.contains("the file system from `/`"), "{flagged}");
        // `roomy` sets none of them: gg's defaults.
        let roomy = last(&["prompt", arm.id(), "--config", config, "--profile", "roomy"]);
        assert_eq!(roomy, last(&["prompt", arm.id()]));
        let bad = gg(&["prompt", arm.id(), "--grant", "files.nope"]);
        assert_eq!(
            bad.status.code(),
            Some(2),
            "an unknown operation is a usage error, as for gg run"
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_name_the_key_and_the_file() {
        for (file, expected) in [
            ("config/unknown-key.toml", "unknown key `timeout` in profile `ci`"),
            (
                "config/bad-value.toml",
                "`profiles.ci.ending` must be `none`, `finish` or `review`; got \"later\"",
            ),
        ] {
            let path = data(file);
            let o = gg(&["config", "--config", path.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(2));
            let err = stderr(&o);
            assert!(err.contains(&format!("gg: {}: {expected}", path.display())), "{err}");
            // `gg run` refuses the same file before running anything.
            let o = gg(&[
                "run",
                data("cli/hello.ggfix").to_str().unwrap(),
                "--config",
                path.to_str().unwrap(),
            ]);
            assert_eq!(o.status.code(), Some(2));
            assert!(stderr(&o).contains(expected));
            // So does `gg serve`, before it serves anything.
            let o = gg(&["serve", "--config", path.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(2));
            assert!(stderr(&o).contains(expected), "{}", stderr(&o));
        }
    }

    #[test]
    fn a_bad_budget_is_refused_naming_the_flag_that_was_given() {
        let hello = data("cli/hello.ggfix");
        let o = gg(&["run", hello.to_str().unwrap(), "--run-budget-secs=-3"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("gg: --run-budget-secs must be a number of seconds above 0"));
        let o = gg(&["serve", "--call-budget-secs=-3"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("gg: --call-budget-secs must be a number of seconds above 0"),
            "{}",
            stderr(&o)
        );
    }

    // ------------------------------------------------------------------ the workspace

    #[test]
    fn a_workspace_that_does_not_exist_is_refused_unless_asked_to_create_it() {
        let parent = tempfile::tempdir().unwrap();
        let ws = parent.path().join("typo");
        let hello = data("cli/hello.ggfix");
        let o = gg(&["run", hello.to_str().unwrap(), "--workspace", ws.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains(&format!(
                "the workspace {} does not exist (named by --workspace); create it, or pass --create-workspace",
                ws.display()
            )),
            "{}",
            stderr(&o)
        );
        assert!(!ws.exists(), "nothing was created");
        let o = gg(&["serve", "--workspace", ws.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("does not exist (named by --workspace)"),
            "{}",
            stderr(&o)
        );
        assert!(!ws.exists(), "gg serve created nothing either");
        let o = gg(&[
            "run",
            hello.to_str().unwrap(),
            "--workspace",
            ws.to_str().unwrap(),
            "--create-workspace",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stderr(&o).contains(&format!("gg: created the workspace {} (empty)", ws.display())));
        assert!(state_of(&ws).join("programs.json").is_file());
        assert!(!ws.join(".gg").exists(), "gg's state is not in the workspace");
    }

    #[test]
    fn a_library_that_cannot_be_saved_is_a_warning_and_exit_3() {
        // A directory where the library's file goes, so the save's rename fails.
        let ws = tempfile::tempdir().unwrap();
        let prog = ws.path().join("p.ggfix");
        std::fs::write(&prog, "log ran\n").unwrap();
        let args = [
            "run",
            prog.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
        ];
        assert_eq!(gg(&args).status.code(), Some(0));
        // The program (full reach: it sees what gg sees) replaces the library's file by a directory.
        let library = state_of(ws.path()).join("programs.json");
        let library = library.to_str().unwrap();
        std::fs::write(
            &prog,
            format!("op shell.run {{\"command\":\"rm {library} && mkdir -p {library}/in-the-way\"}}\nlog ran\n"),
        )
        .unwrap();
        let o = gg(&[
            "run",
            prog.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
        assert!(text(&o).contains("completed"), "the program's own outcome still prints");
        let err = stderr(&o);
        assert!(
            err.contains("gg: warning: the program library was not saved: replacing ") && err.contains("programs.json"),
            "{err}"
        );
    }

    #[test]
    fn a_workspaces_old_state_directory_moves_out_once() {
        // gg kept its state in the workspace's `.gg/` before; the first open moves it out.
        let ws = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(ws.path().join(".gg/skills")).unwrap();
        std::fs::write(ws.path().join(".gg/skills/old.md"), "An old skill.").unwrap();
        let prog = ws.path().join("p.ggfix");
        std::fs::write(&prog, "op skills.read {\"name\":\"old\"}\n").unwrap();
        let args = [
            "run",
            prog.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--json",
        ];
        let o = gg(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stderr(&o).contains("gg: moved "), "{}", stderr(&o));
        assert!(text(&o).contains("An old skill."), "{}", text(&o));
        assert!(!ws.path().join(".gg").exists());
        assert!(state_of(ws.path()).join("skills/old.md").is_file());
        // A `.gg/` made later (a program can) is the workspace's own, never read as state.
        std::fs::create_dir_all(ws.path().join(".gg/skills")).unwrap();
        std::fs::write(ws.path().join(".gg/skills/planted.md"), "Planted.").unwrap();
        std::fs::write(&prog, "op skills.read {\"name\":\"planted\"}\n").unwrap();
        let o = gg(&args);
        assert!(!stderr(&o).contains("gg: moved "), "{}", stderr(&o));
        assert!(text(&o).contains("no skill named `planted`"), "{}", text(&o));
        assert!(ws.path().join(".gg/skills/planted.md").is_file());
    }

    // ------------------------------------------------------------------ the first compile

    #[test]
    fn the_first_compile_of_a_guest_is_said_on_stderr_and_a_cached_one_is_not() {
        let cache = tempfile::tempdir().unwrap();
        let hello = data("cli/hello.ggfix");
        let run = || {
            command(&["run", hello.to_str().unwrap()])
                .env_remove("GG_NO_CACHE")
                .env("GG_CACHE_DIR", cache.path())
                .output()
                .unwrap()
        };
        let first = run();
        assert_eq!(first.status.code(), Some(0));
        let lines: Vec<String> = stderr(&first)
            .lines()
            .filter(|l| l.starts_with("gg: compiling"))
            .map(str::to_owned)
            .collect();
        assert_eq!(lines.len(), 1, "{}", stderr(&first));
        assert!(
            lines[0].starts_with("gg: compiling the fixture guest (")
                && lines[0].ends_with("once per machine; later runs load it from the cache) …"),
            "{}",
            lines[0]
        );
        let second = run();
        assert_eq!(second.status.code(), Some(0));
        assert!(!stderr(&second).contains("gg: compiling"), "{}", stderr(&second));
    }

    // ------------------------------------------------------------------ code modules

    #[test]
    fn a_javascript_module_that_does_not_parse_fails_only_the_program_importing_it() {
        let turns = data("modules-js");
        let o = gg(&["session", turns.to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(outcomes.len(), 3);
        assert_eq!(outcomes[0]["status"], "completed");
        // A program that does not import the broken module runs as if it were not there.
        assert_eq!(outcomes[1]["status"], "completed");
        assert_eq!(outcomes[1]["logs"], serde_json::json!(["still runs"]));
        // The one that imports it fails, and is told why the module is empty: the module's own
        // syntax error, found when it was bound and located in its file.
        assert_eq!(outcomes[2]["status"], "program_error");
        let module_error = &outcomes[2]["module_errors"][0];
        assert_eq!(module_error["name"], "broken", "{module_error}");
        assert!(
            module_error["message"].as_str().unwrap().contains("failed to prepare"),
            "{module_error}"
        );
        assert_eq!(module_error["location"]["file"], "lib/broken.js", "{module_error}");
    }

    #[test]
    fn a_turn_that_binds_a_javascript_module_lists_its_exports_and_docs_find_them() {
        let turns = data("modules-exports-js");
        let o = gg(&["session", turns.to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let bindings = &outcomes[0]["module_bindings"];
        assert_eq!(bindings[0]["key"], "notes", "{bindings}");
        assert_eq!(bindings[0]["access"], "lib:notes");
        assert_eq!(bindings[0]["change"], "bound");
        assert_eq!(bindings[0]["check"], "passed");
        assert_eq!(bindings[0]["exports"][0]["access"], "lib:notes.summarize");
        assert_eq!(outcomes[1]["module_bindings"][0]["change"], "unbound");
        // The documentation view of an export, its whole doc under its declaration.
        let view = outcomes[1]["views"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["selector"] == "lib:notes.summarize")
            .expect("the export's docs view is open");
        let human = gg(&["session", turns.to_str().unwrap()]);
        assert_eq!(human.status.code(), Some(0), "{}", stderr(&human));
        insta::assert_snapshot!(format!(
            "{}\n── the view lib:notes.summarize\n{}",
            steady(&text(&human)),
            view["body"].as_str().unwrap()
        ));
    }

    #[test]
    fn a_python_exports_docs_view_opens_its_types_from_the_module_and_the_sdk() {
        let turns = data("modules-exports-py");
        let session = |json: bool| {
            let mut args = vec!["session", turns.to_str().unwrap()];
            if json {
                args.push("--json");
            }
            command(&args).env_remove("GG_NO_CACHE").output().unwrap()
        };
        let o = session(true);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(outcomes[0]["module_bindings"][0]["access"], "lib.notes");
        let view = outcomes[1]["views"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["selector"] == "lib.notes.summarize_file")
            .expect("the export's docs view is open");
        let human = session(false);
        assert_eq!(human.status.code(), Some(0), "{}", stderr(&human));
        insta::assert_snapshot!(format!(
            "{}\n── the view lib.notes.summarize_file\n{}",
            steady(&text(&human)),
            view["body"].as_str().unwrap()
        ));
    }

    #[test]
    fn a_skills_code_binds_only_in_its_language_and_a_broken_module_fails_no_other_program() {
        let ws = copy_of("modules");
        let turns = data("modules-turns");
        let args = [
            "session",
            turns.to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
        ];
        let o = gg(&[&args[..], &["--json"]].concat());
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        // Turn 2 imports nothing: it completes; the Python skill binds nothing on this arm, and
        // the broken module is out of scope and reported with its location.
        assert_eq!(outcomes[1]["status"], "completed");
        assert_eq!(
            outcomes[1]["logs"],
            serde_json::json!(["the program imports nothing", "module notes: 17 bytes"])
        );
        assert_eq!(
            outcomes[1]["module_errors"][0]["location"],
            serde_json::json!({"file": "lib/broken.ggfix", "line": 2, "column": 1})
        );
        // The human report frames the module's line 2, not the program's.
        let again = copy_of("modules");
        let o = gg(&[
            "session",
            turns.to_str().unwrap(),
            "--workspace",
            again.path().to_str().unwrap(),
        ]);
        insta::assert_snapshot!(steady(&text(&o)));
    }

    fn toolchain_ready(arm: &str) -> bool {
        let registry = gg_core::Registry::global().unwrap();
        match registry.get(arm).map(|a| a.toolchain()) {
            Ok(gg_core::ToolchainStatus::Missing { install }) => {
                eprintln!("skipped: the {arm} toolchain is missing ({install})");
                false
            }
            Ok(_) => true,
            Err(_) => {
                eprintln!("skipped: this gg carries no {arm} arm");
                false
            }
        }
    }

    #[test]
    fn typescript_runs_after_reading_the_default_workspaces_greeting_skill() {
        // It failed with an unlocated syntax error: the skill's Python code was bound in every arm.
        if !toolchain_ready("typescript") {
            return;
        }
        let o = command(&[
            "session",
            data("skills-ts/01-read.ts").to_str().unwrap(),
            data("skills-ts/02-use.ts").to_str().unwrap(),
            "--json",
        ])
        .env_remove("GG_NO_CACHE")
        .output()
        .unwrap();
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(outcomes.len(), 2, "{}", stderr(&o));
        assert_eq!(outcomes[1]["status"], "completed", "{}", outcomes[1]);
        assert_eq!(outcomes[1]["logs"], serde_json::json!(["Hello, Ada!"]));
    }

    #[test]
    fn python_binds_the_greeting_skills_python_code() {
        let o = command(&[
            "session",
            data("skills-py/01-read.py").to_str().unwrap(),
            data("skills-py/02-use.py").to_str().unwrap(),
            "--json",
        ])
        .env_remove("GG_NO_CACHE")
        .output()
        .unwrap();
        let outcomes: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(outcomes.len(), 2, "{}", stderr(&o));
        assert_eq!(outcomes[1]["status"], "completed", "{}", outcomes[1]);
        assert_eq!(outcomes[1]["logs"], serde_json::json!(["Hello, Ada!"]));
    }

    #[test]
    fn a_failure_inside_a_module_is_framed_with_the_modules_line() {
        let ws = copy_of("modules-py");
        let o = command(&[
            "session",
            data("skills-py/03-module-fails.py").to_str().unwrap(),
            data("skills-py/04-call-it.py").to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
        ])
        .env_remove("GG_NO_CACHE")
        .output()
        .unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let report = steady(&text(&o));
        let second = &report[report.find("python · turn 2").expect("two turns")..];
        insta::assert_snapshot!(second);
    }

    // ------------------------------------------------------------------ the session record

    #[test]
    fn the_session_record_pairs_calls_and_pins_each_skill_once() {
        let ws = copy_of("modules");
        std::fs::write(ws.path().join("notes.txt"), "one\ntwo\n").unwrap();
        let record = ws.path().join("record.jsonl");
        let o = gg(&[
            "session",
            data("record").to_str().unwrap(),
            "--workspace",
            ws.path().to_str().unwrap(),
            "--record",
            record.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let lines = std::fs::read_to_string(&record).unwrap();
        for line in lines.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(v["kind"].is_string(), "{line}");
        }
        insta::assert_snapshot!(lines);
        let o = gg(&[
            "session",
            data("record").to_str().unwrap(),
            "--record",
            "/nonexistent-dir/r.jsonl",
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("--record /nonexistent-dir/r.jsonl: "),
            "{}",
            stderr(&o)
        );
    }

    // ------------------------------------------------------------------ prompt and docs

    #[test]
    fn prompt_alone_renders_every_arms_paragraph() {
        let o = gg(&["prompt"]);
        assert_eq!(o.status.code(), Some(0));
        let out = text(&o);
        let registry = gg_core::Registry::global().unwrap();
        let mut without = Vec::new();
        for arm in registry.arms() {
            match arm.prompt_segment() {
                Some(_) => {
                    // Each arm's as `gg prompt ARM` prints it under the same default settings.
                    let alone = text(&gg(&["prompt", arm.id()]));
                    let heading = format!("## {} ({})\n\n", arm.display_name(), arm.id());
                    assert!(out.contains(&format!("{heading}{}", alone.trim_end())), "{}", arm.id());
                }
                None => without.push(arm.id()),
            }
        }
        assert!(
            out.trim_end()
                .ends_with(&format!("(no prompt segment: {})", without.join(", ")))
        );
        assert_eq!(
            gg(&["prompt", "fixture"]).status.code(),
            Some(2),
            "the fixture arm has none"
        );
    }

    #[test]
    fn docs_searches_an_arms_catalogue() {
        let o = gg(&["docs", "fixture", "read", "file"]);
        assert_eq!(o.status.code(), Some(0));
        insta::assert_snapshot!(text(&o));
        let o = gg(&["docs", "fixture", "--name", "views.open_file"]);
        assert_eq!(o.status.code(), Some(0));
        assert!(text(&o).starts_with("op views.open_file {...}"), "{}", text(&o));
        let o = gg(&["docs", "fixture", "--module", "nope"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("the fixture catalogue has no module `nope`; modules: files, shell"));
        assert_eq!(gg(&["docs", "cobol", "x"]).status.code(), Some(2));
    }
}
