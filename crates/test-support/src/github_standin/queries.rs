//! The GraphQL queries Quire sends: `Repository` (permission, default branch, the head of a branch
//! asked for, the viewer's fork), `Branches` (a page of 100 at a time), `Ref` (one branch's head)
//! and `PullRequests` (a branch's open pull request).

use serde::Deserialize;
use serde_json::{Value, json};

use super::state::{Inner, Permission, PullRequestState, Shared, User};
use super::{git, ids, reply};

/// How many branches one page of `refs` holds, as the document asks (`first: 100`).
const PAGE: usize = 100;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RepositoryVariables {
    owner: String,
    name: String,
    qualified_name: String,
    with_ref: bool,
}

#[derive(Deserialize)]
pub(crate) struct BranchesVariables {
    owner: String,
    name: String,
    after: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RefVariables {
    owner: String,
    name: String,
    qualified_name: String,
}

/// A branch as the documents ask for it.
fn branch_node(repository_id: &str, name: &str, oid: git2::Oid) -> Value {
    json!({
        "id": ids::ref_id(repository_id, &format!("refs/heads/{name}")),
        "name": name,
        "target": { "oid": oid.to_string() },
    })
}

pub(crate) fn repository(
    shared: &Shared,
    inner: &Inner,
    viewer: &User,
    vars: RepositoryVariables,
) -> Value {
    let Some(repo) = inner.find_repo(shared, viewer, &vars.owner, &vars.name) else {
        return reply::no_repository(&vars.owner, &vars.name);
    };
    let head =
        |name: &str| git::branch_head(repo.git, name).map(|oid| branch_node(&repo.id, name, oid));
    let default_branch = git::default_branch(repo.git).and_then(|name| head(&name));
    // Only the viewer's own fork: `affiliations: [OWNER]`.
    let forks: Vec<Value> = match inner.forks.contains_key(&viewer.login) && !repo.is_fork {
        true => vec![json!({
            "owner": { "login": viewer.login },
            "name": shared.name,
            "viewerPermission": Permission::Admin.as_str(),
        })],
        false => Vec::new(),
    };
    let mut answer = json!({
        "id": repo.id,
        "viewerPermission": repo.permission.as_str(),
        "defaultBranchRef": default_branch,
        "forks": { "nodes": forks },
    });
    // `@include(if: $withRef)`
    if vars.with_ref {
        answer["ref"] = branch_named(&vars.qualified_name)
            .and_then(head)
            .unwrap_or(Value::Null);
    }
    json!({ "data": { "repository": answer } })
}

pub(crate) fn branches(
    shared: &Shared,
    inner: &Inner,
    viewer: &User,
    vars: BranchesVariables,
) -> Value {
    let Some(repo) = inner.find_repo(shared, viewer, &vars.owner, &vars.name) else {
        return reply::no_repository(&vars.owner, &vars.name);
    };
    let branches = git::branches(repo.git);
    let start = match &vars.after {
        None => 0,
        Some(cursor) => match ids::cursor_name(cursor) {
            Some(after) => branches.partition_point(|(name, _)| *name <= after),
            None => return invalid_cursor(cursor),
        },
    };
    let page = &branches[start..branches.len().min(start + PAGE)];
    let nodes: Vec<Value> = page
        .iter()
        .map(|(name, oid)| branch_node(&repo.id, name, *oid))
        .collect();
    json!({ "data": { "repository": {
        "refs": {
            "nodes": nodes,
            "pageInfo": {
                "hasNextPage": start + page.len() < branches.len(),
                "endCursor": page.last().map(|(name, _)| ids::cursor(name)),
            },
        },
    } } })
}

fn invalid_cursor(cursor: &str) -> Value {
    json!({
        "data": { "repository": null },
        "errors": [{
            "type": "INVALID_CURSOR_ARGUMENTS",
            "path": ["repository", "refs"],
            "locations": [{ "line": 3, "column": 5 }],
            "message": format!("`{cursor}` does not appear to be a valid cursor."),
        }],
    })
}

/// The branch a `qualifiedName` names: `refs/heads/x`, or `x` alone as GitHub also reads it.
fn branch_named(qualified_name: &str) -> Option<&str> {
    match qualified_name.strip_prefix("refs/heads/") {
        Some(branch) => Some(branch),
        None if qualified_name.starts_with("refs/") => None,
        None => Some(qualified_name),
    }
}

pub(crate) fn git_ref(shared: &Shared, inner: &Inner, viewer: &User, vars: RefVariables) -> Value {
    let Some(repo) = inner.find_repo(shared, viewer, &vars.owner, &vars.name) else {
        return reply::no_repository(&vars.owner, &vars.name);
    };
    let found = branch_named(&vars.qualified_name)
        .and_then(|branch| Some((branch, git::branch_head(repo.git, branch)?)));
    let git_ref = found.map(|(branch, oid)| {
        json!({
            "id": ids::ref_id(&repo.id, &format!("refs/heads/{branch}")),
            "target": { "oid": oid.to_string() },
        })
    });
    json!({ "data": { "repository": { "ref": git_ref } } })
}

pub(crate) fn pull_requests(
    shared: &Shared,
    inner: &Inner,
    viewer: &User,
    vars: RefVariables,
) -> Value {
    let Some(repo) = inner.find_repo(shared, viewer, &vars.owner, &vars.name) else {
        return reply::no_repository(&vars.owner, &vars.name);
    };
    let branch = branch_named(&vars.qualified_name)
        .filter(|branch| git::branch_head(repo.git, branch).is_some());
    let git_ref = branch.map(|branch| {
        // Pull requests belong to the site's repository (a fork's branches' ones too).
        let open = inner.pulls.iter().find(|(_, pull)| {
            pull.branch == branch
                && pull.head_owner.as_deref() == repo.is_fork.then_some(repo.owner.as_str())
                && pull.state == PullRequestState::Open
        });
        let nodes: Vec<Value> = open
            .map(|(number, _)| json!({ "id": ids::pull_request_id(*number), "number": number }))
            .into_iter()
            .collect();
        json!({ "associatedPullRequests": { "nodes": nodes } })
    });
    json!({ "data": { "repository": { "ref": git_ref } } })
}
