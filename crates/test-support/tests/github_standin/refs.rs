//! `createRef` and `deleteRef`: branches made and removed in the repository, the ids they answer
//! with, and GitHub's refusals.

use serde_json::{Value, json};
use test_support::github_standin::{Permission, PullRequestState};

use crate::{CREATE_REF, DELETE_REF, Hub, NAME, OWNER, PULL_REQUESTS, REF, the_error};

fn create_ref(hub: &Hub, name: &str, oid: &str) -> Value {
    let vars = json!({ "input": { "repositoryId": "R_standin", "name": name, "oid": oid } });
    hub.graphql(&hub.token(), CREATE_REF, vars)
}

fn delete_ref(hub: &Hub, id: &str) -> Value {
    hub.graphql(
        &hub.token(),
        DELETE_REF,
        json!({ "input": { "refId": id } }),
    )
}

/// The node id the `Ref` query gives branch `name`.
fn ref_id(hub: &Hub, name: &str) -> String {
    let vars =
        json!({ "owner": OWNER, "name": NAME, "qualifiedName": format!("refs/heads/{name}") });
    let answer = hub.graphql(&hub.token(), REF, vars);
    answer["data"]["repository"]["ref"]["id"]
        .as_str()
        .expect("the ref is there")
        .to_string()
}

fn branches(hub: &Hub) -> String {
    hub.git(&["for-each-ref", "--format=%(refname:short)", "refs/heads/"])
}

#[test]
fn a_branch_is_created_at_a_commit() {
    let hub = Hub::site();
    let head = hub.head("main");
    let answer = create_ref(&hub, "refs/heads/drafts/new", &head);
    let made = &answer["data"]["createRef"]["ref"];
    assert_eq!(made["name"], "drafts/new");
    assert_eq!(made["target"]["oid"], head);
    assert_eq!(hub.head("drafts/new"), head);
    assert_eq!(made["id"], ref_id(&hub, "drafts/new"));
}

#[test]
fn a_branch_that_exists_or_an_unknown_commit_is_unprocessable() {
    let hub = Hub::site();
    let head = hub.head("main");
    let feature = hub.head("feature/x");
    let existing = create_ref(&hub, "refs/heads/feature/x", &head);
    let error = the_error(&existing, "createRef");
    assert_eq!(error["type"], "UNPROCESSABLE");
    assert_eq!(
        error["message"],
        "A ref named \"refs/heads/feature/x\" already exists in the repository."
    );
    assert_eq!(hub.head("feature/x"), feature);
    let unknown = create_ref(&hub, "refs/heads/new", &"a".repeat(40));
    assert_eq!(the_error(&unknown, "createRef")["type"], "UNPROCESSABLE");
    assert_eq!(branches(&hub), "feature/x\nmain");
}

#[test]
fn a_reader_may_neither_create_nor_delete_branches() {
    let hub = Hub::site();
    let head = hub.head("main");
    let id = ref_id(&hub, "feature/x");
    hub.standin.add_user("octo", "Octo Cat", Permission::Read);
    let created = create_ref(&hub, "refs/heads/new", &head);
    let error = the_error(&created, "createRef");
    assert_eq!(error["type"], "FORBIDDEN");
    assert_eq!(
        error["message"],
        "octo does not have the correct permissions to execute `CreateRef`"
    );
    let deleted = delete_ref(&hub, &id);
    let error = the_error(&deleted, "deleteRef");
    assert_eq!(error["type"], "FORBIDDEN");
    assert_eq!(
        error["message"],
        "octo does not have the correct permissions to execute `DeleteRef`"
    );
    assert_eq!(branches(&hub), "feature/x\nmain");
}

#[test]
fn a_branch_is_deleted_by_its_id_and_its_pull_request_closes() {
    let hub = Hub::site();
    hub.standin
        .add_pull_request(4, "feature/x", PullRequestState::Open);
    let id = ref_id(&hub, "feature/x");
    let answer = delete_ref(&hub, &id);
    assert_eq!(
        answer,
        json!({ "data": { "deleteRef": { "clientMutationId": null } } })
    );
    assert_eq!(branches(&hub), "main");
    let again = delete_ref(&hub, &id);
    assert_eq!(the_error(&again, "deleteRef")["type"], "NOT_FOUND");
    let head = hub.head("main");
    create_ref(&hub, "refs/heads/feature/x", &head);
    let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": "refs/heads/feature/x" });
    let pulls = hub.graphql(&hub.token(), PULL_REQUESTS, vars);
    assert_eq!(
        pulls["data"]["repository"]["ref"]["associatedPullRequests"]["nodes"],
        json!([])
    );
}

#[test]
fn a_protected_or_default_branch_and_an_unknown_id_are_refused() {
    let hub = Hub::site();
    hub.standin.protect("feature/x");
    let protected = delete_ref(&hub, &ref_id(&hub, "feature/x"));
    let error = the_error(&protected, "deleteRef");
    assert_eq!(error["type"], "BRANCH_PROTECTION_RULE_VIOLATION");
    assert_eq!(error["message"], "Cannot delete this protected branch");
    let default = delete_ref(&hub, &ref_id(&hub, "main"));
    assert_eq!(the_error(&default, "deleteRef")["type"], "UNPROCESSABLE");
    let unknown = delete_ref(&hub, "REF_nothing");
    assert_eq!(the_error(&unknown, "deleteRef")["type"], "NOT_FOUND");
    assert_eq!(branches(&hub), "feature/x\nmain");
}
