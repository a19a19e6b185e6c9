//! The `local` storage kind: the site's directory on disk.
//!
//! The tree is Keystatic's walk (every regular file; `.git`, `node_modules` and `.next` skipped;
//! `.gitignore` files applied at every depth; symlinks left out). Unlike Keystatic, no path may pass
//! through a symlink, and a change set is written atomically: every file goes to a temporary file
//! that is synced, and only when all are ready are they renamed into place (see [`staging`]). A
//! deletion removes the folders it leaves empty.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

mod staging;

use storage::{ChangeSet, Committed, Error, Storage, TreeEntry, blob_sha, tree_from_blobs};

use staging::Staging;

const SKIPPED: &[&str] = &[".git", "node_modules", ".next", staging::FOLDER];

pub struct FsStorage {
    root: PathBuf,
    /// Serializes commits so the conflict check and the writes are one step.
    writing: Mutex<()>,
    staging: Staging,
    /// Blob SHAs by path, reused while a file's size, modification time and inode are unchanged
    /// (git's own index makes the same bet), so listing a large site does not re-hash every file.
    shas: Mutex<HashMap<PathBuf, (Stamp, String)>>,
}

/// What identifies one version of a file on disk cheaply.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            inode: meta.ino(),
        }
    }
}

impl FsStorage {
    /// Opens the site at `root`, removing what a save cut short (a crash, say) left staged.
    pub fn new(root: impl Into<PathBuf>) -> FsStorage {
        let root = root.into();
        FsStorage {
            staging: Staging::open(&root),
            root,
            writing: Mutex::new(()),
            shas: Mutex::new(HashMap::new()),
        }
    }

    /// The blob SHA of a file found by the walk.
    fn blob_sha_of(&self, path: &Path) -> Result<String, Error> {
        let stamp = Stamp::of(&fs::metadata(path).map_err(io(path))?);
        let mut shas = self
            .shas
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((known, sha)) = shas.get(path)
            && *known == stamp
            && stamp.modified.is_some()
        {
            return Ok(sha.clone());
        }
        let sha = blob_sha(&fs::read(path).map_err(io(path))?);
        shas.insert(path.to_path_buf(), (stamp, sha.clone()));
        Ok(sha)
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

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.display().to_string(),
        source,
    }
}

impl Storage for FsStorage {
    fn tree(&self, _branch: Option<&str>) -> Result<Vec<TreeEntry>, Error> {
        let walker = ignore::WalkBuilder::new(&self.root)
            .hidden(false)
            .ignore(false)
            .git_global(false)
            .git_exclude(false)
            .git_ignore(true)
            .require_git(false)
            .parents(false)
            .follow_links(false)
            .filter_entry(|entry| !SKIPPED.iter().any(|name| entry.file_name() == *name))
            .build();
        let mut blobs = Vec::new();
        for entry in walker {
            let entry = entry.map_err(|e| Error::Io {
                path: self.root.display().to_string(),
                source: std::io::Error::other(e.to_string()),
            })?;
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                continue;
            }
            let Ok(relative) = entry.path().strip_prefix(&self.root) else {
                continue;
            };
            let Some(relative) = relative.to_str() else {
                continue;
            };
            blobs.push((
                relative.replace(std::path::MAIN_SEPARATOR, "/"),
                self.blob_sha_of(entry.path())?,
            ));
        }
        Ok(tree_from_blobs(&blobs))
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
        for (file, target) in staged {
            file.persist(target)?;
        }
        for target in deletions {
            match fs::remove_file(&target) {
                Ok(()) => {
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

/// Makes a rename or removal durable; best effort, as not every platform can sync a directory.
fn sync_parent(path: &Path) {
    if let Some(parent) = path.parent()
        && let Ok(dir) = fs::File::open(parent)
    {
        let _ = dir.sync_all();
    }
}
