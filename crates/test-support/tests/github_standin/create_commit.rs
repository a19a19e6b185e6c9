//! `createCommitOnBranch`: a real commit on the branch's head by the viewer, folders made and
//! emptied ones gone as git has them, the working tree untouched; and each refusal GitHub makes,
//! with nothing moved.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};
use test_support::github_standin::Permission;

use crate::{CREATE_COMMIT, Hub, NAME, OWNER, the_error};

const FIELD: &str = "createCommitOnBranch";

fn input(
    branch: &str,
    expected_head: &str,
    additions: &[(&str, &str)],
    deletions: &[&str],
) -> Value {
    let additions: Vec<Value> = additions
        .iter()
        .map(|(path, text)| json!({ "path": path, "contents": STANDARD.encode(text) }))
        .collect();
    let deletions: Vec<Value> = deletions
        .iter()
        .map(|path| json!({ "path": path }))
        .collect();
    json!({ "input": {
        "branch": { "repositoryNameWithOwner": format!("{OWNER}/{NAME}"), "branchName": branch },
        "expectedHeadOid": expected_head,
        "message": { "headline": "Save hello" },
        "fileChanges": { "additions": additions, "deletions": deletions },
    } })
}

fn create_commit(hub: &Hub, vars: Value) -> Value {
    hub.graphql(&hub.token(), CREATE_COMMIT, vars)
}

#[test]
fn a_commit_lands_on_the_branch_with_its_changes() {
    let hub = Hub::site();
    let head = hub.head("main");
    let mut vars = input(
        "main",
        &head,
        &[
            ("content/posts/hello.md", "changed\n"),
            ("content/new/folder/file.md", "new\n"),
        ],
        &["content/posts/deep/nested.md", "content/pages/about.md"],
    );
    vars["input"]["message"]["body"] = json!("With a body.");
    let answer = create_commit(&hub, vars);
    let new = hub.head("main");
    assert_ne!(new, head);
    assert_eq!(
        answer,
        json!({ "data": { FIELD: { "ref": { "target": { "oid": new } } } } })
    );
    assert_eq!(
        hub.git(&["rev-parse", "main^"]),
        head,
        "the parent is the old head"
    );
    assert_eq!(hub.git(&["show", "main:content/posts/hello.md"]), "changed");
    let files = hub.git(&["ls-tree", "-r", "-t", "--name-only", "main"]);
    let files: Vec<&str> = files.lines().collect();
    assert_eq!(
        files,
        [
            "README.md",
            "content",
            "content/new",
            "content/new/folder",
            "content/new/folder/file.md",
            "content/posts",
            "content/posts/hello.md",
            "run.sh",
        ],
        "emptied folders (content/pages, content/posts/deep) are gone"
    );
    assert_eq!(
        hub.git(&["log", "-1", "--format=%an <%ae>|%cn <%ce>", "main"]),
        "Octo Cat <octo@users.noreply.github.com>|Octo Cat <octo@users.noreply.github.com>"
    );
    assert_eq!(
        hub.git(&["log", "-1", "--format=%B", "main"]),
        "Save hello\n\nWith a body."
    );
}

#[test]
fn the_working_tree_and_index_are_untouched() {
    let hub = Hub::site();
    let head = hub.head("main");
    let vars = input("main", &head, &[("README.md", "new readme\n")], &["run.sh"]);
    create_commit(&hub, vars);
    let on_disk = std::fs::read_to_string(hub.dir.path().join("README.md")).unwrap();
    assert_eq!(on_disk, "# Site\n");
    assert!(hub.dir.path().join("run.sh").exists());
    // The index still holds the old head's files.
    assert_eq!(hub.git(&["diff", "--cached", "--name-only", &head]), "");
}

#[test]
fn a_replaced_file_keeps_its_executable_bit_and_a_headline_alone_is_the_message() {
    let hub = Hub::site();
    let head = hub.head("main");
    create_commit(
        &hub,
        input("main", &head, &[("run.sh", "#!/bin/sh\necho\n")], &[]),
    );
    let listed = hub.git(&["ls-tree", "main", "run.sh"]);
    assert!(listed.starts_with("100755 blob"), "{listed}");
    assert_eq!(hub.git(&["log", "-1", "--format=%B", "main"]), "Save hello");
}

#[test]
fn a_moved_branch_is_stale_data() {
    let hub = Hub::site();
    let stale = hub.head("main");
    let first = create_commit(&hub, input("main", &stale, &[("a.md", "a")], &[]));
    assert!(first["data"][FIELD].is_object());
    let head = hub.head("main");
    let answer = create_commit(&hub, input("main", &stale, &[("b.md", "b")], &[]));
    let error = the_error(&answer, FIELD);
    assert_eq!(error["type"], "STALE_DATA");
    assert_eq!(
        error["message"],
        format!("Expected branch to point to \"{stale}\" but it did not. Pull and try again.")
    );
    assert_eq!(hub.head("main"), head);
}

#[test]
fn a_missing_branch_is_not_found() {
    let hub = Hub::site();
    let head = hub.head("main");
    let answer = create_commit(&hub, input("nope", &head, &[("a.md", "a")], &[]));
    assert_eq!(the_error(&answer, FIELD)["type"], "NOT_FOUND");
}

#[test]
fn a_user_who_may_not_push_is_forbidden() {
    let hub = Hub::site();
    let head = hub.head("main");
    hub.standin.add_user("octo", "Octo Cat", Permission::Triage);
    let answer = create_commit(&hub, input("main", &head, &[("a.md", "a")], &[]));
    assert_eq!(
        answer,
        json!({
            "data": { FIELD: null },
            "errors": [{
                "type": "FORBIDDEN",
                "path": [FIELD],
                "locations": [{ "line": 2, "column": 3 }],
                "message": "octo does not have the correct permissions to execute `CreateCommitOnBranch`",
            }],
        })
    );
    assert_eq!(hub.head("main"), head);
    hub.standin
        .add_user("octo", "Octo Cat", Permission::Maintain);
    let answer = create_commit(&hub, input("main", &head, &[("a.md", "a")], &[]));
    assert!(answer["data"][FIELD].is_object(), "{answer}");
}

#[test]
fn without_the_app_installed_writes_are_not_accessible() {
    let hub = Hub::site();
    let head = hub.head("main");
    hub.standin.set_app_installed(false);
    let answer = create_commit(&hub, input("main", &head, &[("a.md", "a")], &[]));
    let error = the_error(&answer, FIELD);
    assert_eq!(error["type"], "FORBIDDEN");
    assert_eq!(error["message"], "Resource not accessible by integration");
    assert_eq!(hub.head("main"), head);
}

#[test]
fn a_protected_branch_takes_changes_only_through_a_pull_request() {
    let hub = Hub::site();
    let head = hub.head("main");
    hub.standin.protect("main");
    let answer = create_commit(&hub, input("main", &head, &[("a.md", "a")], &[]));
    let error = the_error(&answer, FIELD);
    assert_eq!(error["type"], "BRANCH_PROTECTION_RULE_VIOLATION");
    assert_eq!(
        error["message"],
        "Changes must be made through a pull request."
    );
    assert_eq!(hub.head("main"), head);
}

#[test]
fn deleting_a_file_that_is_not_there_is_unprocessable_and_writes_nothing() {
    let hub = Hub::site();
    let head = hub.head("main");
    let answer = create_commit(
        &hub,
        input("main", &head, &[("a.md", "a")], &["content/posts/nope.md"]),
    );
    assert_eq!(the_error(&answer, FIELD)["type"], "UNPROCESSABLE");
    assert_eq!(hub.head("main"), head);
    let folder = create_commit(&hub, input("main", &head, &[], &["content/posts"]));
    assert_eq!(the_error(&folder, FIELD)["type"], "UNPROCESSABLE");
    assert_eq!(hub.head("main"), head);
}
