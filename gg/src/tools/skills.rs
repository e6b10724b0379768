//! `skills`: read-only how-tos the workspace ships in `skills/<name>.md` of its state directory, each with
//! optional code in `skills/<name>.<ext>`, one file per language (`greeting.py`, `greeting.ts`): the
//! extension says which arms the code binds on.

use std::fs;
use std::io;
use std::path::Path;

use gg_core::{Skill, SkillCode, ToolError, ToolResult};

use super::store;

/// The directory of the skills, relative to the workspace's state directory.
pub const SKILLS_DIR: &str = "skills";
/// 20: the most skill names a not-found message lists, so the message stays one short line.
const LISTED_MAX: usize = 20;

/// The text of `rel`, `None` when absent; not UTF-8 is an `io-error`, the file being gg's to keep.
fn read_text(root: &Path, rel: &str) -> ToolResult<Option<String>> {
    // A regular file only, opened without blocking, bounded: the shell can leave anything here.
    match super::regular::read_bounded(&root.join(rel), rel, store::STORE_FILE_MAX)? {
        Some(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| ToolError::io(format!("`{rel}` is not UTF-8 text"))),
        None => Ok(None),
    }
}

/// The names of the skills that exist, sorted.
fn names(root: &Path) -> ToolResult<Vec<String>> {
    let entries = match fs::read_dir(root.join(SKILLS_DIR)) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ToolError::io(format!("listing `{SKILLS_DIR}`: {e}"))),
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".md").map(str::to_owned))
        .filter(|n| store::is_valid_name(n))
        .collect();
    names.sort();
    Ok(names)
}

/// The skill `name`: its body, and its code when it has some.
pub fn read(root: &Path, name: &str) -> ToolResult<Skill> {
    store::check_name("skill", name)?;
    let Some(body) = read_text(root, &format!("{SKILLS_DIR}/{name}.md"))? else {
        let names = names(root)?;
        let known = match names.len() {
            0 => "there are no skills".to_owned(),
            n if n <= LISTED_MAX => format!("the skills are: {}", names.join(", ")),
            n => format!(
                "the skills include: {}, and {} more",
                names[..LISTED_MAX].join(", "),
                n - LISTED_MAX
            ),
        };
        return Err(ToolError::not_found(format!(
            "there is no skill named `{name}`; {known}"
        )));
    };
    let mut code = Vec::new();
    for extension in code_extensions(root, name)? {
        if let Some(source) = read_text(root, &format!("{SKILLS_DIR}/{name}.{extension}"))? {
            code.push(SkillCode { extension, source });
        }
    }
    Ok(Skill { body, code })
}

/// The extensions of the skill's code files (`<name>.<ext>`, any but `md`), sorted.
fn code_extensions(root: &Path, name: &str) -> ToolResult<Vec<String>> {
    let entries =
        fs::read_dir(root.join(SKILLS_DIR)).map_err(|e| ToolError::io(format!("listing `{SKILLS_DIR}`: {e}")))?;
    let prefix = format!("{name}.");
    let mut extensions: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let file = e.file_name().into_string().ok()?;
            let ext = file.strip_prefix(&prefix)?;
            (!ext.is_empty() && ext != "md" && !ext.contains('.')).then(|| ext.to_owned())
        })
        .collect();
    extensions.sort();
    Ok(extensions)
}
