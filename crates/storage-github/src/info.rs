//! The repository as GitHub shows it to one person: its node id, default branch, whether they may
//! push, and the heads of the branches a request needs. Asked once per request, with the branch the
//! request is about; it also proves they may read it. Every branch is listed only when a request
//! lists them, 100 to a call.
//!
//! Someone who may not push to the site's repository but owns a fork of it they may push to works
//! on the fork, as in Keystatic: it is read and written instead, and pull requests go upstream.

use std::collections::HashMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use storage::Error;

use crate::client::{Client, GraphqlError, unexpected};
use crate::graphql;
use crate::site::Repository;

#[derive(Debug, Clone)]
pub struct RepoInfo {
    /// The repository read and written: the site's, or the person's fork of it.
    pub owner: String,
    pub name: String,
    pub id: String,
    pub default: String,
    pub can_write: bool,
    /// Branches known so far: name → (ref id, head commit).
    pub branches: HashMap<String, (String, String)>,
    /// Whether `branches` holds every branch (a branch not in it then does not exist).
    pub listed: bool,
    /// The site's repository, when this is the person's fork of it.
    pub upstream: Option<Upstream>,
}

/// The repository a fork was made from.
#[derive(Debug, Clone)]
pub struct Upstream {
    pub owner: String,
    pub name: String,
    pub default: String,
}

/// A fork of the repository that the person owns.
struct Fork {
    owner: String,
    name: String,
    can_write: bool,
}

#[derive(Deserialize, Clone)]
struct Target {
    oid: String,
}

/// A branch as GraphQL answers it.
#[derive(Deserialize, Clone)]
struct RefNode {
    id: String,
    name: String,
    target: Option<Target>,
}

fn may_push(permission: Option<&str>) -> bool {
    matches!(permission, Some("ADMIN" | "MAINTAIN" | "WRITE"))
}

impl RepoInfo {
    /// Asks GitHub, with `token`, for `repository` and the head of `branch` (the default branch's
    /// comes anyway), or for the person's fork of it when they may push only there.
    pub fn fetch(
        client: &Client,
        token: &str,
        repository: &Repository,
        branch: Option<&str>,
    ) -> Result<RepoInfo, Error> {
        let (info, fork) = fetch_one(client, token, &repository.owner, &repository.name, branch)?;
        match fork {
            Some(fork) if !info.can_write && fork.can_write => {
                let (mut on_fork, _) = fetch_one(client, token, &fork.owner, &fork.name, branch)?;
                on_fork.upstream = Some(Upstream {
                    owner: info.owner,
                    name: info.name,
                    default: info.default,
                });
                Ok(on_fork)
            }
            _ => Ok(info),
        }
    }

    /// The head of `branch`: known, or asked of GitHub (and then known).
    pub fn head(&mut self, client: &Client, token: &str, branch: &str) -> Result<String, Error> {
        if let Some((_, head)) = self.branches.get(branch) {
            return Ok(head.clone());
        }
        if self.listed {
            return Err(Error::NoSuchBranch(branch.to_string()));
        }
        let variables = json!({
            "owner": self.owner,
            "name": self.name,
            "qualifiedName": format!("refs/heads/{branch}"),
        });
        #[derive(Deserialize)]
        struct RefHead {
            id: String,
            target: Option<Target>,
        }
        let (data, errors) = client.graphql(token, graphql::REF, variables)?;
        let found: Option<RefHead> = repository_field(&self.full_name(), data, &errors, "ref")?;
        match found.and_then(|node| Some((node.id, node.target?.oid))) {
            Some((id, head)) => {
                self.branches.insert(branch.to_string(), (id, head.clone()));
                Ok(head)
            }
            None => Err(Error::NoSuchBranch(branch.to_string())),
        }
    }

    /// Every branch, asked of GitHub 100 at a time unless already listed.
    pub fn list(&mut self, client: &Client, token: &str) -> Result<(), Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Refs {
            nodes: Vec<RefNode>,
            page_info: PageInfo,
        }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct PageInfo {
            has_next_page: bool,
            end_cursor: Option<String>,
        }
        if self.listed {
            return Ok(());
        }
        let mut after: Option<String> = None;
        let mut branches = HashMap::new();
        loop {
            let variables = json!({ "owner": self.owner, "name": self.name, "after": after });
            let (data, errors) = client.graphql(token, graphql::BRANCHES, variables)?;
            let refs: Option<Refs> = repository_field(&self.full_name(), data, &errors, "refs")?;
            let Some(refs) = refs else {
                return Err(unexpected(&errors));
            };
            for node in refs.nodes {
                if let Some(target) = node.target {
                    branches.insert(node.name, (node.id, target.oid));
                }
            }
            match refs.page_info.end_cursor {
                Some(cursor) if refs.page_info.has_next_page => after = Some(cursor),
                _ => break,
            }
        }
        self.branches = branches;
        self.listed = true;
        Ok(())
    }

    pub fn full_name(&self) -> String {
        format!("{}/{}", self.owner, self.name)
    }
}

/// One repository, the head of `branch` when named, and the person's fork of it if they have one.
fn fetch_one(
    client: &Client,
    token: &str,
    owner: &str,
    name: &str,
    branch: Option<&str>,
) -> Result<(RepoInfo, Option<Fork>), Error> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Repo {
        id: String,
        viewer_permission: Option<String>,
        default_branch_ref: Option<RefNode>,
        #[serde(rename = "ref")]
        asked: Option<RefNode>,
        forks: Option<Forks>,
    }
    #[derive(Deserialize)]
    struct Forks {
        nodes: Vec<ForkNode>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct ForkNode {
        owner: Owner,
        name: String,
        viewer_permission: Option<String>,
    }
    #[derive(Deserialize)]
    struct Owner {
        login: String,
    }
    let full_name = format!("{owner}/{name}");
    let variables = json!({
        "owner": owner,
        "name": name,
        "qualifiedName": format!("refs/heads/{}", branch.unwrap_or_default()),
        "withRef": branch.is_some(),
    });
    let (data, errors) = client.graphql(token, graphql::REPOSITORY, variables)?;
    let repo = data.get("repository").cloned().unwrap_or(Value::Null);
    if repo.is_null() {
        return Err(missing(full_name, &errors));
    }
    let repo: Repo = understood(repo)?;
    let Some(default) = repo.default_branch_ref else {
        return Err(Error::NotInitialised(full_name.to_string()));
    };
    let mut branches = HashMap::new();
    for node in [Some(default.clone()), repo.asked].into_iter().flatten() {
        if let Some(target) = node.target {
            branches.insert(node.name, (node.id, target.oid));
        }
    }
    let fork = repo
        .forks
        .and_then(|f| f.nodes.into_iter().next())
        .map(|node| Fork {
            can_write: may_push(node.viewer_permission.as_deref()),
            owner: node.owner.login,
            name: node.name,
        });
    let info = RepoInfo {
        owner: owner.to_string(),
        name: name.to_string(),
        id: repo.id,
        default: default.name,
        can_write: may_push(repo.viewer_permission.as_deref()),
        branches,
        listed: false,
        upstream: None,
    };
    Ok((info, fork))
}

/// `repository.{field}` of an answer; a missing repository is one the person may not read.
fn repository_field<T: DeserializeOwned>(
    full_name: &str,
    data: Value,
    errors: &[GraphqlError],
    field: &str,
) -> Result<Option<T>, Error> {
    let Some(repo) = data.get("repository").filter(|r| !r.is_null()) else {
        return Err(missing(full_name.to_string(), errors));
    };
    let value = repo.get(field).cloned().unwrap_or(Value::Null);
    if value.is_null() {
        return Ok(None);
    }
    understood(value).map(Some)
}

/// Why GitHub answered no repository: it is not there for this person, or something else failed.
fn missing(full_name: String, errors: &[GraphqlError]) -> Error {
    let denied = errors.is_empty()
        || errors
            .iter()
            .any(|e| matches!(e.kind.as_deref(), Some("NOT_FOUND") | Some("FORBIDDEN")));
    if denied {
        Error::RepoNotFound(full_name)
    } else {
        unexpected(errors)
    }
}

fn understood<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    serde_json::from_value(value).map_err(|e| {
        Error::Unavailable(format!(
            "GitHub's repository answer was not understood: {e}"
        ))
    })
}
