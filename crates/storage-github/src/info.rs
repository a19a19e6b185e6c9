//! The repository as GitHub shows it to one person: its node id, default branch, whether they may
//! push, and every branch's head. Asked once per request; it also proves they may read it.
//!
//! Someone who may not push to the site's repository but owns a fork of it they may push to works
//! on the fork, as in Keystatic: it is read and written instead, and pull requests go upstream.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Value, json};
use storage::Error;

use crate::Repository;
use crate::client::{Client, unexpected};
use crate::graphql;

#[derive(Debug, Clone)]
pub struct RepoInfo {
    /// The repository read and written: the site's, or the person's fork of it.
    pub owner: String,
    pub name: String,
    pub id: String,
    pub default: String,
    pub can_write: bool,
    /// name → (ref id, head commit)
    pub branches: HashMap<String, (String, String)>,
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

fn may_push(permission: Option<&str>) -> bool {
    matches!(permission, Some("ADMIN" | "MAINTAIN" | "WRITE"))
}

impl RepoInfo {
    /// Asks GitHub, with `token`, for `repository`, or for the person's fork of it when they may
    /// push only there.
    pub fn fetch(client: &Client, token: &str, repository: &Repository) -> Result<RepoInfo, Error> {
        let (info, fork) = RepoInfo::fetch_one(client, token, &repository.owner, &repository.name)?;
        match fork {
            Some(fork) if !info.can_write && fork.can_write => {
                let (mut on_fork, _) = RepoInfo::fetch_one(client, token, &fork.owner, &fork.name)?;
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

    /// One repository: every branch, 100 at a time, and the person's fork of it if they have one.
    fn fetch_one(
        client: &Client,
        token: &str,
        owner: &str,
        name: &str,
    ) -> Result<(RepoInfo, Option<Fork>), Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Repo {
            id: String,
            viewer_permission: Option<String>,
            default_branch_ref: Option<Named>,
            refs: Refs,
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
        #[derive(Deserialize)]
        struct Named {
            name: String,
        }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Refs {
            nodes: Vec<RefNode>,
            page_info: PageInfo,
        }
        #[derive(Deserialize)]
        struct RefNode {
            id: String,
            name: String,
            target: Option<Target>,
        }
        #[derive(Deserialize)]
        struct Target {
            oid: String,
        }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct PageInfo {
            has_next_page: bool,
            end_cursor: Option<String>,
        }
        let full_name = format!("{owner}/{name}");
        let mut after: Option<String> = None;
        let mut branches = HashMap::new();
        let mut fork = None;
        loop {
            let (data, errors) = client.graphql(
                token,
                graphql::REPOSITORY,
                json!({ "owner": owner, "name": name, "after": after }),
            )?;
            let repo = data.get("repository").cloned().unwrap_or(Value::Null);
            if repo.is_null() {
                let denied = errors.is_empty()
                    || errors.iter().any(|e| {
                        matches!(e.kind.as_deref(), Some("NOT_FOUND") | Some("FORBIDDEN"))
                    });
                return Err(if denied {
                    Error::RepoNotFound(full_name)
                } else {
                    unexpected(&errors)
                });
            }
            let repo: Repo = serde_json::from_value(repo).map_err(|e| {
                Error::Unavailable(format!(
                    "GitHub's repository answer was not understood: {e}"
                ))
            })?;
            if let Some(node) = repo.forks.and_then(|f| f.nodes.into_iter().next()) {
                fork = Some(Fork {
                    can_write: may_push(node.viewer_permission.as_deref()),
                    owner: node.owner.login,
                    name: node.name,
                });
            }
            for node in repo.refs.nodes {
                if let Some(target) = node.target {
                    branches.insert(node.name, (node.id, target.oid));
                }
            }
            if repo.refs.page_info.has_next_page && repo.refs.page_info.end_cursor.is_some() {
                after = repo.refs.page_info.end_cursor;
                continue;
            }
            let Some(default) = repo.default_branch_ref else {
                return Err(Error::Unavailable(format!(
                    "Git repo not initialised: {} has no commits yet; make a first commit on GitHub, then reload",
                    full_name
                )));
            };
            let info = RepoInfo {
                owner: owner.to_string(),
                name: name.to_string(),
                id: repo.id,
                default: default.name,
                can_write: may_push(repo.viewer_permission.as_deref()),
                branches,
                upstream: None,
            };
            return Ok((info, fork));
        }
    }
}
