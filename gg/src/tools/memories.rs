//! `memories`: named notes kept one per file in `memories/<name>.json` of the workspace's state directory, found by keyword.

use std::fs;
use std::io;
use std::path::Path;

use gg_core::wire::{Memory, MemoryHit};
use gg_core::{ToolError, ToolResult};

use super::store;

/// The directory of the memories, relative to the workspace root.
pub const MEMORIES_DIR: &str = "memories";
/// 20: the most hits one search returns, the best ones, so a vague search stays short.
pub const SEARCH_MAX_HITS: usize = 20;
/// Memories a search with no keyword lists.
pub const LIST_MAX_HITS: usize = 200;
/// 3: the weight of a keyword in a name, a name being a memory's chosen key.
const NAME_WEIGHT: u32 = 3;
/// 2: the weight of a keyword in a description, the memory's one line about itself.
const DESCRIPTION_WEIGHT: u32 = 2;
/// 1: the weight of a keyword in a body.
const BODY_WEIGHT: u32 = 1;

fn file_of(name: &str) -> String {
    format!("{MEMORIES_DIR}/{name}.json")
}

fn missing(name: &str) -> ToolError {
    ToolError::not_found(format!("there is no memory named `{name}`"))
}

/// Creates or replaces the memory `memory.name`.
pub fn write(root: &Path, memory: Memory) -> ToolResult<()> {
    store::check_name("memory", &memory.name)?;
    store::save(root, &file_of(&memory.name), &memory)
}

/// The memory `name`.
pub fn read(root: &Path, name: &str) -> ToolResult<Memory> {
    store::check_name("memory", name)?;
    let mut memory: Memory = store::load(root, &file_of(name))?.ok_or_else(|| missing(name))?;
    // The file's name is the memory's name, whatever a hand edit left inside it.
    memory.name = name.to_owned();
    Ok(memory)
}

/// Deletes the memory `name`.
pub fn delete(root: &Path, name: &str) -> ToolResult<()> {
    store::check_name("memory", name)?;
    if store::remove(root, &file_of(name))? {
        Ok(())
    } else {
        Err(missing(name))
    }
}

/// Non-overlapping occurrences of `needle` (lower case) in `haystack` (lower case).
fn occurrences(haystack: &str, needle: &str) -> u32 {
    u32::try_from(haystack.matches(needle).count()).unwrap_or(u32::MAX)
}

/// The memories any keyword occurs in (name, description or body), case-insensitively, best first
/// (then by name). The score counts every occurrence of every keyword, one in the name
/// [`NAME_WEIGHT`] times, in the description [`DESCRIPTION_WEIGHT`] times, in the body
/// [`BODY_WEIGHT`] time; at most [`SEARCH_MAX_HITS`] hits. No keyword (or only blank ones) lists
/// every memory by name, score 0, at most [`LIST_MAX_HITS`] (decision 0131).
pub fn search(root: &Path, keywords: &[String]) -> ToolResult<Vec<MemoryHit>> {
    let keywords: Vec<String> = keywords
        .iter()
        .map(|k| k.trim().to_lowercase())
        .filter(|k| !k.is_empty())
        .collect();
    let listing = keywords.is_empty();
    let entries = match fs::read_dir(root.join(MEMORIES_DIR)) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ToolError::io(format!("listing `{MEMORIES_DIR}`: {e}"))),
    };
    let mut hits = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| ToolError::io(format!("listing `{MEMORIES_DIR}`: {e}")))?;
        let file_name = entry.file_name();
        // Temporary files of a save in progress and anything else that is not a memory are skipped.
        let Some(name) = file_name
            .to_str()
            .and_then(|f| f.strip_suffix(".json"))
            .filter(|n| store::is_valid_name(n))
        else {
            continue;
        };
        let Some(memory) = store::load::<Memory>(root, &file_of(name))? else {
            continue;
        };
        let (lname, description, body) = (
            name.to_lowercase(),
            memory.description.to_lowercase(),
            memory.body.to_lowercase(),
        );
        let score = keywords.iter().fold(0u32, |score, k| {
            score
                .saturating_add(occurrences(&lname, k).saturating_mul(NAME_WEIGHT))
                .saturating_add(occurrences(&description, k).saturating_mul(DESCRIPTION_WEIGHT))
                .saturating_add(occurrences(&body, k).saturating_mul(BODY_WEIGHT))
        });
        if score > 0 || listing {
            hits.push(MemoryHit {
                name: name.to_owned(),
                description: memory.description,
                score,
            });
        }
    }
    hits.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.name.cmp(&b.name)));
    hits.truncate(if listing { LIST_MAX_HITS } else { SEARCH_MAX_HITS });
    Ok(hits)
}
