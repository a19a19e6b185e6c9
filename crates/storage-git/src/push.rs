//! Pushing a branch to a remote after a commit, through the `git` command line so that the user's
//! own credentials (SSH agent, credential helpers) apply.

use std::path::Path;
use std::process::Command;

use storage::Error;

/// Pushes `branch` to the same branch on `remote`; the commit stays local if the push fails.
pub(crate) fn push(repo: &Path, remote: &str, branch: &str) -> Result<(), Error> {
    let refspec = format!("refs/heads/{branch}:refs/heads/{branch}");
    let output = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["push", "--quiet", remote, &refspec])
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .map_err(|e| Error::Io {
            path: repo.display().to_string(),
            source: e,
        })?;
    if output.status.success() {
        return Ok(());
    }
    Err(Error::Invalid(format!(
        "Saved as a commit on {branch}, but pushing it to {remote} failed: {}",
        String::from_utf8_lossy(&output.stderr).trim()
    )))
}
