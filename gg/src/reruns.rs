//! A submitted program and the reruns it queues (`programs.rerun`), run as consecutive turns of one
//! session and bounded by a count and by the run's budget.

use gg_core::{RunOptions, SandboxOutcome, Session};

use crate::cli::MAX_RERUNS;

/// Runs `source` as the session's next turn, then each rerun it queued, in order; returns every
/// program that ran with its outcome. A queued rerun past [`MAX_RERUNS`], or once the run's budget
/// is spent, is not run, and the last outcome's `rerun_stopped` says which bound stopped it.
pub async fn run_with_reruns(
    session: &mut Session,
    source: &str,
    options: &RunOptions,
) -> Vec<(String, SandboxOutcome)> {
    let mut ran = Vec::new();
    let mut next = Some(source.to_owned());
    while let Some(source) = next.take() {
        let mut outcome = session.run(&source, options).await;
        next = outcome.rerun.clone();
        if next.is_some() {
            let reruns = ran.len();
            let stopped = if reruns >= MAX_RERUNS {
                Some(format!(
                    "the rerun was not run: a chain of reruns stops after {MAX_RERUNS}"
                ))
            } else if options.budget.spent() {
                Some("the rerun was not run: the run's wall-clock budget is spent".to_owned())
            } else {
                None
            };
            if stopped.is_some() {
                outcome.rerun_stopped = stopped;
                next = None;
            }
        }
        ran.push((source, outcome));
    }
    ran
}
