//! Pushing a branch to a remote after a commit, through the `git` command line so that the user's
//! own credentials (SSH agent, credential helpers) apply.

use std::path::Path;
use std::process::Command;

use storage::PushFailed;

/// Pushes `branch` to the same branch on `remote`; the commit stays local if the push fails.
pub(crate) fn push(repo: &Path, remote: &str, branch: &str) -> Result<(), PushFailed> {
    let refspec = format!("refs/heads/{branch}:refs/heads/{branch}");
    let failed = |reason: String| PushFailed {
        remote: remote.to_string(),
        reason,
    };
    let output = Command::new("git")
        .arg("-C")
        .arg(repo)
        // `--`: whatever the remote is called, git takes it as a remote, never as an option.
        .args(["push", "--quiet", "--", remote, &refspec])
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .map_err(|e| failed(format!("git could not be run: {e}")))?;
    if output.status.success() {
        return Ok(());
    }
    // The first line says what went wrong; git's advice after it is for a terminal.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let first = stderr
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("git push failed");
    let reason = first
        .trim()
        .trim_start_matches("fatal: ")
        .trim_start_matches("error: ");
    Err(failed(reason.to_string()))
}
