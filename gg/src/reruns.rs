//! A submitted program and the reruns it queues (`programs.rerun`), run as consecutive turns of one
//! session, each in the arm its outcome names, and bounded by a count and by the run's budget.

use std::collections::HashMap;
use std::sync::Arc;

use gg_core::{ArmModules, ProgramLanguage, RunOptions, SandboxOutcome, Session};

/// Reruns one submitted program may set off, one queuing the next.
pub const MAX_RERUNS: usize = 8;

/// Runs `source` (bytes: a file that is not UTF-8 is the program's fault, with an outcome) as the
/// session's next turn, then each rerun it queued, in order, handing each program that ran and
/// its outcome to `each` as it ends. A queued rerun past [`MAX_RERUNS`], or once the run's budget
/// is spent, is not run, and the last outcome's `rerun_stopped` says which bound stopped it.
///
/// A rerun whose outcome names another arm (`rerun_arm`: a library program of that arm) runs in
/// it, found by `arm` (`Err`: why this gg cannot, which stops the rerun), with the same options,
/// tools and state, and that arm's code modules from `held`; the session ends in its own arm
/// again, every other arm's modules back in `held`.
pub async fn run_with_reruns(
    session: &mut Session,
    source: &[u8],
    options: &RunOptions,
    arm: impl Fn(&str) -> Result<Arc<dyn ProgramLanguage>, String>,
    held: &mut HashMap<&'static str, ArmModules>,
    mut each: impl FnMut(&Session, String, SandboxOutcome),
) {
    let home = session.arm().clone();
    let mut next = Some(source.to_vec());
    let mut reruns = 0;
    while let Some(bytes) = next.take() {
        let mut outcome = session.run_bytes(&bytes, options).await;
        next = outcome.rerun.clone().map(String::into_bytes);
        let mut switch = None;
        if next.is_some() {
            let stopped = if reruns >= MAX_RERUNS {
                Some(format!(
                    "the rerun was not run: a chain of reruns stops after {MAX_RERUNS}"
                ))
            } else if options.budget.spent() {
                Some("the rerun was not run: the run's wall-clock budget is spent".to_owned())
            } else if let Some(id) = &outcome.rerun_arm {
                match arm(id) {
                    Ok(other) => {
                        switch = Some(other);
                        None
                    }
                    Err(why) => Some(format!(
                        "the rerun was not run: its source is the library's {id} program ({why})"
                    )),
                }
            } else {
                None
            };
            if stopped.is_some() {
                outcome.rerun_stopped = stopped;
                next = None;
            }
            reruns += 1;
        }
        each(session, String::from_utf8_lossy(&bytes).into_owned(), outcome);
        let to = match switch {
            Some(other) => other,
            // A rerun in this program's arm runs on in it.
            None if next.is_some() => continue,
            None => home.clone(),
        };
        if to.id() != session.arm().id() {
            let modules = held.remove(to.id()).unwrap_or_default();
            let from = session.arm().id();
            let previous = session.switch_arm(to, modules);
            held.insert(from, previous);
        }
    }
}
