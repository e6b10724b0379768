//! Where `toolchains/cpp.sh` installed clang-22's sysroot and how it says to compile and link
//! (its `flags` file), read once per process.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The compiler driver every program is judged by.
pub const CXX: &str = "clang++-22";
/// The LLVM release of the runtimes `toolchains/cpp.sh` builds (its `LLVM_VERSION` and `RECIPE`).
pub const LLVM_VERSION: &str = "22.1.8";
const KEY: &str = "llvm-22.1.8-r3";

/// The installed toolchain: its directory and the words of each line of its `flags` file.
#[derive(Debug, Clone)]
pub struct Toolchain {
    pub dir: PathBuf,
    pub cxx: String,
    pub cxxflags: Vec<String>,
    pub optflags: Vec<String>,
    pub pchflags: Vec<String>,
    pub pchobj: String,
    pub ldflags: Vec<String>,
    /// The stamp of the build (`.complete`): part of the SDK object's cache key.
    pub stamp: String,
}

impl Toolchain {
    /// `${GG_CPP_TOOLCHAIN:-/opt/gg-cpp}/llvm-22.1.8-r3`, if `toolchains/cpp.sh` completed there.
    pub fn get() -> Result<&'static Toolchain, String> {
        static FOUND: OnceLock<Result<Toolchain, String>> = OnceLock::new();
        FOUND.get_or_init(Self::find).as_ref().map_err(Clone::clone)
    }

    fn find() -> Result<Toolchain, String> {
        let root = std::env::var_os("GG_CPP_TOOLCHAIN").map_or_else(|| PathBuf::from("/opt/gg-cpp"), PathBuf::from);
        let dir = root.join(KEY);
        let missing = |what: &str| format!("{what} in {} (run `bash toolchains/cpp.sh`)", dir.display());
        let stamp = std::fs::read_to_string(dir.join(".complete")).map_err(|_| missing("no completed build"))?;
        let flags = std::fs::read_to_string(dir.join("flags")).map_err(|_| missing("no flags file"))?;
        let line = |key: &str| -> Result<String, String> {
            flags
                .lines()
                .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
                .map(str::to_owned)
                .ok_or_else(|| missing(&format!("no {key} line in the flags file")))
        };
        let words = |key: &str| -> Result<Vec<String>, String> {
            Ok(line(key)?.split_whitespace().map(str::to_owned).collect())
        };
        Ok(Toolchain {
            cxx: line("CXX")?,
            cxxflags: words("CXXFLAGS")?,
            optflags: words("OPTFLAGS")?,
            pchflags: words("PCHFLAGS")?,
            pchobj: line("PCHOBJ")?,
            ldflags: words("LDFLAGS")?,
            stamp: stamp.trim().to_owned(),
            dir,
        })
    }
}
