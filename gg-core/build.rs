//! Publishes the WIT's path to every arm's build script as `DEP_GG_CORE_WIT` (the `links` key), so no
//! arm reads `../gg-core/wit/…` by relative path and an out-of-tree arm builds against the same file.

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed=wit");
    println!("cargo:wit={dir}/wit/gg-sandbox.wit");
    println!("cargo:wit_dir={dir}/wit");
}
