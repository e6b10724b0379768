//! Where `toolchains/java.sh` put TeaVM 0.13.1 (its jars, copied by mvn, and our edits to its
//! class library) and the JDK that runs javac and TeaVM, found once per process.

use std::path::PathBuf;
use std::sync::OnceLock;

use gg_jvm::jdk_tool;

/// What every program is compiled by, as the arm names it.
pub const TOOL: &str = "javac+teavm";
/// The TeaVM release `toolchains/java.sh` installs: the last with the WebAssembly WASI backend.
pub const TEAVM: &str = "0.13.1";
/// The driver class (`launcher/JavaWasmCompiler.java`) the compile server runs.
pub const ENTRY: &str = "JavaWasmCompiler";

/// The installed toolchain.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// `.../teavm-0.13.1`, holding the jars.
    pub home: PathBuf,
    /// Every jar there, sorted.
    pub jars: Vec<PathBuf>,
    pub java: PathBuf,
    pub javac: PathBuf,
    /// Our edits to TeaVM's class library (`toolchains/java.sh` makes them from its pinned sources):
    /// (path under the source root, text), compiled into the SDK ahead of the library.
    pub overrides: Vec<(String, String)>,
}

/// Where `toolchains/java.sh` writes the edited class-library sources (its revision in the name).
const OVERRIDES: &str = "overrides-r1";

/// Every `.java` file under `dir`, as (path relative to `root`, text).
fn java_files(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<(String, String)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            java_files(root, &path, out)?;
        } else if path.extension().is_some_and(|x| x == "java") {
            let relative = path.strip_prefix(root).expect("under the root").display().to_string();
            out.push((relative, std::fs::read_to_string(&path)?));
        }
    }
    Ok(())
}

impl Toolchain {
    /// `${GG_JAVA_TOOLCHAIN:-/opt/gg-java}/teavm-0.13.1`, if it is complete.
    pub fn get() -> Result<&'static Toolchain, String> {
        static FOUND: OnceLock<Result<Toolchain, String>> = OnceLock::new();
        FOUND.get_or_init(Self::find).as_ref().map_err(Clone::clone)
    }

    fn find() -> Result<Toolchain, String> {
        let root = std::env::var_os("GG_JAVA_TOOLCHAIN").map_or_else(|| PathBuf::from("/opt/gg-java"), PathBuf::from);
        let home = root.join(format!("teavm-{TEAVM}"));
        let missing = |what: &str| format!("{what} in {} (run `bash toolchains/java.sh`)", home.display());
        if !home.join(".complete").is_file() {
            return Err(missing(&format!("no TeaVM {TEAVM}")));
        }
        let mut jars: Vec<PathBuf> = std::fs::read_dir(&home)
            .map_err(|_| missing("no TeaVM jars"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "jar"))
            .collect();
        jars.sort();
        for want in ["teavm-tooling", "teavm-classlib", "teavm-interop", "teavm-core"] {
            let name = format!("{want}-{TEAVM}.jar");
            if !jars.iter().any(|j| j.file_name().is_some_and(|n| n == name.as_str())) {
                return Err(missing(&format!("no {name}")));
            }
        }
        let overrides_dir = home.join(OVERRIDES);
        if !overrides_dir.join(".complete").is_file() {
            return Err(missing(&format!("no {OVERRIDES}")));
        }
        let mut overrides = Vec::new();
        java_files(&overrides_dir, &overrides_dir, &mut overrides)
            .map_err(|e| missing(&format!("{OVERRIDES} unreadable ({e})")))?;
        overrides.sort();
        let java = jdk_tool("java").ok_or("no java on PATH or in JAVA_HOME (a JDK 17 or newer)")?;
        let javac = jdk_tool("javac").ok_or("no javac on PATH or in JAVA_HOME (a JDK 17 or newer, not a JRE)")?;
        Ok(Toolchain {
            home,
            jars,
            java,
            javac,
            overrides,
        })
    }

    /// Every TeaVM jar, as a class path.
    pub fn classpath(&self) -> String {
        join(self.jars.iter())
    }

    /// What a program is compiled against besides the SDK: `teavm-interop` (the SDK's `@Import`).
    pub fn interop(&self) -> PathBuf {
        self.home.join(format!("teavm-interop-{TEAVM}.jar"))
    }

    /// What the SDK is compiled against: `teavm-interop`, `teavm-core` for the runtime's
    /// intrinsics the SDK's `Heap` and `Checks` call (the collector's sizes, `memory.grow`), and
    /// `teavm-classlib` for the class library's types the SDK's `TRandom` is written against.
    pub fn sdk_classpath(&self) -> String {
        join(
            [
                self.interop(),
                self.home.join(format!("teavm-core-{TEAVM}.jar")),
                self.home.join(format!("teavm-classlib-{TEAVM}.jar")),
            ]
            .iter(),
        )
    }
}

/// Paths joined with `:`.
pub fn join<'a>(paths: impl Iterator<Item = &'a PathBuf>) -> String {
    paths.map(|p| p.display().to_string()).collect::<Vec<_>>().join(":")
}
