//! The `local` storage kind: the site's directory on disk.
//!
//! The tree is Keystatic's walk (every regular file; `.git`, `node_modules` and `.next` skipped;
//! `.gitignore` files applied at every depth; symlinks left out). Unlike Keystatic, no path may pass
//! through a symlink, and a change set is written atomically: every file goes to a temporary file
//! that is synced, and only when all are ready are they renamed into place (see [`staging`]). A
//! deletion removes the folders it leaves empty. The listing is kept in an [`index`] that a
//! file-system watcher keeps current.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

mod files;
mod index;
mod staging;

use storage::{ChangeSet, Committed, Error, Storage, Tree, blob_sha};

use files::{io, sync_parent};
use index::Index;
use staging::Staging;

pub struct FsStorage {
    root: PathBuf,
    /// Serializes commits so the conflict check and the writes are one step.
    writing: Mutex<()>,
    staging: Staging,
    index: Index,
}

impl FsStorage {
    /// Opens the site at `root`, removing what a save cut short (a crash, say) left staged.
    pub fn new(root: impl Into<PathBuf>) -> FsStorage {
        let root = root.into();
        FsStorage {
            staging: Staging::open(&root),
            index: Index::new(&root),
            root,
            writing: Mutex::new(()),
        }
    }

    /// The on-disk path of a repository path, refusing any that climbs out or passes a symlink.
    fn resolve(&self, path: &str) -> Result<PathBuf, Error> {
        let refuse = |reason: &str| Error::Refused {
            path: path.to_string(),
            reason: reason.to_string(),
        };
        if path.is_empty() || path.contains(['\\', '\0']) {
            return Err(refuse("not a valid path"));
        }
        let mut full = self.root.clone();
        for segment in path.split('/') {
            if segment.is_empty() || segment == "." || segment == ".." {
                return Err(refuse("not a valid path"));
            }
            if segment.eq_ignore_ascii_case(".git") {
                return Err(refuse("is inside a git repository's own folder"));
            }
            full.push(segment);
            match fs::symlink_metadata(&full) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    return Err(refuse("passes through a symbolic link"));
                }
                _ => {}
            }
        }
        Ok(full)
    }

    fn current_sha(&self, path: &str) -> Result<Option<String>, Error> {
        Ok(self.read(None, path)?.map(|bytes| blob_sha(&bytes)))
    }
}

impl Storage for FsStorage {
    fn tree(&self, _branch: Option<&str>) -> Result<Tree, Error> {
        self.index.tree()
    }

    fn read(&self, _branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error> {
        let full = self.resolve(path)?;
        match fs::read(&full) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) if full.is_dir() => Err(Error::Refused {
                path: path.into(),
                reason: format!("is a directory ({e})"),
            }),
            Err(e) => Err(io(&full)(e)),
        }
    }

    fn commit(&self, _branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error> {
        let _writing = self
            .writing
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut conflicts = Vec::new();
        for (path, expected) in &change.expected {
            if self.current_sha(path)? != *expected {
                conflicts.push(path.clone());
            }
        }
        if !conflicts.is_empty() {
            return Err(Error::Conflict(conflicts));
        }
        let targets: Vec<PathBuf> = change
            .additions
            .iter()
            .map(|(p, _)| self.resolve(p))
            .collect::<Result<_, _>>()?;
        let deletions: Vec<PathBuf> = change
            .deletions
            .iter()
            .map(|p| self.resolve(p))
            .collect::<Result<_, _>>()?;
        // Refused before anything is written: a change lands whole or not at all.
        for (path, full) in change
            .additions
            .iter()
            .map(|(p, _)| p)
            .zip(&targets)
            .chain(change.deletions.iter().zip(&deletions))
        {
            if fs::symlink_metadata(full).is_ok_and(|meta| !meta.is_file()) {
                return Err(Error::Refused {
                    path: path.clone(),
                    reason: "is a folder, not a file".into(),
                });
            }
        }
        let mut staged = Vec::new();
        for ((_, bytes), target) in change.additions.iter().zip(&targets) {
            // On failure the files staged so far are removed as `staged` drops.
            staged.push((self.staging.stage(bytes, target)?, target));
        }
        // The index learns of each file as it lands, before the watcher's report of it is read.
        let mut index = self.index.lock();
        for ((file, target), (_, bytes)) in staged.into_iter().zip(&change.additions) {
            file.persist(target)?;
            index.wrote(&self.root, target, bytes);
        }
        for target in deletions {
            match fs::remove_file(&target) {
                Ok(()) => {
                    index.removed(&self.root, &target);
                    sync_parent(&target);
                    self.remove_empty_folders(&target);
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io(&target)(e)),
            }
        }
        Ok(Committed::default())
    }
}

impl FsStorage {
    /// Removes the folders a deleted file leaves empty, up to the site's root, as git does.
    fn remove_empty_folders(&self, deleted: &Path) {
        let mut folder = deleted.parent();
        while let Some(dir) = folder {
            if dir == self.root || !dir.starts_with(&self.root) || fs::remove_dir(dir).is_err() {
                break;
            }
            sync_parent(dir);
            folder = dir.parent();
        }
    }
}
