//! The configuration file (`gg.toml`): named profiles of run settings, where the file is found, and
//! how the command line's flags, the chosen profile and gg's defaults combine into the effective
//! settings, each with where it came from.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// The file's name, in a workspace or in the user's config directory (`…/gg/gg.toml`).
pub const FILE_NAME: &str = "gg.toml";

/// gg's own defaults.
pub const DEFAULT_TIMEOUT_SECS: f64 = 30.0;
pub const DEFAULT_MAX_MEMORY_BYTES: u64 = 256 * 1024 * 1024;
pub const DEFAULT_RUN_BUDGET_SECS: f64 = 600.0;

/// The keys a profile may set, as the file and the flags spell them.
pub const PROFILE_KEYS: &[&str] = &[
    "timeout-secs",
    "max-memory-bytes",
    "run-budget-secs",
    "reach",
    "grant",
    "ending",
    "library-retention",
    "workspace",
];

/// Where an effective value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File(PathBuf),
    Flag,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File(path) => write!(f, "file:{}", path.display()),
            Source::Flag => f.write_str("flag"),
        }
    }
}

/// What a program's guest may reach outside the membrane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Reach {
    /// The spec's reach: `/` preopened, the environment inherited, the network.
    Full,
    /// Only the workspace preopened, only PATH, HOME, LANG and TMPDIR, no network.
    Confined,
}

/// The session ending an agent may reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Ending {
    None,
    Finish,
    Review,
}

/// The operations granted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grant {
    All,
    Only(Vec<String>),
}

/// How many programs the workspace's program library keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retention {
    All,
    Newest(usize),
}

/// `--library-retention`'s parser: a count, or `all`.
pub fn parse_retention(text: &str) -> Result<Retention, String> {
    match text {
        "all" => Ok(Retention::All),
        n => n
            .parse::<usize>()
            .map(Retention::Newest)
            .map_err(|_| format!("expected a number of programs or `all`; got `{n}`")),
    }
}

/// One layer of settings (the flags, or a profile); `None` leaves a setting to the next layer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    pub timeout_secs: Option<f64>,
    pub max_memory_bytes: Option<u64>,
    pub run_budget_secs: Option<f64>,
    pub reach: Option<Reach>,
    pub grant: Option<Grant>,
    pub ending: Option<Ending>,
    pub library_retention: Option<Retention>,
    pub workspace: Option<PathBuf>,
}

/// A value and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

/// The settings a run uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Effective {
    /// The file read, if any, and the profile chosen in it.
    pub file: Option<PathBuf>,
    pub profile: Option<String>,
    pub timeout_secs: Sourced<f64>,
    pub max_memory_bytes: Sourced<u64>,
    pub run_budget_secs: Sourced<f64>,
    pub reach: Sourced<Reach>,
    pub grant: Sourced<Grant>,
    pub ending: Sourced<Ending>,
    pub library_retention: Sourced<Retention>,
    /// `None`: a fresh temporary copy of the embedded default workspace.
    pub workspace: Sourced<Option<PathBuf>>,
}

/// A configuration file, read and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigFile {
    pub path: PathBuf,
    /// The profile used when the command line names none (`default-profile`).
    pub default_profile: Option<String>,
    pub profiles: BTreeMap<String, Settings>,
}

/// The profile used when neither `--profile` nor `default-profile` names one, if the file has it.
pub const DEFAULT_PROFILE: &str = "default";

/// The file gg reads: `explicit` (`--config`), else `gg.toml` in the workspace named on the command
/// line, else `gg.toml` in the user's config directory (`$XDG_CONFIG_HOME/gg`, else
/// `~/.config/gg`); `None` when there is none.
pub fn locate(explicit: Option<&Path>, workspace: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = explicit {
        return Some(path.to_owned());
    }
    if let Some(file) = workspace.map(|w| w.join(FILE_NAME)).filter(|f| f.is_file()) {
        return Some(file);
    }
    user_file().filter(|f| f.is_file())
}

/// `gg.toml` in the user's config directory, whether or not it exists.
pub fn user_file() -> Option<PathBuf> {
    let dir = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".config")))?;
    Some(dir.join("gg").join(FILE_NAME))
}

/// Reads and checks the file at `path`: unknown keys and bad values are errors naming the key and
/// the file.
pub fn load(path: &Path, operations: &BTreeSet<&str>) -> Result<ConfigFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    parse(path, &text, operations)
}

/// [`load`] over text already read.
pub fn parse(path: &Path, text: &str, operations: &BTreeSet<&str>) -> Result<ConfigFile, String> {
    let shown = path.display();
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("{shown} is not valid TOML: {}", e.to_string().trim_end()))?;
    let mut file = ConfigFile {
        path: path.to_owned(),
        default_profile: None,
        profiles: BTreeMap::new(),
    };
    for (key, value) in &table {
        match key.as_str() {
            "default-profile" => match value.as_str() {
                Some(name) => file.default_profile = Some(name.to_owned()),
                None => {
                    return Err(format!(
                        "{shown}: `default-profile` must be a profile's name (a string)"
                    ));
                }
            },
            "profiles" => {
                let Some(profiles) = value.as_table() else {
                    return Err(format!(
                        "{shown}: `profiles` must be a table of profiles (`[profiles.NAME]`)"
                    ));
                };
                for (name, profile) in profiles {
                    let Some(profile) = profile.as_table() else {
                        return Err(format!("{shown}: `profiles.{name}` must be a table of settings"));
                    };
                    let dir = path.parent().unwrap_or(Path::new("."));
                    let settings = profile_settings(&shown.to_string(), name, profile, dir, operations)?;
                    file.profiles.insert(name.clone(), settings);
                }
            }
            other => {
                return Err(format!(
                    "{shown}: unknown key `{other}`; the file's keys are `default-profile` and `profiles`"
                ));
            }
        }
    }
    if let Some(name) = &file.default_profile
        && !file.profiles.contains_key(name)
    {
        return Err(format!(
            "{shown}: `default-profile` names `{name}`, which is no profile; profiles: {}",
            names(&file)
        ));
    }
    Ok(file)
}

fn names(file: &ConfigFile) -> String {
    if file.profiles.is_empty() {
        "(none)".to_owned()
    } else {
        file.profiles.keys().cloned().collect::<Vec<_>>().join(", ")
    }
}

fn profile_settings(
    file: &str,
    profile: &str,
    table: &toml::Table,
    dir: &Path,
    operations: &BTreeSet<&str>,
) -> Result<Settings, String> {
    let mut s = Settings::default();
    for (key, value) in table {
        let at = format!("{file}: `profiles.{profile}.{key}`");
        let bad = |what: &str| format!("{at} must be {what}; got {value}");
        match key.as_str() {
            "timeout-secs" => s.timeout_secs = Some(seconds(value).ok_or_else(|| bad(SECONDS))?),
            "run-budget-secs" => s.run_budget_secs = Some(seconds(value).ok_or_else(|| bad(SECONDS))?),
            "max-memory-bytes" => {
                let bytes = value
                    .as_integer()
                    .and_then(|n| u64::try_from(n).ok())
                    .filter(|n| *n > 0);
                s.max_memory_bytes = Some(bytes.ok_or_else(|| bad("a number of bytes above 0"))?);
            }
            "reach" => {
                s.reach = Some(match value.as_str() {
                    Some("full") => Reach::Full,
                    Some("confined") => Reach::Confined,
                    _ => return Err(bad("`full` or `confined`")),
                })
            }
            "ending" => {
                s.ending = Some(match value.as_str() {
                    Some("none") => Ending::None,
                    Some("finish") => Ending::Finish,
                    Some("review") => Ending::Review,
                    _ => return Err(bad("`none`, `finish` or `review`")),
                })
            }
            "grant" => {
                let grant = match value {
                    toml::Value::String(all) if all == "all" => Grant::All,
                    toml::Value::Array(items) => {
                        let ids: Option<Vec<String>> = items.iter().map(|i| i.as_str().map(str::to_owned)).collect();
                        let ids = ids.ok_or_else(|| bad("`all` or a list of operation ids"))?;
                        check_grant(&ids, operations).map_err(|e| format!("{at} {e}"))?
                    }
                    _ => return Err(bad("`all` or a list of operation ids")),
                };
                s.grant = Some(grant);
            }
            "library-retention" => {
                s.library_retention = Some(match value {
                    toml::Value::String(all) if all == "all" => Retention::All,
                    toml::Value::Integer(n) if *n >= 0 => Retention::Newest(*n as usize),
                    _ => return Err(bad("a number of programs or `all`")),
                })
            }
            "workspace" => {
                let dir_value = value
                    .as_str()
                    .filter(|p| !p.is_empty())
                    .ok_or_else(|| bad("a directory"))?;
                // A relative workspace is read from the file's own directory.
                s.workspace = Some(dir.join(dir_value));
            }
            other => {
                return Err(format!(
                    "{file}: unknown key `{other}` in profile `{profile}`; a profile's keys are {}",
                    PROFILE_KEYS.join(", ")
                ));
            }
        }
    }
    Ok(s)
}

const SECONDS: &str = "a number of seconds above 0 and at most a day";

fn seconds(value: &toml::Value) -> Option<f64> {
    let secs = match value {
        toml::Value::Float(f) => *f,
        toml::Value::Integer(n) => *n as f64,
        _ => return None,
    };
    valid_seconds(secs).then_some(secs)
}

/// A duration setting's range: above 0, at most a day.
pub fn valid_seconds(secs: f64) -> bool {
    secs.is_finite() && secs > 0.0 && secs <= 86_400.0
}

/// A grant list: `all` alone grants every operation; otherwise each id must be an operation.
pub fn check_grant(ids: &[String], operations: &BTreeSet<&str>) -> Result<Grant, String> {
    if ids.len() == 1 && ids[0] == "all" {
        return Ok(Grant::All);
    }
    if let Some(bad) = ids.iter().find(|id| !operations.contains(id.as_str())) {
        return Err(format!(
            "names `{bad}`, which is no operation; operations: {}",
            operations.iter().copied().collect::<Vec<_>>().join(", ")
        ));
    }
    Ok(Grant::Only(ids.to_vec()))
}

/// Combines the flags, the profile chosen from `file` and gg's defaults: a flag wins over the
/// profile, the profile over the default. `profile` is `--profile`; without it the file's
/// `default-profile`, else its profile named `default`, else none.
pub fn resolve(flags: &Settings, file: Option<&ConfigFile>, profile: Option<&str>) -> Result<Effective, String> {
    let (chosen, settings) = match (file, profile) {
        (None, Some(name)) => {
            let wanted = user_file().map_or_else(|| "no config directory".to_owned(), |p| p.display().to_string());
            return Err(format!(
                "--profile {name}: there is no configuration file (looked for {FILE_NAME} in the workspace and at \
                 {wanted}; or name one with --config)"
            ));
        }
        (None, None) => (None, Settings::default()),
        (Some(file), Some(name)) => match file.profiles.get(name) {
            Some(s) => (Some(name.to_owned()), s.clone()),
            None => {
                return Err(format!(
                    "--profile {name}: {} has no such profile; profiles: {}",
                    file.path.display(),
                    names(file)
                ));
            }
        },
        (Some(file), None) => {
            let name = file.default_profile.clone().or_else(|| {
                file.profiles
                    .contains_key(DEFAULT_PROFILE)
                    .then(|| DEFAULT_PROFILE.to_owned())
            });
            match name {
                Some(name) => {
                    let s = file.profiles[&name].clone();
                    (Some(name), s)
                }
                None => (None, Settings::default()),
            }
        }
    };
    let from_file = Source::File(file.map(|f| f.path.clone()).unwrap_or_default());
    fn pick<T: Clone>(flag: &Option<T>, profile: &Option<T>, default: T, file: &Source) -> Sourced<T> {
        match (flag, profile) {
            (Some(v), _) => Sourced {
                value: v.clone(),
                source: Source::Flag,
            },
            (None, Some(v)) => Sourced {
                value: v.clone(),
                source: file.clone(),
            },
            (None, None) => Sourced {
                value: default,
                source: Source::Default,
            },
        }
    }
    let workspace = pick(
        &flags.workspace.clone().map(Some),
        &settings.workspace.clone().map(Some),
        None,
        &from_file,
    );
    Ok(Effective {
        file: file.map(|f| f.path.clone()),
        profile: chosen,
        timeout_secs: pick(
            &flags.timeout_secs,
            &settings.timeout_secs,
            DEFAULT_TIMEOUT_SECS,
            &from_file,
        ),
        max_memory_bytes: pick(
            &flags.max_memory_bytes,
            &settings.max_memory_bytes,
            DEFAULT_MAX_MEMORY_BYTES,
            &from_file,
        ),
        run_budget_secs: pick(
            &flags.run_budget_secs,
            &settings.run_budget_secs,
            DEFAULT_RUN_BUDGET_SECS,
            &from_file,
        ),
        reach: pick(&flags.reach, &settings.reach, Reach::Full, &from_file),
        grant: pick(&flags.grant, &settings.grant, Grant::All, &from_file),
        ending: pick(&flags.ending, &settings.ending, Ending::Finish, &from_file),
        library_retention: pick(
            &flags.library_retention,
            &settings.library_retention,
            Retention::All,
            &from_file,
        ),
        workspace,
    })
}

impl Effective {
    /// What `gg config` prints: the file and profile, then each setting, its value and its source.
    pub fn report(&self) -> String {
        let mut out = match &self.file {
            Some(path) => format!("config file: {}\n", path.display()),
            None => format!(
                "config file: none (looked for {FILE_NAME} in the workspace and at {})\n",
                user_file().map_or_else(|| "no config directory".to_owned(), |p| p.display().to_string())
            ),
        };
        out.push_str(&format!("profile: {}\n\n", self.profile.as_deref().unwrap_or("none")));
        let secs = |v: f64| format!("{v}");
        let rows: Vec<(&str, String, &Source)> = vec![
            ("timeout-secs", secs(self.timeout_secs.value), &self.timeout_secs.source),
            (
                "max-memory-bytes",
                self.max_memory_bytes.value.to_string(),
                &self.max_memory_bytes.source,
            ),
            (
                "run-budget-secs",
                secs(self.run_budget_secs.value),
                &self.run_budget_secs.source,
            ),
            (
                "reach",
                match self.reach.value {
                    Reach::Full => "full".into(),
                    Reach::Confined => "confined".into(),
                },
                &self.reach.source,
            ),
            (
                "grant",
                match &self.grant.value {
                    Grant::All => "all".into(),
                    Grant::Only(ids) if ids.is_empty() => "(none)".into(),
                    Grant::Only(ids) => ids.join(","),
                },
                &self.grant.source,
            ),
            (
                "ending",
                match self.ending.value {
                    Ending::None => "none".into(),
                    Ending::Finish => "finish".into(),
                    Ending::Review => "review".into(),
                },
                &self.ending.source,
            ),
            (
                "library-retention",
                match self.library_retention.value {
                    Retention::All => "all".into(),
                    Retention::Newest(n) => n.to_string(),
                },
                &self.library_retention.source,
            ),
            (
                "workspace",
                match &self.workspace.value {
                    Some(dir) => dir.display().to_string(),
                    None => "(a fresh temporary copy of the default)".into(),
                },
                &self.workspace.source,
            ),
        ];
        for (key, value, source) in rows {
            out.push_str(&format!("{key:<17} = {value}  ({source})\n"));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops() -> BTreeSet<&'static str> {
        ["files.read_file", "shell.run"].into_iter().collect()
    }

    fn check(text: &str) -> Result<ConfigFile, String> {
        parse(Path::new("/cfg/gg.toml"), text, &ops())
    }

    #[test]
    fn a_profile_reads_every_key() {
        let file = check(
            "default-profile = \"ci\"\n[profiles.ci]\ntimeout-secs = 5\nmax-memory-bytes = 1048576\n\
             run-budget-secs = 60.5\nreach = \"confined\"\ngrant = [\"shell.run\"]\nending = \"review\"\n\
             library-retention = 3\nworkspace = \"ws\"\n",
        )
        .unwrap();
        let s = &file.profiles["ci"];
        assert_eq!(s.timeout_secs, Some(5.0));
        assert_eq!(s.max_memory_bytes, Some(1 << 20));
        assert_eq!(s.run_budget_secs, Some(60.5));
        assert_eq!(s.reach, Some(Reach::Confined));
        assert_eq!(s.grant, Some(Grant::Only(vec!["shell.run".into()])));
        assert_eq!(s.ending, Some(Ending::Review));
        assert_eq!(s.library_retention, Some(Retention::Newest(3)));
        assert_eq!(s.workspace, Some(PathBuf::from("/cfg/ws")));
        assert_eq!(file.default_profile.as_deref(), Some("ci"));
    }

    #[test]
    fn unknown_keys_and_bad_values_name_the_key_and_the_file() {
        let cases = [
            (
                "[profiles.ci]\ntimeout = 5\n",
                "/cfg/gg.toml: unknown key `timeout` in profile `ci`",
            ),
            ("colour = 1\n", "/cfg/gg.toml: unknown key `colour`"),
            (
                "[profiles.ci]\ntimeout-secs = -1\n",
                "/cfg/gg.toml: `profiles.ci.timeout-secs` must be a number of seconds above 0",
            ),
            (
                "[profiles.ci]\nreach = \"open\"\n",
                "/cfg/gg.toml: `profiles.ci.reach` must be `full` or `confined`; got \"open\"",
            ),
            (
                "[profiles.ci]\ngrant = [\"files.nope\"]\n",
                "/cfg/gg.toml: `profiles.ci.grant` names `files.nope`, which is no operation",
            ),
            (
                "[profiles.ci]\nmax-memory-bytes = \"lots\"\n",
                "`profiles.ci.max-memory-bytes` must be a number of bytes above 0",
            ),
            (
                "[profiles.ci]\nlibrary-retention = -2\n",
                "`profiles.ci.library-retention` must be a number of programs or `all`",
            ),
            (
                "default-profile = \"x\"\n",
                "`default-profile` names `x`, which is no profile",
            ),
            ("[profiles\n", "/cfg/gg.toml is not valid TOML"),
        ];
        for (text, expected) in cases {
            let err = check(text).unwrap_err();
            assert!(err.contains(expected), "{text:?}: {err}");
        }
    }

    #[test]
    fn a_flag_wins_over_the_profile_and_the_profile_over_the_default() {
        let file = check("[profiles.default]\ntimeout-secs = 5\nending = \"none\"\n").unwrap();
        let flags = Settings {
            ending: Some(Ending::Review),
            ..Settings::default()
        };
        let e = resolve(&flags, Some(&file), None).unwrap();
        assert_eq!(e.profile.as_deref(), Some("default"));
        assert_eq!(
            e.timeout_secs,
            Sourced {
                value: 5.0,
                source: Source::File("/cfg/gg.toml".into())
            }
        );
        assert_eq!(e.ending.value, Ending::Review);
        assert_eq!(e.ending.source, Source::Flag);
        assert_eq!(e.max_memory_bytes.source, Source::Default);
        let err = resolve(&flags, Some(&file), Some("ci")).unwrap_err();
        assert!(err.contains("has no such profile; profiles: default"), "{err}");
    }
}
