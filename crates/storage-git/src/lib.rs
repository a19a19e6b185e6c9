//! The `git` storage kind: branches of a git repository on disk (bare or not).
//!
//! Reads come from commits, never from the working tree. A save is one commit on its branch, made
//! only if the branch is still where the editor left it and the files it read are unchanged. When
//! the branch is the one checked out in a working tree, the committed files are written there too,
//! and a save is refused if those files have uncommitted changes, so nothing of the user's is lost.
//!
//! Branches are `refs/heads/*`. The person who saved, when they named themselves, authors the
//! commit, and the machine's git identity commits it. The listings of the last few trees are kept
//! by tree id, so a branch whose head has the same tree is not walked again. With a remote, each
//! commit is pushed with the `git` command line (`push.rs`); a failed push is reported with the
//! landed commit, not as an error.

mod error;
mod links;
mod open;
mod push;
mod worktree;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use git2::{FileMode, ObjectType, Oid, Repository, TreeWalkMode, TreeWalkResult};
use storage::{
    Branch, Branching, ChangeSet, Committed, EntryKind, Error, Storage, Tree, TreeEntry,
};

use error::git;
pub use open::OpenError;

pub struct GitStorage {
    path: PathBuf,
    /// The configured default branch; otherwise the branch HEAD points at.
    default_branch: String,
    /// Serializes commits made through this process.
    writing: Mutex<()>,
    /// Serializes pushes, so that they reach the remote in the order of their commits.
    pushing: Mutex<()>,
    /// A remote that receives every commit.
    remote: Option<String>,
    /// Branches that take changes only through a new branch.
    protected: Vec<String>,
    /// The listings of the trees read last, by tree id: a tree never changes, so a branch whose head
    /// still has the same tree is listed without walking it.
    listings: Mutex<Vec<(Oid, Tree)>>,
}

/// How many listings are kept (a few branches in use at once).
const LISTINGS: usize = 4;

impl GitStorage {
    /// Opens the repository at `path`; see [`OpenError`] for what makes it unusable.
    pub fn open(
        path: impl Into<PathBuf>,
        default_branch: Option<String>,
    ) -> Result<GitStorage, OpenError> {
        let path = path.into();
        let default_branch = open::check(&path, default_branch)?;
        Ok(GitStorage {
            path,
            default_branch,
            writing: Mutex::new(()),
            pushing: Mutex::new(()),
            remote: None,
            protected: Vec::new(),
            listings: Mutex::new(Vec::new()),
        })
    }

    /// Pushes every commit to `remote` with the `git` command line, which carries the user's credentials.
    pub fn with_remote(mut self, remote: Option<String>) -> GitStorage {
        self.remote = remote;
        self
    }

    /// Branches that take changes only through a new branch: commits to them, and creating or
    /// deleting them, are refused with [`Error::Protected`].
    pub fn with_protected(mut self, protected: Vec<String>) -> GitStorage {
        self.protected = protected;
        self
    }

    fn refuse_protected(&self, name: &str) -> Result<(), Error> {
        if self.is_protected(name) {
            return Err(Error::Protected(name.to_string()));
        }
        Ok(())
    }

    /// libgit2 repositories are not `Sync`, so each call opens its own handle.
    fn repo(&self) -> Result<Repository, Error> {
        Repository::open(&self.path).map_err(git)
    }

    fn branch_name<'a>(&'a self, branch: Option<&'a str>) -> &'a str {
        branch.unwrap_or(&self.default_branch)
    }

    fn head_commit<'r>(&self, repo: &'r Repository, name: &str) -> Result<git2::Commit<'r>, Error> {
        let reference = repo
            .find_reference(&format!("refs/heads/{name}"))
            .map_err(|_| Error::NoSuchBranch(name.to_string()))?;
        reference.peel_to_commit().map_err(git)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Where a commit left its branch.
enum Landed {
    New(String),
    /// The change changed nothing: the branch stays where it was.
    Unchanged(String),
}

/// Refuses paths that are no regular file in the branch (a symbolic link, a submodule), or that
/// pass through one: a save would replace them, or write through them in a working tree.
fn refuse_non_files(tree: &git2::Tree<'_>, paths: &[&str]) -> Result<(), Error> {
    let mode_at = |at: &str| tree.get_path(Path::new(at)).ok().map(|e| e.filemode());
    for path in paths {
        let folders = path.match_indices('/').map(|(end, _)| &path[..end]);
        let through = folders
            .map_while(|folder| mode_at(folder).map(|mode| (folder, mode)))
            .find(|(_, mode)| *mode != i32::from(FileMode::Tree));
        let reason = match (through, mode_at(path)) {
            (Some((folder, _)), _) => format!(
                "passes through {folder}, a symbolic link or submodule in the repository; Quire does not write through it"
            ),
            (None, Some(mode))
                if mode != i32::from(FileMode::Blob)
                    && mode != i32::from(FileMode::BlobExecutable) =>
            {
                "is not a regular file in the repository".to_string()
            }
            _ => continue,
        };
        return Err(Error::Refused {
            path: path.to_string(),
            reason,
        });
    }
    Ok(())
}

impl GitStorage {
    /// The commit itself, under the lock that makes check and commit one step.
    fn commit_locked(
        &self,
        branch: Option<&str>,
        change: &ChangeSet,
    ) -> Result<Option<Landed>, Error> {
        let _writing = self
            .writing
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let repo = self.repo()?;
        let name = self.branch_name(branch);
        let head = self.head_commit(&repo, name)?;
        let head_tree = head.tree().map_err(git)?;
        if change
            .expected_head
            .as_ref()
            .is_some_and(|expected| *expected != head.id().to_string())
        {
            let mut paths: Vec<String> = change.additions.iter().map(|(p, _)| p.clone()).collect();
            paths.extend(change.deletions.iter().cloned());
            return Err(Error::Conflict(paths));
        }
        let conflicts: Vec<String> = change
            .expected
            .iter()
            .filter(|(path, sha)| blob_id(&head_tree, path).map(|id| id.to_string()) != *sha)
            .map(|(path, _)| path.clone())
            .collect();
        if !conflicts.is_empty() {
            return Err(Error::Conflict(conflicts));
        }
        let touched: Vec<&str> = change
            .additions
            .iter()
            .map(|(p, _)| p.as_str())
            .chain(change.deletions.iter().map(String::as_str))
            .collect();
        refuse_non_files(&head_tree, &touched)?;
        if let Some(elsewhere) = worktree::checked_out_elsewhere(&repo, name) {
            return Err(Error::Refused {
                path: name.to_string(),
                reason: format!(
                    "is checked out in the working tree at {}; Quire does not commit to it",
                    elsewhere.display()
                ),
            });
        }
        let checked_out = worktree::checked_out_here(&repo, name);
        if checked_out {
            worktree::ensure_clean(&repo, &touched)?;
        }
        let mut update = git2::build::TreeUpdateBuilder::new();
        for (path, bytes) in &change.additions {
            // A file keeps its mode (an executable stays executable).
            let mode = match head_tree.get_path(Path::new(path)) {
                Ok(entry) if entry.filemode() == i32::from(FileMode::BlobExecutable) => {
                    FileMode::BlobExecutable
                }
                _ => FileMode::Blob,
            };
            update.upsert(path.as_str(), repo.blob(bytes).map_err(git)?, mode);
        }
        for path in &change.deletions {
            if blob_id(&head_tree, path).is_some() {
                update.remove(path.as_str());
            }
        }
        let tree_id = update.create_updated(&repo, &head_tree).map_err(git)?;
        if tree_id == head_tree.id() {
            return Ok(Some(Landed::Unchanged(head.id().to_string())));
        }
        let tree = repo.find_tree(tree_id).map_err(git)?;
        // The machine commits; the person who made the change, when they named themselves, authors.
        let committer = repo
            .signature()
            .or_else(|_| git2::Signature::now("Quire", "quire@localhost"))
            .map_err(git)?;
        let author = match &change.author {
            Some(author) => git2::Signature::now(&author.name, &author.email).map_err(git)?,
            None => committer.clone(),
        };
        let message = if change.message.is_empty() {
            "Update content"
        } else {
            &change.message
        };
        // libgit2 refuses to move the branch unless it still points at `head`, so two writers
        // (this process or any other) cannot overwrite each other's commits.
        let commit = repo
            .commit(
                Some(&format!("refs/heads/{name}")),
                &author,
                &committer,
                message,
                &tree,
                &[&head],
            )
            .map_err(|e| {
                if e.code() == git2::ErrorCode::Modified {
                    Error::Conflict(touched.iter().map(|p| p.to_string()).collect())
                } else {
                    git(e)
                }
            })?;
        if checked_out {
            worktree::update(&repo, &touched)?;
        }
        Ok(Some(Landed::New(commit.to_string())))
    }
}

/// The blob of a regular (or executable) file at `path`; a symbolic link is no file to read.
fn blob_id(tree: &git2::Tree<'_>, path: &str) -> Option<Oid> {
    let entry = tree.get_path(Path::new(path)).ok()?;
    let mode = entry.filemode();
    (mode == i32::from(FileMode::Blob) || mode == i32::from(FileMode::BlobExecutable))
        .then(|| entry.id())
}

/// Every file and folder of `tree`, folders before what they hold; symbolic links and submodules
/// are listed as what they are (never content).
fn list_tree(tree: &git2::Tree<'_>) -> Result<Vec<TreeEntry>, Error> {
    let mut entries = Vec::new();
    tree.walk(TreeWalkMode::PreOrder, |root, entry| {
        let Ok(name) = entry.name() else {
            return TreeWalkResult::Skip;
        };
        let kind = match (entry.kind(), entry.filemode()) {
            (Some(ObjectType::Tree), _) => EntryKind::Tree,
            (Some(ObjectType::Blob), 0o100644 | 0o100755) => EntryKind::Blob,
            (Some(ObjectType::Blob), 0o120000) => EntryKind::Link,
            (Some(ObjectType::Commit), _) => EntryKind::Submodule,
            _ => return TreeWalkResult::Skip,
        };
        entries.push(TreeEntry {
            path: format!("{root}{name}"),
            kind,
            sha: entry.id().to_string(),
        });
        TreeWalkResult::Ok
    })
    .map_err(git)?;
    Ok(entries)
}

impl Storage for GitStorage {
    fn tree(&self, branch: Option<&str>) -> Result<Tree, Error> {
        let repo = self.repo()?;
        let tree = self
            .head_commit(&repo, self.branch_name(branch))?
            .tree()
            .map_err(git)?;
        let mut listings = self
            .listings
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(at) = listings.iter().position(|(id, _)| *id == tree.id()) {
            // The most recently used go last.
            let listing = listings.remove(at);
            listings.push(listing.clone());
            return Ok(listing.1);
        }
        drop(listings);
        let entries: Tree = list_tree(&tree)?.into();
        let mut listings = self
            .listings
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if listings.len() == LISTINGS {
            listings.remove(0);
        }
        listings.push((tree.id(), entries.clone()));
        Ok(entries)
    }

    fn read(&self, branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error> {
        let repo = self.repo()?;
        let tree = self
            .head_commit(&repo, self.branch_name(branch))?
            .tree()
            .map_err(git)?;
        let Some(id) = blob_id(&tree, path) else {
            return Ok(None);
        };
        Ok(Some(repo.find_blob(id).map_err(git)?.content().to_vec()))
    }

    fn commit(&self, branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error> {
        self.refuse_protected(self.branch_name(branch))?;
        let head = self.commit_locked(branch, change)?;
        // Pushed after the commit's lock is let go, one push at a time so that they arrive in
        // order: a slow remote holds no other save.
        let push_failed = match (&self.remote, head.as_ref()) {
            (Some(remote), Some(Landed::New(_))) => {
                let _pushing = self
                    .pushing
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                push::push(&self.path, remote, self.branch_name(branch)).err()
            }
            _ => None,
        };
        Ok(Committed {
            head: head.map(|landed| match landed {
                Landed::New(id) | Landed::Unchanged(id) => id,
            }),
            push_failed,
        })
    }

    fn head(&self, branch: Option<&str>) -> Result<Option<String>, Error> {
        let repo = self.repo()?;
        Ok(Some(
            self.head_commit(&repo, self.branch_name(branch))?
                .id()
                .to_string(),
        ))
    }

    fn takes_authors(&self) -> bool {
        true
    }

    fn branching(&self) -> Option<&dyn Branching> {
        Some(self)
    }
}

impl Branching for GitStorage {
    fn default_branch(&self) -> Result<String, Error> {
        Ok(self.default_branch.clone())
    }

    fn list(&self) -> Result<Vec<Branch>, Error> {
        let repo = self.repo()?;
        // With a remote on a known host, each branch but the default one links to its pull request.
        let remote_url = self.remote.as_deref().and_then(|name| {
            let remote = repo.find_remote(name).ok()?;
            remote.url().ok().map(String::from)
        });
        let mut list = Vec::new();
        for reference in repo.references_glob("refs/heads/*").map_err(git)? {
            let reference = reference.map_err(git)?;
            let (Ok(name), Ok(commit)) = (reference.shorthand(), reference.peel_to_commit()) else {
                continue;
            };
            let new_pull_request_url = match &remote_url {
                Some(remote) if name != self.default_branch => {
                    links::new_pull_request_url(remote, name, &self.default_branch)
                }
                _ => None,
            };
            list.push(Branch {
                name: name.to_string(),
                head: commit.id().to_string(),
                new_pull_request_url,
            });
        }
        list.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(list)
    }

    fn is_protected(&self, name: &str) -> bool {
        self.protected.iter().any(|p| p == name)
    }

    fn create(&self, name: &str, from: &str) -> Result<(), Error> {
        self.refuse_protected(name)?;
        let repo = self.repo()?;
        if !git2::Reference::is_valid_name(&format!("refs/heads/{name}")) {
            return Err(Error::Invalid("Invalid branch name".into()));
        }
        let id = Oid::from_str(from)
            .map_err(|_| Error::Invalid(format!("{from} is not a commit id")))?;
        let commit = repo
            .find_commit(id)
            .map_err(|_| Error::Invalid(format!("There is no commit {from}")))?;
        if repo.find_reference(&format!("refs/heads/{name}")).is_ok() {
            return Err(Error::Invalid(format!(
                "A branch named {name} already exists"
            )));
        }
        repo.branch(name, &commit, false).map_err(git)?;
        Ok(())
    }

    fn delete(&self, name: &str) -> Result<(), Error> {
        self.refuse_protected(name)?;
        if name == self.default_branch {
            return Err(Error::Invalid(
                "The default branch cannot be deleted".into(),
            ));
        }
        let repo = self.repo()?;
        if worktree::checked_out_here(&repo, name) {
            return Err(Error::Invalid(format!(
                "The branch {name} is checked out in the working tree"
            )));
        }
        if let Some(elsewhere) = worktree::checked_out_elsewhere(&repo, name) {
            return Err(Error::Invalid(format!(
                "The branch {name} is checked out in the working tree at {}",
                elsewhere.display()
            )));
        }
        let mut reference = repo
            .find_reference(&format!("refs/heads/{name}"))
            .map_err(|_| Error::NoSuchBranch(name.to_string()))?;
        reference.delete().map_err(git)
    }
}
