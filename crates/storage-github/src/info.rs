//! The repository as GitHub shows it to one person: its node id, default branch, whether they may
//! push, and every branch's head. Asked once per request; it also proves they may read it.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Value, json};
use storage::Error;

use crate::Repository;
use crate::client::{Client, unexpected};
use crate::graphql;

#[derive(Debug, Clone)]
pub struct RepoInfo {
    pub id: String,
    pub default: String,
    pub can_write: bool,
    /// name → (ref id, head commit)
    pub branches: HashMap<String, (String, String)>,
}

impl RepoInfo {
    /// Asks GitHub, with `token`, for `repository`: every branch, 100 at a time.
    pub fn fetch(client: &Client, token: &str, repository: &Repository) -> Result<RepoInfo, Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Repo {
            id: String,
            viewer_permission: Option<String>,
            default_branch_ref: Option<Named>,
            refs: Refs,
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
        let full_name = format!("{}/{}", repository.owner, repository.name);
        let mut after: Option<String> = None;
        let mut branches = HashMap::new();
        loop {
            let (data, errors) = client.graphql(
                token,
                graphql::REPOSITORY,
                json!({ "owner": repository.owner, "name": repository.name, "after": after }),
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
            return Ok(RepoInfo {
                id: repo.id,
                default: default.name,
                can_write: matches!(
                    repo.viewer_permission.as_deref(),
                    Some("ADMIN" | "MAINTAIN" | "WRITE")
                ),
                branches,
            });
        }
    }
}
