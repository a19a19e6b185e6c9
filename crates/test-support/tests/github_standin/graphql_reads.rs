//! The GraphQL queries: only Quire's documents are answered; `Repository` with its permission,
//! default branch and the branch asked for; `Branches` page by page; `Ref`; `PullRequests`; and
//! the repository that is not there for a viewer without permission.

use serde_json::{Value, json};
use test_support::github_standin::{Permission, PullRequestState};

use crate::{BRANCHES, Hub, NAME, OWNER, PULL_REQUESTS, REF, REPOSITORY};

/// The repository, with the head of `branch` when one is named.
fn repository(hub: &Hub, branch: Option<&str>) -> Value {
    let vars = json!({
        "owner": OWNER,
        "name": NAME,
        "qualifiedName": format!("refs/heads/{}", branch.unwrap_or_default()),
        "withRef": branch.is_some(),
    });
    hub.graphql(&hub.token(), REPOSITORY, vars)
}

fn branches(hub: &Hub, after: Value) -> Value {
    let vars = json!({ "owner": OWNER, "name": NAME, "after": after });
    hub.graphql(&hub.token(), BRANCHES, vars)
}

fn git_ref(hub: &Hub, qualified_name: &str) -> Value {
    let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": qualified_name });
    hub.graphql(&hub.token(), REF, vars)
}

#[test]
fn only_quires_documents_are_answered_whatever_their_whitespace() {
    let hub = Hub::site();
    let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": "refs/heads/main" });
    let reflowed = REF.split_whitespace().collect::<Vec<_>>().join("\n  ");
    let answer = hub.graphql(&hub.token(), &reflowed, vars.clone());
    assert_eq!(
        answer["data"]["repository"]["ref"]["target"]["oid"],
        hub.head("main")
    );

    let asking_more = REF.replace("oid", "oid\n committedDate");
    for document in [asking_more.as_str(), "{ viewer { login } }"] {
        let answer = hub.graphql(&hub.token(), document, vars.clone());
        assert_eq!(
            answer,
            json!({ "errors": [{ "message": "stand-in: unknown document" }] })
        );
    }
}

#[test]
fn a_bad_token_is_refused_before_anything_else() {
    let hub = Hub::site();
    let (status, body) = hub.graphql_status("ghu_madeup", REPOSITORY, json!({}));
    assert_eq!(status, 401);
    assert_eq!(body["message"], "Bad credentials");
}

#[test]
fn the_repository_tells_permission_default_branch_and_the_branch_asked_for() {
    let hub = Hub::site();
    let answer = repository(&hub, None);
    let repo = &answer["data"]["repository"];
    assert_eq!(answer.get("errors"), None, "{answer}");
    assert_eq!(repo["id"], "R_standin");
    assert_eq!(repo["viewerPermission"], "WRITE");
    assert_eq!(repo["defaultBranchRef"]["name"], "main");
    assert_eq!(repo["defaultBranchRef"]["target"]["oid"], hub.head("main"));
    assert_eq!(repo.get("ref"), None, "asked for no branch");
    assert_eq!(repo["forks"], json!({ "nodes": [] }));

    let asked = repository(&hub, Some("feature/x"));
    let found = &asked["data"]["repository"]["ref"];
    assert_eq!(found["name"], "feature/x");
    assert_eq!(found["target"]["oid"], hub.head("feature/x"));
    assert_ne!(
        found["id"],
        asked["data"]["repository"]["defaultBranchRef"]["id"]
    );
    let missing = repository(&hub, Some("nope"));
    assert_eq!(missing["data"]["repository"]["ref"], Value::Null);

    hub.standin.add_user("octo", "Octo Cat", Permission::Read);
    let read = repository(&hub, None);
    assert_eq!(read["data"]["repository"]["viewerPermission"], "READ");
}

#[test]
fn branches_are_listed_by_name_with_ids_that_stay() {
    let hub = Hub::site();
    hub.git(&["branch", "a-first"]);
    let answer = branches(&hub, Value::Null);
    let refs = &answer["data"]["repository"]["refs"];
    let nodes = refs["nodes"].as_array().expect("nodes");
    let names: Vec<&Value> = nodes.iter().map(|n| &n["name"]).collect();
    assert_eq!(names, ["a-first", "feature/x", "main"]);
    assert_eq!(nodes[1]["target"]["oid"], hub.head("feature/x"));
    assert_eq!(refs["pageInfo"]["hasNextPage"], false);
    let ids: Vec<&Value> = nodes.iter().map(|n| &n["id"]).collect();
    assert!(ids.iter().all(|id| id.is_string()));
    assert_ne!(ids[0], ids[1]);
    let again = branches(&hub, Value::Null);
    assert_eq!(
        again["data"]["repository"]["refs"]["nodes"][2]["id"],
        *ids[2]
    );
    assert_eq!(
        repository(&hub, None)["data"]["repository"]["defaultBranchRef"]["id"],
        *ids[2],
        "one id for the ref in both answers"
    );
}

#[test]
fn branches_come_a_hundred_to_a_page() {
    let hub = Hub::site();
    let head = hub.head("main");
    for i in 0..248 {
        hub.git(&["update-ref", &format!("refs/heads/b{i:03}"), &head]);
    }
    let mut names = Vec::new();
    let mut after = Value::Null;
    let mut pages = Vec::new();
    loop {
        let answer = branches(&hub, after);
        let refs = &answer["data"]["repository"]["refs"];
        let nodes = refs["nodes"].as_array().expect("nodes");
        pages.push(nodes.len());
        names.extend(
            nodes
                .iter()
                .map(|n| n["name"].as_str().unwrap().to_string()),
        );
        if refs["pageInfo"]["hasNextPage"] == false {
            break;
        }
        after = refs["pageInfo"]["endCursor"].clone();
        assert!(after.is_string());
    }
    assert_eq!(pages, [100, 100, 50]);
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert_eq!(names.len(), 250);
    assert_eq!(names[249], "main");
}

#[test]
fn an_empty_repository_has_no_default_branch() {
    let dir = tempfile::tempdir().unwrap();
    test_support::git(dir.path(), &["init", "-q", "--bare"]);
    let hub = Hub::over(dir);
    let repo = &repository(&hub, None)["data"]["repository"];
    assert_eq!(repo["defaultBranchRef"], Value::Null);
    let refs = &branches(&hub, Value::Null)["data"]["repository"]["refs"];
    assert_eq!(refs["nodes"], json!([]));
    assert_eq!(refs["pageInfo"]["endCursor"], Value::Null);
}

#[test]
fn a_repository_is_not_there_for_a_viewer_without_permission_or_by_another_name() {
    let hub = Hub::site();
    let expected = |name: &str| {
        json!({
            "data": { "repository": null },
            "errors": [{
                "type": "NOT_FOUND",
                "path": ["repository"],
                "locations": [{ "line": 2, "column": 3 }],
                "message": format!("Could not resolve to a Repository with the name '{name}'."),
            }],
        })
    };
    let vars = json!({ "owner": OWNER, "name": "other", "qualifiedName": "", "withRef": false });
    let answer = hub.graphql(&hub.token(), REPOSITORY, vars);
    assert_eq!(answer, expected("acme/other"));

    hub.standin.add_user("octo", "Octo Cat", Permission::None);
    assert_eq!(repository(&hub, None), expected("acme/site"));
    assert_eq!(branches(&hub, Value::Null), expected("acme/site"));
    assert_eq!(git_ref(&hub, "refs/heads/main"), expected("acme/site"));
}

#[test]
fn a_ref_is_its_head_or_null() {
    let hub = Hub::site();
    let found = git_ref(&hub, "refs/heads/feature/x");
    let found = &found["data"]["repository"]["ref"];
    assert_eq!(found["target"]["oid"], hub.head("feature/x"));
    let listed = branches(&hub, Value::Null);
    let node = &listed["data"]["repository"]["refs"]["nodes"][0];
    assert_eq!(
        found["id"], node["id"],
        "one id for the ref in both answers"
    );

    let missing = git_ref(&hub, "refs/heads/nope");
    assert_eq!(
        missing,
        json!({ "data": { "repository": { "ref": null } } })
    );
}

#[test]
fn a_branchs_pull_request_is_its_first_open_one() {
    let hub = Hub::site();
    let pulls = |branch: &str| {
        let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": format!("refs/heads/{branch}") });
        hub.graphql(&hub.token(), PULL_REQUESTS, vars)["data"]["repository"]["ref"].clone()
    };
    let none = json!({ "associatedPullRequests": { "nodes": [] } });
    assert_eq!(pulls("feature/x"), none);
    hub.standin
        .add_pull_request(7, "feature/x", PullRequestState::Closed);
    assert_eq!(pulls("feature/x"), none);
    hub.standin
        .add_pull_request(9, "feature/x", PullRequestState::Open);
    hub.standin
        .add_pull_request(12, "feature/x", PullRequestState::Open);
    hub.standin
        .add_pull_request(3, "main", PullRequestState::Open);
    let nodes = &pulls("feature/x")["associatedPullRequests"]["nodes"];
    assert_eq!(nodes.as_array().unwrap().len(), 1);
    assert_eq!(nodes[0]["number"], 9);
    assert!(nodes[0]["id"].is_string());
    assert_eq!(pulls("nope"), Value::Null);
}
