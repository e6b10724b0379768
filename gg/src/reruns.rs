//! A submitted program and the reruns it queues (`programs.rerun`), run as consecutive turns of one
//! session and bounded by a count and by the run's budget.

use gg_core::{RunOptions, SandboxOutcome, Session};

/// Reruns one submitted program may set off, one queuing the next.
pub const MAX_RERUNS: usize = 8;

/// Runs `source` (bytes: a file that is not UTF-8 is the program's fault, with an outcome) as the
/// session's next turn, then each rerun it queued, in order, handing each program that ran and
/// its outcome to `each` as it ends. A queued rerun past [`MAX_RERUNS`], or once the run's budget
/// is spent, is not run, and the last outcome's `rerun_stopped` says which bound stopped it.
pub async fn run_with_reruns(
    session: &mut Session,
    source: &[u8],
    options: &RunOptions,
    mut each: impl FnMut(&Session, String, SandboxOutcome),
) {
    let mut next = Some(source.to_vec());
    let mut reruns = 0;
    while let Some(bytes) = next.take() {
        let mut outcome = session.run_bytes(&bytes, options).await;
        next = outcome.rerun.clone().map(String::into_bytes);
        if next.is_some() {
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
            reruns += 1;
        }
        each(session, String::from_utf8_lossy(&bytes).into_owned(), outcome);
    }
}
