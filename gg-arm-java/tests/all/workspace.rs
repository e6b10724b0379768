//! The working directory is the workspace under both reaches: the relative paths of
//! `tests/fixtures/workspace/working-directory.java`, in the language's own file APIs, land there.
//! Under a confined reach `tests/fixtures/workspace/private-tmp.java` writes and reads temporary
//! files with the language's own API in its private `/tmp`, which TMPDIR names and each program
//! finds empty. `file-output-truncates.java` rewrites files with the language's own streams.

use std::sync::Arc;

use gg_arm_java::JavaArm;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relative_paths_resolve_in_the_workspace() {
    let source = include_str!("../fixtures/workspace/working-directory.java");
    let text = gg_core::testing::run_in_workspace(Arc::new(JavaArm), source).await;
    insta::assert_snapshot!(text);
}

/// `new FileOutputStream(path)` and `new FileWriter(path)` truncate (TeaVM's own do not: our edit,
/// decision 0132); `new FileWriter(path, true)` appends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rewriting_a_file_with_the_languages_own_streams_truncates_it() {
    let source = include_str!("../fixtures/workspace/file-output-truncates.java");
    let text = gg_core::testing::run_in_workspace(Arc::new(JavaArm), source).await;
    insta::assert_snapshot!(text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "TeaVM 0.13.1's WASI file system does not reach the /tmp preopen (`new File(\"/tmp\").exists()` is false, a write there fails `Could not create file`), though it reaches the workspace's"]
async fn a_confined_program_has_a_private_tmp_of_its_own() {
    let source = include_str!("../fixtures/workspace/private-tmp.java");
    let text = gg_core::testing::run_with_private_tmp(Arc::new(JavaArm), source).await;
    insta::assert_snapshot!(text);
}
