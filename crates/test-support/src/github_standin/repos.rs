//! The repositories the stand-in serves: the site's, and the forks users make of it, each named
//! `{login}/{name}` and held in a bare repository of its own that starts with the site's branches.
//! Calls name a repository by owner and name, by node id, or through one of its refs' ids. A
//! viewer sees the site's (private) repository only with a permission on it, and a fork only when
//! it is theirs; branch protection and pull requests belong to the site's repository.

use std::path::Path;

use git2::Repository;

use super::git;
use super::ids;
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
        if shared.is_repository(owner, name) {
            return (viewer.permission > Permission::None).then(|| Repo {
                id: ids::repository_id(None),
                owner: shared.owner.clone(),
                name: shared.name.clone(),
                git: &self.repo,
                permission: viewer.permission,
                app_installed: self.app_installed,
                is_fork: false,
            });
        }
        if !name.eq_ignore_ascii_case(&shared.name) || !owner.eq_ignore_ascii_case(&viewer.login) {
            return None;
        }
        let fork = self.forks.get(&viewer.login)?;
        Some(Repo {
            id: ids::repository_id(Some(&viewer.login)),
            owner: viewer.login.clone(),
            name: shared.name.clone(),
            git: &fork.git,
            permission: Permission::Admin,
            app_installed: fork.app_installed,
            is_fork: true,
        })
    }

    /// The repository with node id `id`, as `viewer` may see it.
    pub fn find_repo_by_id<'a>(
        &'a self,
        shared: &Shared,
        viewer: &User,
        id: &str,
    ) -> Option<Repo<'a>> {
        match ids::fork_owner(id)? {
            None => self.find_repo(shared, viewer, &shared.owner, &shared.name),
            Some(login) => self.find_repo(shared, viewer, &login, &shared.name),
        }
    }

    /// `login`'s fork of the site's repository, made now with its branches unless it exists.
    pub fn make_fork(&mut self, login: &str) -> Result<(), String> {
        if self.user(login).is_none() {
            return Err(format!("no user {login}"));
        }
        if self.forks.contains_key(login) {
            return Ok(());
        }
        if self.forks_dir.is_none() {
            self.forks_dir = Some(tempfile::tempdir().map_err(|e| e.to_string())?);
        }
        let dir = self.forks_dir.as_ref().expect("made above").path();
        let git = clone_bare(&self.repo, &dir.join(format!("{login}.git")))
            .map_err(|e| format!("forking: {}", e.message()))?;
        let fork = Fork {
            git,
            app_installed: false,
        };
        self.forks.insert(login.to_string(), fork);
        Ok(())
    }
}

/// A bare copy of `from`'s branches at `to`, its default branch the same.
fn clone_bare(from: &Repository, to: &Path) -> Result<Repository, git2::Error> {
    let fork = Repository::init_bare(to)?;
    {
        let source = from.path().to_string_lossy().into_owned();
        let mut remote = fork.remote_anonymous(&source)?;
        remote.fetch(&["+refs/heads/*:refs/heads/*"], None, None)?;
    }
    if let Some(default) = git::default_branch(from) {
        fork.set_head(&format!("refs/heads/{default}"))?;
    }
    Ok(fork)
}
