//! The prompt for this agent: an arm's segment with the operations its settings refuse left out
//! of the listing, then one paragraph, the same in every arm, on what it is granted, how it ends
//! and what its program's own APIs reach.

use std::collections::BTreeSet;

use gg_core::program::membrane::OPERATIONS;
use gg_core::wire::EndingKind;
use gg_core::{Catalogue, GuestReach, ProgramLanguage, RunOptions};

/// The session operations, by the ending each belongs to.
const FINISH: &str = "session.finish";
const REVIEW: [&str; 2] = ["session.approve", "session.request_changes"];

/// The arm's prompt for an agent run with `options`: the segment rendered from its catalogue less
/// every operation the agent cannot call (not granted, or another ending's), then [`paragraph`].
/// `shell_refused` says why `shell.run` is refused on this server, where it is.
pub fn prompt(arm: &dyn ProgramLanguage, options: &RunOptions, shell_refused: Option<&str>) -> Option<String> {
    let catalogue = arm.catalogue();
    let refused = refused(options, shell_refused.is_some());
    let segment = arm.prompt_segment_from(&catalogue.leaving_out(refused.iter().cloned()))?;
    Some(format!(
        "{}\n\n{}",
        segment.trim_end(),
        paragraph(catalogue, options, &refused, shell_refused)
    ))
}

/// Every operation a program of this agent cannot call: not granted, another ending's, or the
/// shell where it is refused.
fn refused(options: &RunOptions, shell_refused: bool) -> BTreeSet<String> {
    let ending_refuses = |id: &str| match options.ending {
        EndingKind::None => id == FINISH || REVIEW.contains(&id),
        EndingKind::Finish => REVIEW.contains(&id),
        EndingKind::Review => id == FINISH,
    };
    OPERATIONS
        .iter()
        .map(|o| o.id)
        .filter(|id| {
            options.grant.as_ref().is_some_and(|g| !g.contains(*id))
                || ending_refuses(id)
                || (shell_refused && *id == "shell.run")
        })
        .map(str::to_owned)
        .collect()
}

/// The paragraph every arm's prompt ends with: the grant, the ending, the reach. Operations are
/// named in the arm's spelling (the catalogue's).
pub fn paragraph(
    catalogue: &Catalogue,
    options: &RunOptions,
    refused: &BTreeSet<String>,
    shell_refused: Option<&str>,
) -> String {
    let name = |id: &str| catalogue.resolve_placeholders(&format!("`{{op:{id}}}`"));
    let granted = |id: &str| !refused.contains(id);
    let mut text = String::new();
    // Those the grant alone refuses; another ending's are the ending's sentence.
    let ungranted = OPERATIONS
        .iter()
        .filter(|o| options.grant.as_ref().is_some_and(|g| !g.contains(o.id)))
        .count();
    if ungranted > 0 {
        text.push_str(&format!(
            "Your grant refuses {ungranted} of gg's {} operations: they are left out of the listing above, \
             and a call to one fails. ",
            OPERATIONS.len()
        ));
    }
    let review: Vec<String> = REVIEW.iter().filter(|id| granted(id)).map(|id| name(id)).collect();
    text.push_str(&match options.ending {
        EndingKind::Finish if granted(FINISH) => format!(
            "You end the session with {} once the work is done; a review's operations are not yours and \
             are left out.",
            name(FINISH)
        ),
        EndingKind::Review if !review.is_empty() => format!(
            "You are a reviewer: you end the session with {}; {} is not yours and is left out.",
            review.join(" or "),
            name(FINISH)
        ),
        EndingKind::None => "You have no session ending: the session operations are left out.".to_owned(),
        EndingKind::Finish => format!(
            "Your session ends with {}, which your grant refuses: the session operations are left out.",
            name(FINISH)
        ),
        EndingKind::Review => format!(
            "Your session ends with {} or {}, which your grant refuses: the session operations are left out.",
            name(REVIEW[0]),
            name(REVIEW[1])
        ),
    });
    // Round 2 of the first-try tasks: writers imported a skill's code in the program that read it.
    if granted("skills.read") && granted("programs.rerun") {
        text.push_str(&format!(
            " A skill's code binds from the program after the one that reads it with {}: to use it at once, \
             read the skill, then pass a program that uses the code to {}.",
            name("skills.read"),
            name("programs.rerun")
        ));
    }
    text.push_str(match &options.reach {
        GuestReach::Full { .. } => {
            " Your program's own file, directory and process APIs, where its language has them, reach what \
             gg's process reaches (the file system from `/`, the environment, the network); the working \
             directory is the workspace, so a relative path names a workspace file."
        }
        GuestReach::Confined { .. } => {
            " Your program's own file and directory APIs, where its language has them, see only the workspace \
             (the working directory, so a relative path names a workspace file) and `/tmp`, a private \
             temporary directory that TMPDIR names, empty when each program starts and emptied when it \
             ends; the environment holds only PATH, HOME, LANG, TMPDIR and PWD, and there is no network. \
             gg's own state (tasks, board, memories, skills, the program library) is reached through gg \
             only."
        }
    });
    // The shell, where the grant gives it, as this machine runs it.
    let shell_granted = options.grant.as_ref().is_none_or(|g| g.contains("shell.run"));
    match shell_refused {
        _ if !shell_granted => {}
        Some(why) => text.push_str(&format!(" {} is refused here: {why}.", name("shell.run"))),
        None if matches!(options.reach, GuestReach::Confined { .. }) => {
            text.push_str(&format!(" {} runs in a sandbox of the same reach.", name("shell.run")))
        }
        None => {}
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused_with(ending: EndingKind, grant: Option<&[&str]>, shell_refused: bool) -> Vec<String> {
        let options = RunOptions {
            ending,
            grant: grant.map(|g| g.iter().map(|s| (*s).to_owned()).collect()),
            ..RunOptions::default()
        };
        refused(&options, shell_refused).into_iter().collect()
    }

    #[test]
    fn the_ending_leaves_out_the_other_endings_operations_and_the_grant_the_rest() {
        let review = ["session.approve", "session.request_changes"]
            .map(String::from)
            .to_vec();
        assert_eq!(refused_with(EndingKind::Finish, None, false), review);
        assert_eq!(refused_with(EndingKind::Review, None, false), ["session.finish"]);
        assert_eq!(refused_with(EndingKind::None, None, false).len(), 3);
        assert_eq!(
            refused_with(EndingKind::Finish, None, true),
            ["session.approve", "session.request_changes", "shell.run"]
        );
        let narrow = refused_with(EndingKind::Finish, Some(&["files.read_file", "session.finish"]), false);
        assert_eq!(narrow.len(), OPERATIONS.len() - 2);
        assert!(
            !narrow
                .iter()
                .any(|id| id == "files.read_file" || id == "session.finish")
        );
    }
}
