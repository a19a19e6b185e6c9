//! The repository as GitHub serves it: tree-ish names resolved to trees, trees listed in git's
//! order, branches, and new trees made from a commit's files changes. Only objects and refs are
//! read and written, never a working tree.

use git2::{ObjectType, Oid, Repository, Tree, TreeWalkMode, TreeWalkResult};

const TREE_MODE: i32 = 0o040000;
const FILE_MODE: i32 = 0o100644;
const EXECUTABLE_MODE: i32 = 0o100755;
const LINK_MODE: i32 = 0o120000;

/// The tree `name` stands for: a tree's id, a commit's id, or a branch or tag name.
pub(crate) fn resolve_tree<'r>(repo: &'r Repository, name: &str) -> Option<Tree<'r>> {
    let object = match Oid::from_str(name) {
        Ok(id) if name.len() == 40 => repo.find_object(id, None).ok()?,
        _ => ["refs/heads/", "refs/tags/"]
            .iter()
            .find_map(|prefix| repo.find_reference(&format!("{prefix}{name}")).ok())?
            .peel(ObjectType::Any)
            .ok()?,
    };
    object.peel_to_tree().ok()
}

/// One entry of a listed tree.
pub(crate) struct Entry {
    pub path: String,
    pub mode: i32,
    pub id: Oid,
}

impl Entry {
    /// GitHub's `type`: `tree`, `commit` for a submodule, otherwise `blob`.
    pub fn kind(&self) -> &'static str {
        match self.mode {
            TREE_MODE => "tree",
            0o160000 => "commit",
            _ => "blob",
        }
    }
}

/// `tree`'s entries; with `recursive`, every entry below it with folders before their contents,
/// as `git ls-tree -r -t` lists them.
pub(crate) fn list(tree: &Tree<'_>, recursive: bool) -> Vec<Entry> {
    let mut out = Vec::new();
    let _ = tree.walk(TreeWalkMode::PreOrder, |parent, entry| {
        out.push(Entry {
            path: format!("{parent}{}", entry.name().unwrap_or_default()),
            mode: entry.filemode(),
            id: entry.id(),
        });
        if recursive {
            TreeWalkResult::Ok
        } else {
            TreeWalkResult::Skip
        }
    });
    out
}

/// The short name of the branch HEAD names, when it has a commit (GitHub's default branch).
pub(crate) fn default_branch(repo: &Repository) -> Option<String> {
    let head = repo.find_reference("HEAD").ok()?;
    let target = head.symbolic_target().ok()??.to_string();
    repo.find_reference(&target).ok()?;
    target.strip_prefix("refs/heads/").map(String::from)
}

/// Every branch as (short name, commit), ordered by name.
pub(crate) fn branches(repo: &Repository) -> Vec<(String, Oid)> {
    let mut out: Vec<(String, Oid)> = repo
        .references_glob("refs/heads/*")
        .map(|refs| {
            refs.flatten()
                .filter_map(|r| {
                    let name = r.name().ok()?.strip_prefix("refs/heads/")?.to_string();
                    Some((name, r.target()?))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The commit branch `name` (short) points to.
pub(crate) fn branch_head(repo: &Repository, name: &str) -> Option<Oid> {
    repo.find_reference(&format!("refs/heads/{name}"))
        .ok()?
        .target()
}

/// Why a commit's file changes cannot be made.
pub(crate) enum ChangeRefused {
    /// Not a path git can hold (empty, `.`, `..` or `.git` segments, leading or trailing `/`).
    BadPath(String),
    /// A deletion of a path that is not a file.
    NoSuchFile,
    /// An addition where a folder is, or below a file.
    InTheWay(String),
    Git(git2::Error),
}

impl From<git2::Error> for ChangeRefused {
    fn from(err: git2::Error) -> ChangeRefused {
        ChangeRefused::Git(err)
    }
}

/// `base` with `deletions` and then `additions` (path, bytes) applied: folders made as paths need
/// them, and folders a deletion leaves empty removed, as git has no empty folders. A file that is
/// replaced keeps its executable bit.
pub(crate) fn changed_tree(
    repo: &Repository,
    base: &Tree<'_>,
    deletions: &[String],
    additions: &[(String, Vec<u8>)],
) -> Result<Oid, ChangeRefused> {
    let mut root = Some(base.id());
    for path in deletions {
        root = edit(repo, root, &segments(path)?, None, path)?;
    }
    for (path, bytes) in additions {
        let blob = repo.blob(bytes)?;
        root = edit(repo, root, &segments(path)?, Some(blob), path)?;
    }
    match root {
        Some(id) => Ok(id),
        None => Ok(repo.treebuilder(None)?.write()?),
    }
}

fn segments(path: &str) -> Result<Vec<&str>, ChangeRefused> {
    let segments: Vec<&str> = path.split('/').collect();
    let bad = |s: &&str| s.is_empty() || *s == "." || *s == ".." || *s == ".git";
    if segments.iter().any(bad) {
        return Err(ChangeRefused::BadPath(path.to_string()));
    }
    Ok(segments)
}

/// The tree `tree` with the file at `segments` set to `blob`, or removed when `blob` is none;
/// none when that leaves the tree empty.
fn edit(
    repo: &Repository,
    tree: Option<Oid>,
    segments: &[&str],
    blob: Option<Oid>,
    path: &str,
) -> Result<Option<Oid>, ChangeRefused> {
    let base = tree.map(|id| repo.find_tree(id)).transpose()?;
    let mut builder = repo.treebuilder(base.as_ref())?;
    let (name, rest) = segments.split_first().expect("a path has a segment");
    let existing = builder.get(name)?.map(|e| (e.id(), e.filemode()));
    let is_file = |mode: i32| [FILE_MODE, EXECUTABLE_MODE, LINK_MODE].contains(&mode);
    match (rest.is_empty(), existing, blob) {
        (true, Some((_, mode)), None) if is_file(mode) => {
            builder.remove(name)?;
        }
        (true, _, None) => return Err(ChangeRefused::NoSuchFile),
        (true, Some((_, TREE_MODE)), Some(_)) => {
            return Err(ChangeRefused::InTheWay(path.to_string()));
        }
        (true, existing, Some(blob)) => {
            let executable = existing.is_some_and(|(_, mode)| mode == EXECUTABLE_MODE);
            let mode = if executable {
                EXECUTABLE_MODE
            } else {
                FILE_MODE
            };
            builder.insert(name, blob, mode)?;
        }
        (false, Some((id, TREE_MODE)), _) => match edit(repo, Some(id), rest, blob, path)? {
            Some(sub) => {
                builder.insert(name, sub, TREE_MODE)?;
            }
            None => {
                builder.remove(name)?;
            }
        },
        (false, Some(_), None) | (false, None, None) => {
            return Err(ChangeRefused::NoSuchFile);
        }
        (false, Some(_), Some(_)) => return Err(ChangeRefused::InTheWay(path.to_string())),
        (false, None, Some(_)) => {
            let sub = edit(repo, None, rest, blob, path)?.expect("a new file makes a folder");
            builder.insert(name, sub, TREE_MODE)?;
        }
    }
    if builder.is_empty() {
        Ok(None)
    } else {
        Ok(Some(builder.write()?))
    }
}
