//! The site's files as last walked, kept current by a file-system watcher, so that listing a large
//! site does not walk it on every request.
//!
//! Every folder the walk visits is watched (not recursively: skipped and ignored folders, such as
//! `node_modules`, cost no watches). A change the watcher reports is applied in place when it can be
//! (a listed file changed or vanished: one file is hashed again); anything else (a new file or
//! folder, a `.gitignore` edited, events lost) marks the index stale, and the next listing walks
//! again, hashing only files whose size, modification time or inode changed. Without a watcher
//! (the platform refused one), every listing walks.
//!
//! The watcher's reports wait in a queue until the next listing applies them: its thread never
//! waits for the index, which is locked while the listing asks it to watch new folders.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use notify::event::{EventKind, ModifyKind};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use storage::{Error, Tree, blob_sha, tree_from_blobs};

use crate::files::io;
use crate::staging;

/// Folders that are never content: git's, dependencies, build output, and Quire's own staging.
pub const SKIPPED: &[&str] = &[".git", "node_modules", ".next", staging::FOLDER];

/// What identifies one version of a file on disk cheaply (git's own index makes the same bet).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    pub fn of(meta: &fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            inode: meta.ino(),
        }
    }

    /// Whether a file with this stamp is the one stamped `known` (never, without a modification time).
    fn same_as(&self, known: &Stamp) -> bool {
        self == known && self.modified.is_some()
    }
}

pub struct Index {
    root: PathBuf,
    state: Mutex<State>,
    reports: Arc<Mutex<Reports>>,
    /// None when the platform gave no watcher: every listing walks.
    watcher: Mutex<Option<RecommendedWatcher>>,
}

/// What the watcher reported since the last listing.
#[derive(Default)]
struct Reports {
    events: Vec<notify::Result<notify::Event>>,
    /// More came than are worth keeping (a checkout of the whole site, say): walk again instead.
    overflowed: bool,
}

/// Past this many reports, walking again is cheaper than applying them one by one.
const MAX_REPORTS: usize = 4096;

#[derive(Default)]
pub struct State {
    /// Blob SHAs by site path of every file the walk lists, with the stamp they were hashed at.
    files: BTreeMap<String, (Stamp, String)>,
    /// Whether `files` may miss a change (or was never filled).
    stale: bool,
    /// The listing built from `files`, until they change.
    tree: Option<Tree>,
    watched: BTreeSet<PathBuf>,
}

impl Index {
    pub fn new(root: &Path) -> Index {
        let reports = Arc::new(Mutex::new(Reports::default()));
        let queue = reports.clone();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            // Reading a file is no change (and listing a site reads every file once).
            if event
                .as_ref()
                .is_ok_and(|e| matches!(e.kind, EventKind::Access(_)))
            {
                return;
            }
            let mut queue = queue
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if queue.events.len() < MAX_REPORTS {
                queue.events.push(event);
            } else {
                queue.events.clear();
                queue.overflowed = true;
            }
        })
        .ok();
        Index {
            root: root.to_path_buf(),
            state: Mutex::new(State {
                stale: true,
                ..State::default()
            }),
            reports,
            watcher: Mutex::new(watcher),
        }
    }

    /// The index, locked: a change set holds it while it lands, so the watcher's reports of the
    /// change find it already applied.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn tree(&self) -> Result<Tree, Error> {
        let mut state = self.lock();
        let mut watcher = self
            .watcher
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let reports = std::mem::take(
            &mut *self
                .reports
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        );
        state.stale |= reports.overflowed;
        for event in reports.events {
            state.receive(&self.root, event);
        }
        if state.stale || watcher.is_none() {
            // A folder is watched only after the walk has been through it: what appeared there in
            // between is found by walking once more after new folders were watched.
            loop {
                let folders = state.walk(&self.root)?;
                let added = match watcher.as_mut() {
                    Some(watcher) => state.watch(watcher, folders),
                    None => false,
                };
                if !added {
                    break;
                }
            }
        }
        let state = &mut *state;
        let files = &state.files;
        let tree = state.tree.get_or_insert_with(|| {
            let blobs: Vec<(String, String)> = files
                .iter()
                .map(|(path, (_, sha))| (path.clone(), sha.clone()))
                .collect();
            tree_from_blobs(&blobs).into()
        });
        Ok(tree.clone())
    }
}

impl State {
    /// Walks the site (Keystatic's walk: every regular file; skipped folders left out; `.gitignore`
    /// files applied at every depth; symlinks left out), hashing only files whose stamp changed.
    /// Answers the folders it went through.
    fn walk(&mut self, root: &Path) -> Result<BTreeSet<PathBuf>, Error> {
        let walker = ignore::WalkBuilder::new(root)
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
        let mut files = BTreeMap::new();
        let mut folders = BTreeSet::new();
        for entry in walker {
            let entry = entry.map_err(|e| Error::Io {
                path: root.display().to_string(),
                source: std::io::Error::other(e.to_string()),
            })?;
            let Some(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                folders.insert(entry.path().to_path_buf());
                continue;
            }
            if !kind.is_file() {
                continue;
            }
            let Some(path) = site_path(root, entry.path()) else {
                continue;
            };
            let full = entry.path();
            let stamp = Stamp::of(&fs::metadata(full).map_err(io(full))?);
            let sha = match self.files.get(&path) {
                Some((known, sha)) if stamp.same_as(known) => sha.clone(),
                _ => blob_sha(&fs::read(full).map_err(io(full))?),
            };
            files.insert(path, (stamp, sha));
        }
        self.files = files;
        self.stale = false;
        self.tree = None;
        Ok(folders)
    }

    /// Watches `folders` and no others; answers whether any was new.
    fn watch(&mut self, watcher: &mut RecommendedWatcher, folders: BTreeSet<PathBuf>) -> bool {
        for gone in self.watched.difference(&folders) {
            let _ = watcher.unwatch(gone);
        }
        let mut added = false;
        let mut unwatched = Vec::new();
        for folder in folders.difference(&self.watched) {
            // A folder that cannot be watched (the system's limit reached, say) is tried again,
            // and walked, at each listing: the index stays stale.
            if watcher.watch(folder, RecursiveMode::NonRecursive).is_err() {
                self.stale = true;
                unwatched.push(folder.clone());
            }
            added = true;
        }
        self.watched = folders;
        for folder in unwatched {
            self.watched.remove(&folder);
        }
        added && !self.stale
    }

    /// Records a file this process wrote (`bytes` now at `full`); a file new to the listing may be
    /// one a `.gitignore` leaves out, which only a walk can tell.
    pub fn wrote(&mut self, root: &Path, full: &Path, bytes: &[u8]) {
        let Some(path) = site_path(root, full) else {
            return;
        };
        match (self.files.get_mut(&path), fs::metadata(full)) {
            (Some(known), Ok(meta)) => *known = (Stamp::of(&meta), blob_sha(bytes)),
            _ => self.stale = true,
        }
        self.tree = None;
    }

    /// Records that the file or folder at `full` is gone, with everything below it.
    pub fn removed(&mut self, root: &Path, full: &Path) {
        let Some(path) = site_path(root, full) else {
            return;
        };
        let below = format!("{path}/");
        let before = self.files.len();
        self.files
            .retain(|known, _| *known != path && !known.starts_with(&below));
        if self.files.len() != before {
            self.tree = None;
        }
    }
}

/// Applying what the watcher reported.
impl State {
    fn receive(&mut self, root: &Path, event: notify::Result<notify::Event>) {
        let state = self;
        let Ok(event) = event else {
            state.stale = true;
            return;
        };
        if event.need_rescan() || matches!(event.kind, EventKind::Any | EventKind::Other) {
            state.stale = true;
            return;
        }
        if matches!(event.kind, EventKind::Access(_)) {
            return;
        }
        for full in &event.paths {
            state.apply(root, &event.kind, full);
        }
    }

    fn apply(&mut self, root: &Path, kind: &EventKind, full: &Path) {
        let state = self;
        let Ok(relative) = full.strip_prefix(root) else {
            return;
        };
        if relative
            .components()
            .any(|part| SKIPPED.iter().any(|name| part.as_os_str() == *name))
        {
            return;
        }
        let Some(path) = site_path(root, full) else {
            // The root itself, or a name that is not UTF-8.
            return;
        };
        match fs::symlink_metadata(full) {
            Err(_) => state.removed(root, full),
            Ok(meta) if meta.is_file() && !path.ends_with(".gitignore") => {
                let stamp = Stamp::of(&meta);
                let Some((known, _)) = state.files.get(&path) else {
                    state.stale = true;
                    return;
                };
                if stamp.same_as(known) {
                    return;
                }
                match fs::read(full) {
                    Ok(bytes) => {
                        state.files.insert(path, (stamp, blob_sha(&bytes)));
                        state.tree = None;
                    }
                    Err(_) => state.stale = true,
                }
            }
            // A folder that changed in itself (its times, its permissions) lists the same files.
            Ok(meta)
                if meta.is_dir()
                    && matches!(
                        kind,
                        EventKind::Modify(ModifyKind::Metadata(_) | ModifyKind::Data(_))
                    ) => {}
            Ok(_) => state.stale = true,
        }
    }
}

/// `full`'s path in the site, `/`-separated; None for the root and names that are not UTF-8.
fn site_path(root: &Path, full: &Path) -> Option<String> {
    let relative = full.strip_prefix(root).ok()?.to_str()?;
    (!relative.is_empty()).then(|| relative.replace(std::path::MAIN_SEPARATOR, "/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{CreateKind, DataChange, Event, RemoveKind};

    /// A site of two files, walked once.
    fn walked() -> (tempfile::TempDir, State) {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::create_dir_all(dir.path().join("posts/a")).expect("mkdir");
        fs::write(dir.path().join("posts/a/index.yaml"), "title: A\n").expect("write");
        fs::write(dir.path().join("posts/b.yaml"), "title: B\n").expect("write");
        let mut state = State::default();
        state.walk(dir.path()).expect("walk");
        (dir, state)
    }

    fn report(state: &mut State, root: &Path, kind: EventKind, path: &str) {
        state.receive(root, Ok(Event::new(kind).add_path(root.join(path))));
    }

    fn modified() -> EventKind {
        EventKind::Modify(ModifyKind::Data(DataChange::Content))
    }

    #[test]
    fn a_listed_file_that_changed_is_hashed_again_without_a_walk() {
        let (dir, mut state) = walked();
        fs::write(dir.path().join("posts/b.yaml"), "title: Bee\n").expect("write");
        report(&mut state, dir.path(), modified(), "posts/b.yaml");
        assert!(!state.stale);
        assert_eq!(state.files["posts/b.yaml"].1, blob_sha(b"title: Bee\n"));
    }

    #[test]
    fn a_folder_that_vanished_takes_its_files_without_a_walk() {
        let (dir, mut state) = walked();
        fs::remove_dir_all(dir.path().join("posts/a")).expect("rm");
        report(
            &mut state,
            dir.path(),
            EventKind::Remove(RemoveKind::Folder),
            "posts/a",
        );
        assert!(!state.stale);
        assert_eq!(state.files.keys().collect::<Vec<_>>(), ["posts/b.yaml"]);
    }

    #[test]
    fn what_only_a_walk_can_place_marks_the_index_stale() {
        let (dir, mut state) = walked();
        fs::write(dir.path().join("posts/c.yaml"), "new").expect("write");
        report(
            &mut state,
            dir.path(),
            EventKind::Create(CreateKind::File),
            "posts/c.yaml",
        );
        assert!(state.stale, "a new file may be one a .gitignore leaves out");

        let (dir, mut state) = walked();
        fs::write(dir.path().join(".gitignore"), "*.yaml\n").expect("write");
        report(
            &mut state,
            dir.path(),
            EventKind::Create(CreateKind::File),
            ".gitignore",
        );
        assert!(state.stale);

        let (dir, mut state) = walked();
        fs::create_dir(dir.path().join("posts/d")).expect("mkdir");
        report(
            &mut state,
            dir.path(),
            EventKind::Create(CreateKind::Folder),
            "posts/d",
        );
        assert!(state.stale);

        let (dir, mut state) = walked();
        state.receive(dir.path(), Err(notify::Error::generic("queue overflow")));
        assert!(state.stale);
    }

    #[test]
    fn tool_folders_and_unchanged_files_change_nothing() {
        let (dir, mut state) = walked();
        fs::create_dir_all(dir.path().join("node_modules/x")).expect("mkdir");
        report(
            &mut state,
            dir.path(),
            EventKind::Create(CreateKind::Folder),
            "node_modules/x",
        );
        report(
            &mut state,
            dir.path(),
            EventKind::Create(CreateKind::File),
            ".git/index.lock",
        );
        report(&mut state, dir.path(), modified(), "posts/b.yaml");
        assert!(!state.stale);
        assert_eq!(state.files.len(), 2);
    }
}
