//! Publishes the WIT's path to every arm's build script as `DEP_GG_CORE_WIT` (the `links` key), so no
//! arm reads `../gg-core/wit/…` by relative path and an out-of-tree arm builds against the same file.

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    // Two checkouts sharing one target directory share this script's output. The relative path
    // reruns it when this checkout's WIT changes; the absolute one when the checkout that last ran
    // it is gone, so a removed checkout's path is never handed on.
    println!("cargo:rerun-if-changed=wit");
    println!("cargo:rerun-if-changed={dir}/wit");
    println!("cargo:wit={dir}/wit/gg-sandbox.wit");
    println!("cargo:wit_dir={dir}/wit");
}
