//! The VM snapshot does not carry one program's file-system reach or environment into the next:
//! a confined program after a full-reach one sees its own workspace (and the reverse), and each
//! program its own deadline.

use crate::common;

use std::sync::Arc;

use common::{MemoryTools, options, session};
use gg_core::program::store::GuestReach;
use gg_core::{RunOptions, Status};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_program_sees_its_own_preopens() {
    let full = options();
    let mut s = session(Arc::new(MemoryTools::default()));
    let o = s
        .run("puts File.exist?(\"/etc/hostname\") || File.exist?(\"/proc\")", &full)
        .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "inside").unwrap();
    let confined = RunOptions {
        reach: GuestReach::Confined {
            root: dir.path().to_owned(),
            env: vec![],
            tmp: None,
        },
        ..options()
    };
    let program = format!(
        "puts File.read(\"a.txt\")\nputs File.read(\"{}/a.txt\")\nputs File.exist?(\"/etc/passwd\")",
        dir.path().display()
    );
    let o = s.run(&program, &confined).await;
    assert_eq!(o.status, Status::Completed, "{:?} {:?}", o.error, o.logs);
    assert_eq!(o.logs, ["inside", "inside", "false"]);
}

/// The snapshot is taken under one program's environment; each later program reads its own (here
/// its deadline, which follows its timeout).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_program_reads_its_own_environment() {
    let mut s = session(Arc::new(MemoryTools::default()));
    let mut seen = Vec::new();
    for secs in [5, 9, 5] {
        let o = s
            .run(
                "puts ENV.fetch(\"GG_SANDBOX_DEADLINE_MS\")",
                &RunOptions {
                    limits: gg_core::Limits {
                        timeout: std::time::Duration::from_secs(secs),
                        ..gg_core::Limits::default()
                    },
                    ..options()
                },
            )
            .await;
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        seen.push(o.logs[0].parse::<u64>().expect("a number of milliseconds"));
    }
    assert!(seen[0] < seen[1] && seen[0] == seen[2], "{seen:?}");
}
