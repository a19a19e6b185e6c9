//! What the stand-in holds besides the repository's objects: users and their permission on the
//! repository, the signed-in browser user, settings, protected branches, pull requests and the
//! request log, behind one lock so that each call sees and leaves a consistent state.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::tokens::Tokens;

/// A user's permission on the repository, as GraphQL's `RepositoryPermission` names it; ordered
/// so that `permission >= Permission::Write` asks whether the user may push.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Permission {
    /// Not a collaborator of the private repository: it does not exist for them.
    None,
    Read,
    Triage,
    Write,
    Maintain,
    Admin,
}

impl Permission {
    /// The permission GitHub names `name` (`WRITE`), in capitals as GraphQL writes it.
    pub fn parse(name: &str) -> Option<Permission> {
        Some(match name {
            "NONE" => Permission::None,
            "READ" => Permission::Read,
            "TRIAGE" => Permission::Triage,
            "WRITE" => Permission::Write,
            "MAINTAIN" => Permission::Maintain,
            "ADMIN" => Permission::Admin,
            _ => return None,
        })
    }

    /// The name GraphQL's `viewerPermission` answers.
    pub fn as_str(self) -> &'static str {
        match self {
            Permission::None => "NONE",
            Permission::Read => "READ",
            Permission::Triage => "TRIAGE",
            Permission::Write => "WRITE",
            Permission::Maintain => "MAINTAIN",
            Permission::Admin => "ADMIN",
        }
    }
}

/// Whether a pull request is still open; only open ones are a branch's associated pull requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PullRequestState {
    Open,
    Closed,
}

impl PullRequestState {
    /// The state GitHub names `name` (`OPEN`, `CLOSED`).
    pub fn parse(name: &str) -> Option<PullRequestState> {
        match name {
            "OPEN" => Some(PullRequestState::Open),
            "CLOSED" => Some(PullRequestState::Closed),
            _ => None,
        }
    }
}

/// One request the stand-in answered, so that tests can count what a client asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedRequest {
    pub method: String,
    /// The path without its query (`/api/v3/user`).
    pub path: String,
    /// For GraphQL, the operation of the document sent (`Repository`); none when unknown.
    pub operation: Option<String>,
}

/// A user of the stand-in's GitHub.
#[derive(Debug, Clone)]
pub(crate) struct User {
    pub login: String,
    pub id: u64,
    pub name: String,
    pub permission: Permission,
    /// The lowercase names of the owner's repositories this caller may reach (an installation
    /// token's); none for a person, who reaches what their permission allows.
    pub only: Option<BTreeSet<String>>,
}

/// A pull request, known only by what Quire asks of it: its branch and whether it is open.
#[derive(Debug, Clone)]
pub(crate) struct PullRequest {
    pub branch: String,
    /// The owner of the fork the branch is in; none for a branch of the repository itself.
    pub head_owner: Option<String>,
    pub state: PullRequestState,
}

/// A user's fork of the site's repository (`repos.rs` finds it for a call).
pub(crate) struct Fork {
    pub git: git2::Repository,
    /// Whether the GitHub App is installed on the fork; until it is, writes are refused.
    pub app_installed: bool,
}

/// Everything that changes while the stand-in runs.
pub(crate) struct Inner {
    pub repo: git2::Repository,
    pub users: Vec<User>,
    /// The user the browser is signed in as; the first user when none was named.
    pub signed_in: Option<String>,
    pub tokens: Tokens,
    /// Whether the GitHub App may write to the repository (installed on it).
    pub app_installed: bool,
    /// Short names of branches that take changes only through pull requests.
    pub protected: BTreeSet<String>,
    pub pulls: BTreeMap<u64, PullRequest>,
    /// `org/team` → the logins of its active members.
    pub teams: BTreeMap<String, BTreeSet<String>>,
    /// Login → their fork of the repository.
    pub forks: BTreeMap<String, Fork>,
    /// Lowercase name → another repository of the site's owner.
    pub siblings: BTreeMap<String, git2::Repository>,
    /// Where the forks' and siblings' repositories are, once there is one.
    pub repos_dir: Option<tempfile::TempDir>,
    /// The app's callback URL, as the last sign-in named it: where installing the app returns to.
    pub callback_url: Option<String>,
    pub log: Vec<LoggedRequest>,
    /// How long each blob takes to come (GitHub far away, or busy).
    pub blob_delay: std::time::Duration,
}

/// The stand-in's fixed identity and its changing state, shared by every request and the handle.
pub(crate) struct Shared {
    pub owner: String,
    pub name: String,
    pub client_id: String,
    pub client_secret: String,
    /// `http://127.0.0.1:PORT`, where the OAuth pages are.
    pub url: String,
    inner: Mutex<Inner>,
}

impl Shared {
    pub fn new(
        owner: String,
        name: String,
        client_id: String,
        client_secret: String,
        url: String,
        repo: git2::Repository,
    ) -> Shared {
        let mut inner = Inner {
            repo,
            users: Vec::new(),
            signed_in: None,
            tokens: Tokens::new(),
            app_installed: true,
            protected: BTreeSet::new(),
            pulls: BTreeMap::new(),
            teams: BTreeMap::new(),
            forks: BTreeMap::new(),
            siblings: BTreeMap::new(),
            repos_dir: None,
            callback_url: None,
            log: Vec::new(),
            blob_delay: std::time::Duration::ZERO,
        };
        inner.add_user("octo", "Octo Cat", Permission::Write);
        Shared {
            owner,
            name,
            client_id,
            client_secret,
            url,
            inner: Mutex::new(inner),
        }
    }

    /// The state; a handler that panicked leaves it usable, as a test wants to see what follows.
    pub fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `http://127.0.0.1:PORT/api/v3`, the REST base as on GitHub Enterprise Server.
    pub fn api_url(&self) -> String {
        format!("{}/api/v3", self.url)
    }

    /// Whether `owner/name` is this repository; GitHub matches names without regard to case.
    pub fn is_repository(&self, owner: &str, name: &str) -> bool {
        owner.eq_ignore_ascii_case(&self.owner) && name.eq_ignore_ascii_case(&self.name)
    }

    pub fn avatar_url(&self, login: &str) -> String {
        format!("{}/avatars/{login}.png", self.url)
    }
}

impl Inner {
    /// Adds a user, or changes the name and permission of the one with that login.
    pub fn add_user(&mut self, login: &str, name: &str, permission: Permission) {
        if let Some(user) = self.users.iter_mut().find(|u| u.login == login) {
            user.name = name.to_string();
            user.permission = permission;
            return;
        }
        let id = 1000 + self.users.len() as u64;
        self.users.push(User {
            login: login.to_string(),
            id,
            name: name.to_string(),
            permission,
            only: None,
        });
    }

    pub fn user(&self, login: &str) -> Option<&User> {
        self.users.iter().find(|u| u.login == login)
    }

    /// Signs the browser in as `login`, who must be a user.
    pub fn sign_in_as(&mut self, login: &str) -> Result<(), String> {
        if self.user(login).is_none() {
            return Err(format!("no user {login}"));
        }
        self.signed_in = Some(login.to_string());
        Ok(())
    }

    /// The user the authorize page approves for.
    pub fn browser_user(&self) -> Option<&User> {
        match &self.signed_in {
            Some(login) => self.user(login),
            None => self.users.first(),
        }
    }

    pub fn set_access_token_lifetime(&mut self, lifetime: Option<Duration>) {
        self.tokens.lifetime = lifetime;
    }

    /// Adds pull request `number` from `branch`, of `head_owner`'s fork when given.
    pub fn add_pull_request(
        &mut self,
        number: u64,
        branch: &str,
        head_owner: Option<&str>,
        state: PullRequestState,
    ) {
        let pull = PullRequest {
            branch: branch.to_string(),
            head_owner: head_owner.map(String::from),
            state,
        };
        self.pulls.insert(number, pull);
    }
}
