//! Keeping a non-bare repository's working tree in step when Quire commits to its checked-out branch.

use git2::{Repository, Status, StatusOptions};
use storage::Error;

use crate::git;

/// Whether `branch` is the branch checked out in this repository's working tree.
pub(crate) fn checked_out_here(repo: &Repository, branch: &str) -> bool {
    if repo.is_bare() {
        return false;
    }
    let head = repo.find_reference("HEAD").ok();
    let target = head.and_then(|h| h.symbolic_target().ok().flatten().map(String::from));
    target == Some(format!("refs/heads/{branch}"))
}

/// Refuses when any of `paths` has changes in the working tree or index that are not committed.
pub(crate) fn ensure_clean(repo: &Repository, paths: &[&str]) -> Result<(), Error> {
    let mut options = StatusOptions::new();
    options
        .include_untracked(true)
        .include_ignored(false)
        .disable_pathspec_match(true);
    for path in paths {
        options.pathspec(path);
    }
    let statuses = repo.statuses(Some(&mut options)).map_err(git)?;
    let dirty: Vec<String> = statuses
        .iter()
        .filter(|s| s.status() != Status::CURRENT && !s.status().contains(Status::IGNORED))
        .filter_map(|s| s.path().ok().map(String::from))
        .collect();
    if dirty.is_empty() {
        return Ok(());
    }
    Err(Error::Invalid(format!(
        "Not saved: the working tree has uncommitted changes to {}; commit or discard them first",
        dirty.join(", ")
    )))
}

/// Brings the committed `paths` into the working tree and index (they were clean before the commit).
pub(crate) fn update(repo: &Repository, paths: &[&str]) -> Result<(), Error> {
    let mut checkout = git2::build::CheckoutBuilder::new();
    checkout.force();
    for path in paths {
        checkout.path(path);
    }
    repo.checkout_head(Some(&mut checkout)).map_err(git)
}
