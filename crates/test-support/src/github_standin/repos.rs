//! The repositories the stand-in serves: the site's; other repositories of the same owner
//! (siblings, which an app installation covers too); and the forks users make of the site's, each
//! named `{login}/{name}`. Every repository but the site's is a bare repository of its own that
//! starts with the site's branches. Calls name a repository by owner and name, by node id, or
//! through one of its refs' ids. A viewer sees the owner's (private) repositories only with a
//! permission on them, a fork only when it is theirs, and an installation token only the
//! repositories it was restricted to; branch protection and pull requests belong to the site's.

use std::path::Path;

use git2::Repository;

use super::git;
use super::ids::{self, RepoKey};
use super::state::{Fork, Inner, Permission, Shared, User};

/// A repository as one viewer may use it.
pub(crate) struct Repo<'a> {
    pub id: String,
    pub owner: String,
    pub name: String,
    pub git: &'a Repository,
    pub permission: Permission,
    pub app_installed: bool,
    pub is_fork: bool,
}

impl Inner {
    /// The repository `owner/name` as `viewer` may see it; none when it is not there for them.
    pub fn find_repo<'a>(
        &'a self,
        shared: &Shared,
        viewer: &User,
        owner: &str,
        name: &str,
    ) -> Option<Repo<'a>> {
        let key = if shared.is_repository(owner, name) {
            RepoKey::Site
        } else if owner.eq_ignore_ascii_case(&shared.owner) {
            RepoKey::Sibling(name.to_lowercase())
        } else if name.eq_ignore_ascii_case(&shared.name) {
            RepoKey::Fork(owner.to_string())
        } else {
            return None;
        };
        self.repo_for(shared, viewer, &key)
    }

    /// The repository with node id `id`, as `viewer` may see it.
    pub fn find_repo_by_id<'a>(
        &'a self,
        shared: &Shared,
        viewer: &User,
        id: &str,
    ) -> Option<Repo<'a>> {
        self.repo_for(shared, viewer, &ids::repository_key(id)?)
    }

    fn repo_for<'a>(&'a self, shared: &Shared, viewer: &User, key: &RepoKey) -> Option<Repo<'a>> {
        let id = ids::repository_id(key);
        match key {
            RepoKey::Site | RepoKey::Sibling(_) => {
                let (name, git) = match key {
                    RepoKey::Sibling(name) => (name.clone(), self.siblings.get(name)?),
                    _ => (shared.name.clone(), &self.repo),
                };
                let allowed = viewer.permission > Permission::None
                    && viewer
                        .only
                        .as_ref()
                        .is_none_or(|only| only.contains(&name.to_lowercase()));
                allowed.then(|| Repo {
                    id,
                    owner: shared.owner.clone(),
                    name,
                    git,
                    permission: viewer.permission,
                    app_installed: self.app_installed,
                    is_fork: false,
                })
            }
            RepoKey::Fork(login) => {
                if !login.eq_ignore_ascii_case(&viewer.login) || viewer.only.is_some() {
                    return None;
                }
                let fork = self.forks.get(&viewer.login)?;
                Some(Repo {
                    id: ids::repository_id(&RepoKey::Fork(viewer.login.clone())),
                    owner: viewer.login.clone(),
                    name: shared.name.clone(),
                    git: &fork.git,
                    permission: Permission::Admin,
                    app_installed: fork.app_installed,
                    is_fork: true,
                })
            }
        }
    }

    /// The names (lowercase) of the repositories the app's installation covers: the owner's.
    pub fn installed_repositories(&self, shared: &Shared) -> Vec<String> {
        let mut names = vec![shared.name.to_lowercase()];
        names.extend(self.siblings.keys().cloned());
        names
    }

    /// `login`'s fork of the site's repository, made now with its branches unless it exists.
    pub fn make_fork(&mut self, login: &str) -> Result<(), String> {
        if self.user(login).is_none() {
            return Err(format!("no user {login}"));
        }
        if self.forks.contains_key(login) {
            return Ok(());
        }
        let git = self.copy_of_site(&format!("fork-{login}"))?;
        let fork = Fork {
            git,
            app_installed: false,
        };
        self.forks.insert(login.to_string(), fork);
        Ok(())
    }

    /// Another repository of the site's owner named `name`, made now with the site's branches
    /// unless it exists.
    pub fn make_sibling(&mut self, name: &str) -> Result<(), String> {
        let key = name.to_lowercase();
        if !self.siblings.contains_key(&key) {
            let git = self.copy_of_site(&format!("sibling-{key}"))?;
            self.siblings.insert(key, git);
        }
        Ok(())
    }

    fn copy_of_site(&mut self, dir_name: &str) -> Result<Repository, String> {
        if self.repos_dir.is_none() {
            self.repos_dir = Some(tempfile::tempdir().map_err(|e| e.to_string())?);
        }
        let dir = self.repos_dir.as_ref().expect("made above").path();
        clone_bare(&self.repo, &dir.join(format!("{dir_name}.git")))
            .map_err(|e| format!("copying the repository: {}", e.message()))
    }
}

/// A bare copy of `from`'s branches at `to`, its default branch the same.
fn clone_bare(from: &Repository, to: &Path) -> Result<Repository, git2::Error> {
    let copy = Repository::init_bare(to)?;
    {
        let source = from.path().to_string_lossy().into_owned();
        let mut remote = copy.remote_anonymous(&source)?;
        remote.fetch(&["+refs/heads/*:refs/heads/*"], None, None)?;
    }
    if let Some(default) = git::default_branch(from) {
        copy.set_head(&format!("refs/heads/{default}"))?;
    }
    Ok(copy)
}
