//! The GraphQL mutations Quire sends: `createCommitOnBranch` (a real commit on the branch's head,
//! refused as GitHub refuses it: permission, an app not installed, a missing, protected or moved
//! branch, a deletion of a missing file), `createRef` and `deleteRef`.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use git2::{Oid, Signature};
use serde::Deserialize;
use serde_json::{Value, json};

use super::git::{self, ChangeRefused};
use super::repos::Repo;
use super::state::{Inner, Permission, PullRequestState, Shared, User};
use super::{ids, reply};

#[derive(Deserialize)]
pub(crate) struct Input<T> {
    pub input: T,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CreateCommitInput {
    branch: CommittableBranch,
    expected_head_oid: String,
    message: CommitMessage,
    file_changes: Option<FileChanges>,
}

/// The branch to commit to: by repository and name, or by the ref's node id.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CommittableBranch {
    repository_name_with_owner: Option<String>,
    branch_name: Option<String>,
    id: Option<String>,
}

#[derive(Deserialize)]
struct CommitMessage {
    headline: String,
    body: Option<String>,
}

#[derive(Deserialize)]
struct FileChanges {
    additions: Option<Vec<FileAddition>>,
    deletions: Option<Vec<FileDeletion>>,
}

#[derive(Deserialize)]
struct FileAddition {
    path: String,
    contents: String,
}

#[derive(Deserialize)]
struct FileDeletion {
    path: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CreateRefInput {
    repository_id: String,
    name: String,
    oid: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeleteRefInput {
    ref_id: String,
    client_mutation_id: Option<String>,
}

/// GitHub's refusal of a write: the app not installed on the repository, or a user who may not
/// push; none when the write may go ahead.
fn refuse_write(repo: &Repo<'_>, viewer: &User, field: &str, mutation: &str) -> Option<Value> {
    if !repo.app_installed {
        let message = "Resource not accessible by integration";
        return Some(reply::graphql_error(field, "FORBIDDEN", message));
    }
    if repo.permission < Permission::Write {
        let message = format!(
            "{} does not have the correct permissions to execute `{mutation}`",
            viewer.login
        );
        return Some(reply::graphql_error(field, "FORBIDDEN", &message));
    }
    None
}

fn no_node(field: &str, id: &str) -> Value {
    let message = format!("Could not resolve to a node with the global id of '{id}'");
    reply::graphql_error(field, "NOT_FOUND", &message)
}

pub(crate) fn create_commit(
    shared: &Shared,
    inner: &Inner,
    viewer: &User,
    input: CreateCommitInput,
) -> Value {
    let field = "createCommitOnBranch";
    let fail = |kind: &str, message: &str| reply::graphql_error(field, kind, message);
    let target = &input.branch;
    let (repo, branch) = match (
        &target.repository_name_with_owner,
        &target.branch_name,
        &target.id,
    ) {
        (Some(name_with_owner), Some(branch), _) => {
            let (owner, name) = name_with_owner.split_once('/').unwrap_or(("", ""));
            let Some(repo) = inner.find_repo(shared, viewer, owner, name) else {
                let message =
                    format!("Could not resolve to a Repository with the name '{name_with_owner}'.");
                return fail("NOT_FOUND", &message);
            };
            let branch = branch.strip_prefix("refs/heads/").unwrap_or(branch);
            (repo, branch.to_string())
        }
        (_, _, Some(id)) => {
            let found = ids::ref_name(id).and_then(|(repository, name)| {
                let repo = inner.find_repo_by_id(shared, viewer, &repository)?;
                Some((repo, name.strip_prefix("refs/heads/")?.to_string()))
            });
            match found {
                Some(found) => found,
                None => return no_node(field, id),
            }
        }
        _ => {
            let message =
                "stand-in: name the branch by repositoryNameWithOwner and branchName, or by id";
            return reply::graphql_failure(message);
        }
    };
    if let Some(refusal) = refuse_write(&repo, viewer, field, "CreateCommitOnBranch") {
        return refusal;
    }
    let Some(head) = git::branch_head(repo.git, &branch) else {
        let message = format!("Could not resolve to a Ref with the name 'refs/heads/{branch}'.");
        return fail("NOT_FOUND", &message);
    };
    if !repo.is_fork && inner.protected.contains(&branch) {
        let message = "Changes must be made through a pull request.";
        return fail("BRANCH_PROTECTION_RULE_VIOLATION", message);
    }
    if !input
        .expected_head_oid
        .eq_ignore_ascii_case(&head.to_string())
    {
        let message = format!(
            "Expected branch to point to \"{}\" but it did not. Pull and try again.",
            input.expected_head_oid
        );
        return fail("STALE_DATA", &message);
    }
    match commit(repo.git, viewer, &branch, head, &input) {
        Ok(new) => {
            json!({ "data": { field: { "ref": { "target": { "oid": new.to_string() } } } } })
        }
        Err(refused) => {
            let message = match refused {
                ChangeRefused::BadPath(path) => format!("`{path}` is not a valid path."),
                ChangeRefused::NoSuchFile => format!(
                    "A path was requested for deletion which does not exist as of commit oid `{head}`"
                ),
                ChangeRefused::InTheWay(path) => {
                    format!("`{path}` cannot be added: a file or folder is in the way at `{head}`")
                }
                ChangeRefused::Git(err) => err.message().to_string(),
            };
            fail("UNPROCESSABLE", &message)
        }
    }
}

/// Makes the commit on `head` and moves the branch to it, unless the branch moved meanwhile.
fn commit(
    repo: &git2::Repository,
    viewer: &User,
    branch: &str,
    head: Oid,
    input: &CreateCommitInput,
) -> Result<Oid, ChangeRefused> {
    let changes = input.file_changes.as_ref();
    let deletions: Vec<String> = changes
        .and_then(|c| c.deletions.as_ref())
        .map(|list| list.iter().map(|d| d.path.clone()).collect())
        .unwrap_or_default();
    let mut additions = Vec::new();
    for addition in changes
        .and_then(|c| c.additions.as_ref())
        .into_iter()
        .flatten()
    {
        let bytes = STANDARD.decode(&addition.contents).map_err(|_| {
            ChangeRefused::Git(git2::Error::from_str(&format!(
                "The contents of `{}` are not valid base64.",
                addition.path
            )))
        })?;
        additions.push((addition.path.clone(), bytes));
    }
    let parent = repo.find_commit(head)?;
    let tree_id = git::changed_tree(repo, &parent.tree()?, &deletions, &additions)?;
    let tree = repo.find_tree(tree_id)?;
    let name = if viewer.name.is_empty() {
        &viewer.login
    } else {
        &viewer.name
    };
    let email = format!("{}@users.noreply.github.com", viewer.login);
    let signature = Signature::now(name, &email)?;
    let message = match input.message.body.as_deref() {
        Some(body) if !body.is_empty() => format!("{}\n\n{body}", input.message.headline),
        _ => input.message.headline.clone(),
    };
    let new = repo.commit(None, &signature, &signature, &message, &tree, &[&parent])?;
    let reference = format!("refs/heads/{branch}");
    repo.reference_matching(&reference, new, true, head, "createCommitOnBranch")?;
    Ok(new)
}

pub(crate) fn create_ref(
    shared: &Shared,
    inner: &Inner,
    viewer: &User,
    input: CreateRefInput,
) -> Value {
    let field = "createRef";
    let fail = |kind: &str, message: &str| reply::graphql_error(field, kind, message);
    let Some(repo) = inner.find_repo_by_id(shared, viewer, &input.repository_id) else {
        return no_node(field, &input.repository_id);
    };
    if let Some(refusal) = refuse_write(&repo, viewer, field, "CreateRef") {
        return refusal;
    }
    let name = &input.name;
    if !name.starts_with("refs/") || !git2::Reference::is_valid_name(name) {
        return fail(
            "UNPROCESSABLE",
            &format!("`{name}` is not a valid ref name."),
        );
    }
    if repo.git.find_reference(name).is_ok() {
        let message = format!("A ref named \"{name}\" already exists in the repository.");
        return fail("UNPROCESSABLE", &message);
    }
    let commit = Oid::from_str(&input.oid)
        .ok()
        .filter(|_| input.oid.len() == 40)
        .and_then(|oid| repo.git.find_commit(oid).ok());
    let Some(commit) = commit else {
        let message = format!(
            "Could not resolve to a commit with the oid '{}'.",
            input.oid
        );
        return fail("UNPROCESSABLE", &message);
    };
    if let Err(err) = repo.git.reference(name, commit.id(), false, "createRef") {
        return fail("UNPROCESSABLE", err.message());
    }
    let short = ["refs/heads/", "refs/tags/", "refs/"]
        .iter()
        .find_map(|prefix| name.strip_prefix(prefix))
        .unwrap_or(name);
    json!({ "data": { field: { "ref": {
        "id": ids::ref_id(&repo.id, name),
        "name": short,
        "target": { "oid": commit.id().to_string() },
    } } } })
}

/// Deletes a ref; as on GitHub, open pull requests from a deleted branch are closed.
pub(crate) fn delete_ref(
    shared: &Shared,
    inner: &mut Inner,
    viewer: &User,
    input: DeleteRefInput,
) -> Value {
    let field = "deleteRef";
    let fail = |kind: &str, message: &str| reply::graphql_error(field, kind, message);
    let deleted = {
        let found = ids::ref_name(&input.ref_id).and_then(|(repository, name)| {
            let repo = inner.find_repo_by_id(shared, viewer, &repository)?;
            repo.git.find_reference(&name).ok()?;
            Some((repo, name))
        });
        let Some((repo, name)) = found else {
            return no_node(field, &input.ref_id);
        };
        if let Some(refusal) = refuse_write(&repo, viewer, field, "DeleteRef") {
            return refusal;
        }
        let branch = name.strip_prefix("refs/heads/");
        if !repo.is_fork && branch.is_some_and(|b| inner.protected.contains(b)) {
            let message = "Cannot delete this protected branch";
            return fail("BRANCH_PROTECTION_RULE_VIOLATION", message);
        }
        if branch.is_some() && branch.map(String::from) == git::default_branch(repo.git) {
            return fail("UNPROCESSABLE", "Cannot delete the default branch");
        }
        if let Err(err) = repo.git.find_reference(&name).and_then(|mut r| r.delete()) {
            return fail("UNPROCESSABLE", err.message());
        }
        let head_owner = repo.is_fork.then(|| repo.owner.clone());
        branch.map(|branch| (branch.to_string(), head_owner))
    };
    if let Some((branch, head_owner)) = deleted {
        for pull in inner.pulls.values_mut() {
            if pull.branch == branch && pull.head_owner == head_owner {
                pull.state = PullRequestState::Closed;
            }
        }
    }
    json!({ "data": { field: { "clientMutationId": input.client_mutation_id } } })
}
