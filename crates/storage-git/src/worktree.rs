//! Keeping a non-bare repository's working tree in step when Quire commits to its checked-out branch.

use std::fs;
use std::path::{Path, PathBuf};

use git2::{Repository, Status, StatusOptions};
use storage::Error;

use crate::error::git;

/// Whether `branch` is the branch checked out in this repository's working tree.
pub(crate) fn checked_out_here(repo: &Repository, branch: &str) -> bool {
    if repo.is_bare() {
        return false;
    }
    let head = repo.find_reference("HEAD").ok();
    let target = head.and_then(|h| h.symbolic_target().ok().flatten().map(String::from));
    target == Some(format!("refs/heads/{branch}"))
}

/// The working tree of another worktree of this repository that has `branch` checked out.
pub(crate) fn checked_out_elsewhere(repo: &Repository, branch: &str) -> Option<PathBuf> {
    let names = repo.worktrees().ok()?;
    for name in names.iter().flatten().flatten() {
        let Ok(worktree) = repo.find_worktree(name) else {
            continue;
        };
        if let Ok(linked) = Repository::open_from_worktree(&worktree)
            && checked_out_here(&linked, branch)
        {
            return Some(worktree.path().to_path_buf());
        }
    }
    None
}

/// Refuses when any of `paths` has changes in the working tree or index that are not committed
/// (an untracked or ignored file of the user's, `hero.local.png`, at any depth, among them), when
/// one lies through a symbolic link, or when another git program holds the index.
pub(crate) fn ensure_clean(repo: &Repository, paths: &[&str]) -> Result<(), Error> {
    if repo.path().join("index.lock").exists() {
        return Err(Error::Unavailable(
            "Another git program is using the repository (its index is locked); try again in a moment".into(),
        ));
    }
    let workdir = repo.workdir().map(Path::to_path_buf).unwrap_or_default();
    for path in paths {
        let mut full = workdir.clone();
        for segment in path.split('/') {
            full.push(segment);
            if fs::symlink_metadata(&full).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(Error::Refused {
                    path: path.to_string(),
                    reason: "passes through a symbolic link in the working tree".into(),
                });
            }
        }
    }
    let mut options = StatusOptions::new();
    options
        .include_untracked(true)
        .include_ignored(true)
        .recurse_untracked_dirs(true)
        .recurse_ignored_dirs(true)
        .disable_pathspec_match(true);
    for path in paths {
        options.pathspec(path);
    }
    let statuses = repo.statuses(Some(&mut options)).map_err(git)?;
    let dirty: Vec<String> = statuses
        .iter()
        .filter(|s| s.status() != Status::CURRENT)
        .filter_map(|s| s.path().ok().map(String::from))
        .collect();
    if dirty.is_empty() {
        return Ok(());
    }
    Err(Error::Dirty(dirty))
}

/// Brings the committed `paths` into the working tree and index (they were clean before the commit).
/// Files keep the permissions they had (checkout would give them git's 0644), and folders that
/// deleted files leave empty are removed.
pub(crate) fn update(repo: &Repository, paths: &[&str]) -> Result<(), Error> {
    let workdir = repo.workdir().map(Path::to_path_buf).unwrap_or_default();
    let modes: Vec<(PathBuf, fs::Permissions)> = paths
        .iter()
        .filter_map(|path| {
            let full = workdir.join(path);
            let permissions = fs::symlink_metadata(&full).ok()?.permissions();
            Some((full, permissions))
        })
        .collect();
    let mut checkout = git2::build::CheckoutBuilder::new();
    checkout.force();
    for path in paths {
        checkout.path(path);
    }
    repo.checkout_head(Some(&mut checkout)).map_err(git)?;
    for (full, permissions) in modes {
        if fs::symlink_metadata(&full).is_ok_and(|m| m.is_file()) {
            let _ = fs::set_permissions(&full, permissions);
        }
    }
    for path in paths {
        let full = workdir.join(path);
        if !full.exists() {
            remove_empty_folders(&workdir, &full);
        }
    }
    Ok(())
}

/// Removes the folders above `removed` that are empty, up to the working tree's root.
fn remove_empty_folders(root: &Path, removed: &Path) {
    let mut folder = removed.parent();
    while let Some(dir) = folder {
        if dir == root || !dir.starts_with(root) || fs::remove_dir(dir).is_err() {
            break;
        }
        folder = dir.parent();
    }
}
