//! The site's repository as one person sees it: a [`Storage`] made for one request with that
//! person's token. Its first call asks GitHub for the repository (default branch, permission, the
//! heads of the branches the request needs; see `info.rs`) with the token, which also proves the
//! person may read it; trees and blobs then come from the shared caches or GitHub's REST API.
//!
//! A save is one `createCommitOnBranch` with the head read as its `expectedHeadOid`. GitHub's
//! refusals become typed storage errors: `STALE_DATA` a conflict, a branch protection rule
//! `Protected`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use base64::Engine;
use serde::Deserialize;
use serde_json::{Value, json};
use storage::{
    Branch, Branching, ChangeSet, Committed, EntryKind, Error, HostedRepository, Hosting,
    PullRequest, Storage, Tree, TreeEntry, blob_sha, encode_path,
};

use crate::cache::Bounded;
use crate::client::{Client, GraphqlError, unexpected};
use crate::graphql;
use crate::info::RepoInfo;
use crate::links;
use crate::site::Repository;

/// What everyone's storage shares: where the repository is, and the caches.
pub struct Shared {
    client: Client,
    repository: Repository,
    trees: Bounded<RepoTree>,
    blobs: Bounded<Vec<u8>>,
}

impl Shared {
    pub fn new(client: Client, repository: Repository) -> Shared {
        Shared {
            client,
            repository,
            trees: Bounded::new(40, 256 * 1024 * 1024),
            blobs: Bounded::new(200, 128 * 1024 * 1024),
        }
    }
}

/// How one try at a commit ended.
enum Attempt {
    Done(Committed),
    /// The branch moved since it was read.
    Stale,
}

/// A commit's whole tree as GitHub lists it: files, folders, symbolic links and submodules.
pub struct RepoTree {
    entries: Vec<TreeEntry>,
}

pub struct GithubStorage {
    shared: Arc<Shared>,
    token: String,
    /// Whether the person may only read, whatever GitHub says of the token (a cloud's viewer, whose
    /// calls go with the cloud app's token).
    read_only: bool,
    /// Asked once, then kept in step with this storage's own commits and branches.
    info: Mutex<Option<RepoInfo>>,
}

impl GithubStorage {
    pub fn new(shared: Arc<Shared>, token: String) -> GithubStorage {
        GithubStorage {
            shared,
            token,
            read_only: false,
            info: Mutex::new(None),
        }
    }

    /// The same storage, read only for its person.
    pub fn read_only(self) -> GithubStorage {
        GithubStorage {
            read_only: true,
            ..self
        }
    }

    /// `owner/name` of the repository read and written: the site's, or the person's fork of it.
    fn full_name(&self) -> Result<String, Error> {
        self.with_info(|info| format!("{}/{}", info.owner, info.name))
    }

    fn graphql(&self, query: &str, variables: Value) -> Result<(Value, Vec<GraphqlError>), Error> {
        self.shared.client.graphql(&self.token, query, variables)
    }

    /// The repository, asked once per request (with the head of `branch`, when it names one).
    fn info_for(&self, branch: Option<&str>) -> Result<MutexGuard<'_, Option<RepoInfo>>, Error> {
        let mut info = self.info.lock().expect("not poisoned");
        if info.is_none() {
            *info = Some(RepoInfo::fetch(
                &self.shared.client,
                &self.token,
                &self.shared.repository,
                branch,
            )?);
        }
        Ok(info)
    }

    fn with_info<T>(&self, read: impl FnOnce(&mut RepoInfo) -> T) -> Result<T, Error> {
        let mut info = self.info_for(None)?;
        Ok(read(info.as_mut().expect("filled by info_for()")))
    }

    fn branch_name(&self, branch: Option<&str>) -> Result<String, Error> {
        match branch {
            Some(branch) => Ok(branch.to_string()),
            None => self.with_info(|info| info.default.clone()),
        }
    }

    fn head_of(&self, branch: Option<&str>) -> Result<String, Error> {
        let mut info = self.info_for(branch)?;
        let info = info.as_mut().expect("filled by info_for()");
        let name = branch.unwrap_or(&info.default).to_string();
        info.head(&self.shared.client, &self.token, &name)
    }

    /// The repository's whole tree at a commit, as GitHub lists it.
    fn repo_tree(&self, commit: &str) -> Result<Arc<RepoTree>, Error> {
        if let Some(tree) = self.shared.trees.get(commit) {
            return Ok(tree);
        }
        #[derive(Deserialize)]
        struct Answer {
            tree: Vec<Item>,
            #[serde(default)]
            truncated: bool,
        }
        #[derive(Deserialize)]
        struct Item {
            path: String,
            #[serde(rename = "type")]
            kind: String,
            sha: String,
            #[serde(default)]
            mode: String,
        }
        let bytes = self
            .shared
            .client
            .tree(&self.token, &self.full_name()?, commit)?
            // GitHub showed the repository to this person a moment ago: its tree is not there yet.
            .ok_or_else(|| {
                Error::Unavailable(format!(
                    "GitHub does not have the tree of commit {commit} yet; reload in a moment"
                ))
            })?;
        let answer: Answer = serde_json::from_slice(&bytes)
            .map_err(|e| Error::Unavailable(format!("GitHub's tree was not understood: {e}")))?;
        if answer.truncated {
            return Err(Error::Unavailable(format!(
                "The repository {} has more files than GitHub lists at once",
                self.full_name()?
            )));
        }
        let mut entries = Vec::new();
        for item in answer.tree {
            // GitHub lists a symbolic link as a blob of mode 120000, a submodule as a commit.
            let kind = match (item.kind.as_str(), item.mode.as_str()) {
                ("blob", "120000") => EntryKind::Link,
                ("commit", _) => EntryKind::Submodule,
                ("blob", _) => EntryKind::Blob,
                ("tree", _) => EntryKind::Tree,
                _ => continue,
            };
            entries.push(TreeEntry {
                path: item.path,
                kind,
                sha: item.sha,
            });
        }
        let size = entries.iter().map(|e| e.path.len() + 96).sum::<usize>();
        let tree = Arc::new(RepoTree { entries });
        self.shared
            .trees
            .put(commit.to_string(), tree.clone(), size);
        Ok(tree)
    }

    /// The site's part of the tree, with paths relative to the site.
    fn site_tree(&self, branch: Option<&str>) -> Result<Vec<TreeEntry>, Error> {
        let tree = self.repo_tree(&self.head_of(branch)?)?;
        Ok(self.site_view(&tree))
    }

    /// The site's part of `tree`, with paths relative to the site.
    fn site_view(&self, tree: &RepoTree) -> Vec<TreeEntry> {
        let prefix = self.shared.repository.path_prefix.as_deref();
        tree.entries
            .iter()
            .filter_map(|entry| {
                let path = match prefix {
                    None => entry.path.clone(),
                    Some(prefix) => entry
                        .path
                        .strip_prefix(prefix)?
                        .strip_prefix('/')?
                        .to_string(),
                };
                Some(TreeEntry {
                    path,
                    ..entry.clone()
                })
            })
            .collect()
    }

    fn repo_path(&self, path: &str) -> String {
        match &self.shared.repository.path_prefix {
            Some(prefix) => format!("{prefix}/{path}"),
            None => path.to_string(),
        }
    }

    fn blob(&self, sha: &str) -> Result<Arc<Vec<u8>>, Error> {
        if let Some(bytes) = self.shared.blobs.get(sha) {
            return Ok(bytes);
        }
        let bytes = self
            .shared
            .client
            .blob(&self.token, &self.full_name()?, sha)?
            .ok_or_else(|| Error::Unavailable(format!("Could not fetch blob {sha}")))?;
        // An id names its content: anything else is not cached, nor served.
        if blob_sha(&bytes) != sha {
            return Err(Error::Unavailable(format!(
                "GitHub's blob {sha} did not hold its content"
            )));
        }
        let size = bytes.len();
        let bytes = Arc::new(bytes);
        self.shared.blobs.put(sha.to_string(), bytes.clone(), size);
        Ok(bytes)
    }

    /// One try at a commit on the branch's head as read; `Stale` when the branch moved meanwhile.
    fn commit_once(&self, branch: Option<&str>, change: &ChangeSet) -> Result<Attempt, Error> {
        let name = self.branch_name(branch)?;
        let head = self.head_of(branch)?;
        if change.expected_head.as_deref().is_some_and(|e| e != head) {
            return Ok(Attempt::Stale);
        }
        let tree = self.repo_tree(&head)?;
        let site = self.site_view(&tree);
        let shas: HashMap<&str, &str> = site
            .iter()
            .filter(|e| e.kind == EntryKind::Blob)
            .map(|e| (e.path.as_str(), e.sha.as_str()))
            .collect();
        let stale: Vec<String> = change
            .expected
            .iter()
            .filter(|(path, sha)| shas.get(path.as_str()).copied() != sha.as_deref())
            .map(|(path, _)| path.clone())
            .collect();
        if !stale.is_empty() {
            return Err(Error::Conflict(stale));
        }
        // As the git backend: a symbolic link or submodule is neither replaced nor written through.
        let touched = change
            .additions
            .iter()
            .map(|(p, _)| p)
            .chain(change.deletions.iter());
        for path in touched {
            let full = self.repo_path(path);
            if tree.entries.iter().any(|entry| {
                entry.kind.is_foreign()
                    && (full == entry.path
                        || full
                            .strip_prefix(entry.path.as_str())
                            .is_some_and(|r| r.starts_with('/')))
            }) {
                return Err(Error::Refused {
                    path: path.clone(),
                    reason:
                        "a symbolic link or submodule in the repository; Quire does not replace it"
                            .into(),
                });
            }
        }
        if !self.with_info(|info| info.can_write)? {
            return Err(Error::Forbidden(format!(
                "You can read {} but not write to it",
                self.full_name()?
            )));
        }
        // As Keystatic: files whose bytes are already there are not sent, nor deletions of
        // files that are not.
        let additions: Vec<Value> = change
            .additions
            .iter()
            .filter(|(path, bytes)| shas.get(path.as_str()) != Some(&blob_sha(bytes).as_str()))
            .map(|(path, bytes)| {
                json!({
                    "path": self.repo_path(path),
                    "contents": base64::engine::general_purpose::STANDARD.encode(bytes),
                })
            })
            .collect();
        let deletions: Vec<Value> = change
            .deletions
            .iter()
            .filter(|path| shas.contains_key(path.as_str()))
            .map(|path| json!({ "path": self.repo_path(path) }))
            .collect();
        if additions.is_empty() && deletions.is_empty() {
            return Ok(Attempt::Done(Committed {
                head: Some(head),
                push_failed: None,
            }));
        }
        // A commit message's first line is GitHub's headline, the rest its body.
        let (headline, body) = match change.message.split_once('\n') {
            Some((headline, body)) => (headline, Some(body.trim())),
            None => (change.message.as_str(), None),
        };
        let mut message = json!({ "headline": headline });
        if let Some(body) = body.filter(|b| !b.is_empty()) {
            message["body"] = body.into();
        }
        let (data, errors) = self.graphql(
            graphql::CREATE_COMMIT,
            json!({ "input": {
                "branch": { "repositoryNameWithOwner": self.full_name()?, "branchName": name },
                "expectedHeadOid": head,
                "message": message,
                "fileChanges": { "additions": additions, "deletions": deletions },
            }}),
        )?;
        let oid = data
            .pointer("/createCommitOnBranch/ref/target/oid")
            .and_then(Value::as_str);
        match oid {
            Some(oid) => {
                self.with_info(|info| {
                    if let Some(branch) = info.branches.get_mut(&name) {
                        branch.1 = oid.to_string();
                    }
                })?;
                Ok(Attempt::Done(Committed {
                    head: Some(oid.to_string()),
                    push_failed: None,
                }))
            }
            None if errors.is_empty() => Err(Error::Invalid("Failed to update".into())),
            None => match self.refused(&name, &errors) {
                Error::Conflict(_) => Ok(Attempt::Stale),
                other => Err(other),
            },
        }
    }

    fn refused(&self, branch: &str, errors: &[GraphqlError]) -> Error {
        for error in errors {
            match error.kind.as_deref() {
                Some("STALE_DATA") => return Error::Conflict(Vec::new()),
                Some("BRANCH_PROTECTION_RULE_VIOLATION") => {
                    return Error::Protected(branch.to_string());
                }
                Some("FORBIDDEN") if error.message == "Resource not accessible by integration" => {
                    let full_name = self.full_name().unwrap_or_else(|_| {
                        let repository = &self.shared.repository;
                        format!("{}/{}", repository.owner, repository.name)
                    });
                    return Error::Forbidden(format!(
                        "The GitHub App is unable to commit to the repository. Please ensure that the Keystatic GitHub App is installed in the GitHub repository {full_name}"
                    ));
                }
                Some("FORBIDDEN") => return Error::Forbidden(error.message.clone()),
                Some("NOT_FOUND") => return Error::NoSuchBranch(branch.to_string()),
                Some("UNPROCESSABLE") => return Error::Invalid(error.message.clone()),
                _ => {}
            }
        }
        unexpected(errors)
    }
}

impl Storage for GithubStorage {
    fn tree(&self, branch: Option<&str>) -> Result<Tree, Error> {
        Ok(self.site_tree(branch)?.into())
    }

    fn read(&self, branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error> {
        let tree = self.repo_tree(&self.head_of(branch)?)?;
        let path = self.repo_path(path);
        match tree
            .entries
            .iter()
            .find(|e| e.kind == EntryKind::Blob && e.path == path)
        {
            Some(entry) => Ok(Some(self.blob(&entry.sha)?.as_ref().clone())),
            None => Ok(None),
        }
    }

    fn commit(&self, branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error> {
        // As the git backend: a branch that moved conflicts on every path the change touches.
        let touched = || -> Vec<String> {
            let mut paths: Vec<String> = change.additions.iter().map(|(p, _)| p.clone()).collect();
            paths.extend(change.deletions.iter().cloned());
            paths
        };
        match self.commit_once(branch, change)? {
            Attempt::Done(committed) => Ok(committed),
            // Without a head to keep to, someone else's commit in between is no conflict: read the
            // branch again (the files this change relies on are checked once more) and retry once.
            Attempt::Stale if change.expected_head.is_none() => {
                *self.info.lock().expect("not poisoned") = None;
                match self.commit_once(branch, change)? {
                    Attempt::Done(committed) => Ok(committed),
                    Attempt::Stale => Err(Error::Conflict(touched())),
                }
            }
            Attempt::Stale => Err(Error::Conflict(touched())),
        }
    }

    fn head(&self, branch: Option<&str>) -> Result<Option<String>, Error> {
        self.head_of(branch).map(Some)
    }

    fn branching(&self) -> Option<&dyn Branching> {
        Some(self)
    }

    fn hosting(&self) -> Option<&dyn Hosting> {
        Some(self)
    }
}

impl GithubStorage {
    /// The host's pages: `https://github.com` or an Enterprise Server's.
    fn web(&self) -> &str {
        self.shared.client.endpoints.web.trim_end_matches('/')
    }
}

impl Hosting for GithubStorage {
    fn repository(&self) -> Result<HostedRepository, Error> {
        let web = self.web();
        let prefix = match &self.shared.repository.path_prefix {
            Some(prefix) => format!("{}/", encode_path(prefix)),
            None => String::new(),
        };
        self.with_info(|info| HostedRepository {
            url: format!("{web}/{}/{}", info.owner, info.name),
            fork_of: info
                .upstream
                .as_ref()
                .map(|upstream| format!("{web}/{}/{}", upstream.owner, upstream.name)),
            file_url: format!(
                "{web}/{}/{}/blob/{{branch}}/{prefix}{{path}}",
                info.owner, info.name
            ),
        })
    }

    fn writable(&self) -> Result<bool, Error> {
        if self.read_only {
            return Ok(false);
        }
        self.with_info(|info| info.can_write)
    }
}

impl Branching for GithubStorage {
    fn default_branch(&self) -> Result<String, Error> {
        self.with_info(|info| info.default.clone())
    }

    /// A fork's branches, its default one too, are proposed to the repository upstream; the
    /// repository's own, but the default one, in the repository.
    fn list(&self) -> Result<Vec<Branch>, Error> {
        let web = self.web();
        let mut guard = self.info_for(None)?;
        let info = guard.as_mut().expect("filled by info_for()");
        info.list(&self.shared.client, &self.token)?;
        let repo = format!("{web}/{}/{}", info.owner, info.name);
        let mut list: Vec<Branch> = info
            .branches
            .iter()
            .map(|(name, (_, head))| Branch {
                name: name.clone(),
                head: head.clone(),
                new_pull_request_url: match &info.upstream {
                    Some(upstream) => Some(links::fork_pull_request_url(
                        &format!("{web}/{}/{}", upstream.owner, upstream.name),
                        &upstream.default,
                        &info.owner,
                        name,
                    )),
                    None if *name == info.default => None,
                    None => Some(links::new_pull_request_url(&repo, name)),
                },
            })
            .collect();
        list.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(list)
    }

    fn create(&self, name: &str, from: &str) -> Result<(), Error> {
        let id = self.with_info(|info| info.id.clone())?;
        let (data, errors) = self.graphql(
            graphql::CREATE_REF,
            json!({ "input": {
                "repositoryId": id,
                "name": format!("refs/heads/{name}"),
                "oid": from,
            }}),
        )?;
        match data.pointer("/createRef/ref/id").and_then(Value::as_str) {
            Some(id) => self.with_info(|info| {
                info.branches
                    .insert(name.to_string(), (id.to_string(), from.to_string()));
            }),
            None => Err(match errors.first() {
                Some(e) if e.kind.as_deref() == Some("UNPROCESSABLE") => {
                    Error::Invalid(e.message.clone())
                }
                _ => self.refused(name, &errors),
            }),
        }
    }

    /// The default branch proposes nothing, but a fork's does, to the repository upstream. A fork's branch is proposed to the repository it was made from: its pull requests, numbered
    /// there, are still the branch's own (GitHub lists them on the fork's ref).
    fn open_pull_request(&self, branch: &str) -> Result<Option<PullRequest>, Error> {
        let forked = self.with_info(|info| info.upstream.is_some())?;
        if !forked && self.default_branch()? == branch {
            return Ok(None);
        }
        let (owner, name, base) = self.with_info(|info| {
            let base = match &info.upstream {
                Some(upstream) => format!("{}/{}", upstream.owner, upstream.name),
                None => format!("{}/{}", info.owner, info.name),
            };
            (info.owner.clone(), info.name.clone(), base)
        })?;
        let (data, errors) = self.graphql(
            graphql::PULL_REQUESTS,
            json!({
                "owner": owner,
                "name": name,
                "qualifiedName": format!("refs/heads/{branch}"),
            }),
        )?;
        let not_found = errors
            .iter()
            .any(|e| matches!(e.kind.as_deref(), Some("NOT_FOUND") | Some("FORBIDDEN")));
        if data.get("repository").is_none_or(Value::is_null) && not_found {
            return Err(Error::RepoNotFound(format!("{owner}/{name}")));
        }
        if !errors.is_empty() || data.get("repository").is_none_or(Value::is_null) {
            return Err(unexpected(&errors));
        }
        let number = data
            .pointer("/repository/ref/associatedPullRequests/nodes/0/number")
            .and_then(Value::as_u64);
        Ok(number.map(|number| PullRequest {
            number,
            url: format!("{}/{base}/pull/{number}", self.web()),
        }))
    }

    fn delete(&self, name: &str) -> Result<(), Error> {
        if self.with_info(|info| info.default == name)? {
            return Err(Error::Invalid(
                "The default branch cannot be deleted".into(),
            ));
        }
        self.head_of(Some(name))?;
        let id = self.with_info(|info| info.branches.get(name).map(|(id, _)| id.clone()))?;
        let Some(id) = id else {
            return Err(Error::NoSuchBranch(name.to_string()));
        };
        let (data, errors) =
            self.graphql(graphql::DELETE_REF, json!({ "input": { "refId": id } }))?;
        if data.get("deleteRef").is_some_and(|d| !d.is_null()) {
            self.with_info(|info| info.branches.remove(name))?;
            Ok(())
        } else {
            Err(self.refused(name, &errors))
        }
    }
}
