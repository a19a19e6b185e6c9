//! Files staged for a change set: written and synced in one folder at the site's root, then renamed
//! into place. Keeping them in one folder (rather than beside their targets) means a save cut short
//! by a crash leaves nothing among the content, and the next start removes what it left.
//!
//! A staged file takes the mode the file it replaces has; a new one gets `0666` less the umask (as
//! any program's new file does), not the `0600` of a private temporary file.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use storage::Error;

use crate::files::{io, sync_parent};

/// The staging folder, at the site's root; the walk skips it.
pub const FOLDER: &str = ".quire-staging";

pub struct Staging {
    dir: PathBuf,
}

/// Staged files are named `<process id>-<count>.tmp`.
static COUNT: AtomicU64 = AtomicU64::new(0);

impl Staging {
    /// The staging folder of the site at `root`, emptied of what a process that has ended left
    /// (another Quire at work on the same site, or `quire check`, leaves a live one's files alone).
    pub fn open(root: &Path) -> Staging {
        let dir = root.join(FOLDER);
        if let Ok(entries) = fs::read_dir(&dir) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let Some(stem) = name.strip_suffix(".tmp") else {
                    continue;
                };
                let pid = stem.split('-').next().unwrap_or_default();
                if !process_lives(pid) {
                    let _ = fs::remove_file(entry.path());
                }
            }
        }
        Staging { dir }
    }

    /// Writes and syncs `bytes` to a staged file that will replace (or create) `target`.
    pub fn stage(&self, bytes: &[u8], target: &Path) -> Result<Staged, Error> {
        fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        let name = format!(
            "{}-{}.tmp",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let staged = Staged {
            path: self.dir.join(name),
            persisted: false,
        };
        write_synced(&staged.path, bytes, target)?;
        Ok(staged)
    }
}

/// Whether the process `pid` still runs; where that cannot be known (no `/proc`), it is taken to
/// have ended, as after a restart.
fn process_lives(pid: &str) -> bool {
    !pid.is_empty()
        && pid.bytes().all(|b| b.is_ascii_digit())
        && Path::new("/proc").join(pid).exists()
}

/// Creates `path` holding `bytes`, with the mode (and, where allowed, the owner) of `like` if it exists.
fn write_synced(path: &Path, bytes: &[u8], like: &Path) -> Result<(), Error> {
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        // The umask applies, as for any new file.
        .mode(0o666)
        .open(path)
        .map_err(io(path))?;
    if let Ok(existing) = fs::metadata(like) {
        let mode = existing.permissions().mode() & 0o7777;
        file.set_permissions(fs::Permissions::from_mode(mode))
            .map_err(io(path))?;
        // Only a privileged server can give a file away; others keep their own.
        let _ = std::os::unix::fs::fchown(&file, Some(existing.uid()), Some(existing.gid()));
    }
    file.write_all(bytes).map_err(io(path))?;
    file.sync_all().map_err(io(path))
}

/// A staged file: removed when dropped unless it was moved into place.
pub struct Staged {
    path: PathBuf,
    persisted: bool,
}

impl Staged {
    /// Moves the file to `target`, creating the folders it needs. Where the staging folder is on
    /// another file system than the target, the file is staged again beside the target.
    pub fn persist(mut self, target: &Path) -> Result<(), Error> {
        let parent = target.parent().ok_or_else(|| Error::Refused {
            path: target.display().to_string(),
            reason: "has no folder".into(),
        })?;
        fs::create_dir_all(parent).map_err(io(parent))?;
        match fs::rename(&self.path, target) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::CrossesDevices => {
                let beside = parent.join(format!(
                    ".quire-{}",
                    self.path.file_name().unwrap_or_default().to_string_lossy()
                ));
                let bytes = fs::read(&self.path).map_err(io(&self.path))?;
                write_synced(&beside, &bytes, target)?;
                fs::rename(&beside, target).map_err(|e| {
                    let _ = fs::remove_file(&beside);
                    io(target)(e)
                })?;
                let _ = fs::remove_file(&self.path);
            }
            Err(e) => return Err(io(target)(e)),
        }
        self.persisted = true;
        sync_parent(target);
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.persisted {
            let _ = fs::remove_file(&self.path);
        }
    }
}
