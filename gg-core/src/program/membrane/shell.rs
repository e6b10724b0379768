//! `shell`: a command run by the embedder, its timeout clamped to the run's budget and to a day.

use std::time::Duration;

use serde_json::json;

use super::rec_str;
use crate::api::tools::{ToolError, ToolResult};
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::shell::Host;
use crate::wire::{ApiError, ShellOutput};

/// A command's timeout when the program names none.
pub const DEFAULT_SHELL_TIMEOUT: Duration = Duration::from_secs(120);
/// The longest timeout a command gets: a `Duration` cannot hold every f64, and no run lasts longer.
pub const MAX_SHELL_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

/// The timeout a command runs under: the program's (or the default), down to what is left of the
/// run's budget and down to a day; a negative or non-finite number is refused, never a panic.
pub fn clamp_timeout(requested: Option<f64>, run_left: Option<Duration>) -> ToolResult<Duration> {
    let wanted = match requested {
        None => DEFAULT_SHELL_TIMEOUT,
        Some(secs) if !secs.is_finite() || secs < 0.0 => {
            return Err(ToolError::invalid(format!(
                "timeout_secs must be a finite number of seconds, at least 0; got {secs}"
            )));
        }
        Some(secs) => Duration::from_secs_f64(secs.min(MAX_SHELL_TIMEOUT.as_secs_f64())),
    };
    Ok(run_left.map_or(wanted, |left| wanted.min(left)).min(MAX_SHELL_TIMEOUT))
}

impl Host for StoreState {
    fn run(&mut self, command: String, timeout_secs: Option<f64>) -> Result<ShellOutput, ApiError> {
        let args = json!({ "command": rec_str(&command), "timeout_secs": timeout_secs });
        self.bracket("shell.run", args, |s| {
            let timeout = clamp_timeout(timeout_secs, s.membrane.budget.remaining())?;
            s.dispatch("shell.run", |t, cx| async move { t.shell(&cx, command, timeout).await })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_are_clamped_at_both_ends_and_bad_numbers_refused() {
        let day = MAX_SHELL_TIMEOUT;
        assert_eq!(clamp_timeout(None, None).unwrap(), DEFAULT_SHELL_TIMEOUT);
        assert_eq!(
            clamp_timeout(Some(3600.0), Some(Duration::from_secs(5))).unwrap(),
            Duration::from_secs(5)
        );
        assert_eq!(clamp_timeout(Some(1e300), None).unwrap(), day);
        assert_eq!(clamp_timeout(Some(0.0), None).unwrap(), Duration::ZERO);
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0] {
            let err = clamp_timeout(Some(bad), None).unwrap_err();
            assert_eq!(err.code, crate::wire::ErrorCode::InvalidArgument, "{bad}");
        }
    }
}
