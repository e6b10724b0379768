//! The working directory is the workspace under both reaches: the relative paths of
//! `tests/fixtures/workspace/working-directory.cpp`, in the language's own file APIs, land there,
//! and so do `filesystem.cpp`'s, in std::filesystem's. Under a confined reach `tests/fixtures/workspace/private-tmp.cpp` writes and reads temporary
//! files with the language's own API in its private `/tmp`, which TMPDIR names and each program
//! finds empty.

use std::sync::Arc;

use gg_arm_cpp::CppArm;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relative_paths_resolve_in_the_workspace() {
    let source = include_str!("../fixtures/workspace/working-directory.cpp");
    let text = gg_core::testing::run_in_workspace(Arc::new(CppArm), source).await;
    insta::assert_snapshot!(text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confined_program_has_a_private_tmp_of_its_own() {
    let source = include_str!("../fixtures/workspace/private-tmp.cpp");
    let text = gg_core::testing::run_with_private_tmp(Arc::new(CppArm), source).await;
    insta::assert_snapshot!(text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn std_filesystem_works_in_the_workspace() {
    let source = include_str!("../fixtures/workspace/filesystem.cpp");
    let text = gg_core::testing::run_in_workspace(Arc::new(CppArm), source).await;
    insta::assert_snapshot!(text);
}
