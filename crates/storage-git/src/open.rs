//! Opening a repository, and the ways it can be unusable, each with a sentence a user can act on.

use std::path::Path;

use git2::Repository;

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("{path} is not a git repository ({reason})")]
    NotARepository { path: String, reason: String },
    #[error(
        "Git repo not initialised: {path} has no commits yet; make a first commit, then start Quire again"
    )]
    NoCommits { path: String },
    #[error("HEAD of {path} is detached; set storage.defaultBranch in quire.yaml")]
    DetachedHead { path: String },
    #[error("the default branch {branch} does not exist in {path}")]
    MissingDefaultBranch { path: String, branch: String },
}

/// Checks that the repository can serve content and returns its default branch.
pub(crate) fn check(path: &Path, configured: Option<String>) -> Result<String, OpenError> {
    let shown = path.display().to_string();
    let repo = Repository::open(path).map_err(|e| OpenError::NotARepository {
        path: shown.clone(),
        reason: e.message().to_string(),
    })?;
    // libgit2's is_empty only knows an unborn `master`, so look for any branch instead.
    let has_branches = repo
        .references_glob("refs/heads/*")
        .map(|mut refs| refs.next().is_some())
        .unwrap_or(false);
    if !has_branches {
        return Err(OpenError::NoCommits { path: shown });
    }
    let branch = match configured {
        Some(branch) => branch,
        None => {
            let head = repo
                .find_reference("HEAD")
                .map_err(|_| OpenError::DetachedHead {
                    path: shown.clone(),
                })?;
            match head
                .symbolic_target()
                .ok()
                .flatten()
                .and_then(|t| t.strip_prefix("refs/heads/"))
            {
                Some(branch) => branch.to_string(),
                None => return Err(OpenError::DetachedHead { path: shown }),
            }
        }
    };
    if repo
        .find_reference(&format!("refs/heads/{branch}"))
        .is_err()
    {
        return Err(OpenError::MissingDefaultBranch {
            path: shown,
            branch,
        });
    }
    Ok(branch)
}
