//! Pushing a branch to a remote after a commit, through the `git` command line so that the user's
//! own credentials (SSH agent, credential helpers) apply, never asking on a terminal and given up
//! after a while, so that a remote that does not answer holds no save.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use storage::PushFailed;

/// How long a push may take.
const PUSH_TIMEOUT: Duration = Duration::from_secs(120);

/// Pushes `branch` to the same branch on `remote`; the commit stays local if the push fails.
pub(crate) fn push(repo: &Path, remote: &str, branch: &str) -> Result<(), PushFailed> {
    let refspec = format!("refs/heads/{branch}:refs/heads/{branch}");
    let failed = |reason: String| PushFailed {
        remote: remote.to_string(),
        reason,
    };
    let mut command = Command::new("git");
    command
        .arg("-C")
        .arg(repo)
        // Over HTTP, a transfer slower than 1 KB/s for 30 s is given up.
        .args([
            "-c",
            "http.lowSpeedLimit=1000",
            "-c",
            "http.lowSpeedTime=30",
        ])
        // `--`: whatever the remote is called, git takes it as a remote, never as an option.
        .args(["push", "--quiet", "--porcelain", "--", remote, &refspec])
        .env("GIT_TERMINAL_PROMPT", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if std::env::var_os("GIT_SSH_COMMAND").is_none() {
        // SSH may not ask for a passphrase or a host key either: there is nobody to answer.
        command.env("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
    }
    let mut child = command
        .spawn()
        .map_err(|e| failed(format!("git could not be run: {e}")))?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > PUSH_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(format!(
                    "no answer within {} seconds",
                    PUSH_TIMEOUT.as_secs()
                )));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(failed(format!("git could not be waited for: {e}"))),
        }
    };
    if status.success() {
        return Ok(());
    }
    let mut output = String::new();
    for stream in [
        child.stdout.take().map(|s| Box::new(s) as Box<dyn Read>),
        child.stderr.take().map(|s| Box::new(s) as Box<dyn Read>),
    ]
    .into_iter()
    .flatten()
    {
        let mut text = String::new();
        let _ = { stream }.read_to_string(&mut text);
        output.push_str(&text);
        output.push('\n');
    }
    Err(failed(reason(&output)))
}

/// The line of git's output that says why: a refused ref (its `[rejected] (fetch first)`), else
/// the first error; git's advice and `To <remote>` lines are for a terminal.
fn reason(output: &str) -> String {
    let lines: Vec<&str> = output
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("To ") && l != &"Done")
        .collect();
    if let Some(refused) = lines.iter().find(|l| l.starts_with('!')) {
        // Porcelain: `!<tab><from>:<to><tab>[rejected] (why)`.
        let why = refused.rsplit('\t').next().unwrap_or(refused);
        return why.trim_start_matches('!').trim().to_string();
    }
    let first = lines
        .iter()
        .find(|l| l.starts_with("fatal:") || l.starts_with("error:"))
        .or(lines.first())
        .copied()
        .unwrap_or("git push failed");
    first
        .trim_start_matches("fatal: ")
        .trim_start_matches("error: ")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::reason;

    #[test]
    fn the_reason_is_the_line_that_says_why() {
        let rejected = "To /srv/remote.git\n!\trefs/heads/main:refs/heads/main\t[rejected] (fetch first)\nDone\nerror: failed to push some refs to '/srv/remote.git'\nhint: Updates were rejected because the remote contains work\n";
        assert_eq!(reason(rejected), "[rejected] (fetch first)");
        let missing = "fatal: '/srv/nowhere.git' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\n";
        assert_eq!(
            reason(missing),
            "'/srv/nowhere.git' does not appear to be a git repository"
        );
    }
}
