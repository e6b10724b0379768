//! Where `toolchains/purescript.sh` put purs 0.15.16, the core packages compiled once, and
//! esbuild: `${GG_PURESCRIPT_TOOLCHAIN:-/opt/gg-purescript}/current`, found once per process.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The compiler release every program is judged by.
pub const VERSION: &str = "0.15.16";
/// What installs the toolchain, as a program in this arm is told when it is missing.
pub const INSTALL: &str = "bash toolchains/install.sh purescript";

/// The installed toolchain.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The folder `current` names (its name is the install's key: version, recipe, checksums).
    pub home: PathBuf,
    pub purs: PathBuf,
    pub esbuild: PathBuf,
    /// The modules a program may import, as the install listed them.
    pub modules: Vec<String>,
}

impl Toolchain {
    pub fn get() -> Result<&'static Toolchain, String> {
        static FOUND: OnceLock<Result<Toolchain, String>> = OnceLock::new();
        FOUND.get_or_init(Self::find).as_ref().map_err(Clone::clone)
    }

    fn find() -> Result<Toolchain, String> {
        let root = std::env::var_os("GG_PURESCRIPT_TOOLCHAIN")
            .map_or_else(|| PathBuf::from("/opt/gg-purescript"), PathBuf::from);
        let current = root.join("current");
        let missing = |what: &str| format!("{what} in {} (run `{INSTALL}`)", root.display());
        let home = std::fs::canonicalize(&current).map_err(|_| missing("no PureScript toolchain"))?;
        let stamp = std::fs::read_to_string(home.join(".complete")).map_err(|_| missing("an unfinished install"))?;
        if !stamp.starts_with(&format!("purs-{VERSION}-")) {
            return Err(missing(&format!("no purs {VERSION}")));
        }
        let modules = std::fs::read_to_string(home.join("modules.txt"))
            .map_err(|_| missing("no compiled core packages"))?
            .lines()
            .map(str::to_owned)
            .collect();
        Ok(Toolchain {
            purs: home.join("bin/purs"),
            esbuild: home.join("node_modules/.bin/esbuild"),
            modules,
            home,
        })
    }

    /// The install's key (its folder's name): what every cache built from it is keyed by.
    pub fn key(&self) -> String {
        self.home
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}
