//! Where `toolchains/kotlin.sh` installed kotlinc (npm's kotlin-compiler, the whole distribution)
//! and the JDK that runs it, found once per process.

use std::path::PathBuf;
use std::sync::OnceLock;

use gg_jvm::jdk_tool;

/// The compiler every program is judged by.
pub const KOTLINC: &str = "kotlinc-wasm";
/// The release `toolchains/kotlin.sh` installs.
pub const VERSION: &str = "2.4.20";
/// The compiler's entry point inside `kotlin-compiler.jar`.
pub const ENTRY: &str = "org.jetbrains.kotlin.cli.js.KotlinWasmCompiler";

/// The installed toolchain.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// `.../node_modules/kotlin-compiler`.
    pub home: PathBuf,
    pub java: PathBuf,
    /// `javac`, if the JDK has one (the daemon's server is compiled with it).
    pub javac: Option<PathBuf>,
}

impl Toolchain {
    /// `${GG_KOTLIN_TOOLCHAIN:-/opt/gg-kotlin}/node_modules/kotlin-compiler`, if it holds 2.4.20.
    pub fn get() -> Result<&'static Toolchain, String> {
        static FOUND: OnceLock<Result<Toolchain, String>> = OnceLock::new();
        FOUND.get_or_init(Self::find).as_ref().map_err(Clone::clone)
    }

    fn find() -> Result<Toolchain, String> {
        let root =
            std::env::var_os("GG_KOTLIN_TOOLCHAIN").map_or_else(|| PathBuf::from("/opt/gg-kotlin"), PathBuf::from);
        let home = root.join("node_modules/kotlin-compiler");
        let missing = |what: &str| format!("{what} in {} (run `bash toolchains/kotlin.sh`)", home.display());
        let package = std::fs::read_to_string(home.join("package.json")).map_err(|_| missing("no kotlin-compiler"))?;
        if !package.contains(&format!("\"version\": \"{VERSION}\"")) {
            return Err(missing(&format!("no kotlin-compiler {VERSION}")));
        }
        if !home.join("lib/kotlin-stdlib-wasm-wasi.klib").is_file() {
            return Err(missing("no wasm-wasi standard library"));
        }
        let java = jdk_tool("java")
            .ok_or_else(|| "no java on PATH or in JAVA_HOME (kotlinc runs on a JDK 17 or newer)".to_owned())?;
        Ok(Toolchain {
            java,
            javac: jdk_tool("javac"),
            home,
        })
    }

    pub fn compiler_jar(&self) -> PathBuf {
        self.home.join("lib/kotlin-compiler.jar")
    }

    pub fn stdlib(&self) -> PathBuf {
        self.home.join("lib/kotlin-stdlib-wasm-wasi.klib")
    }

    pub fn kotlinc(&self) -> PathBuf {
        self.home.join("bin/kotlinc-wasm")
    }
}
