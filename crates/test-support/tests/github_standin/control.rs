//! The control API over HTTP, each call checked by what it changes for a client, and the request
//! log that tests read to count what a client asked for.

use serde_json::{Value, json};

use crate::{CREATE_COMMIT, Hub, NAME, OWNER, PULL_REQUESTS, REPOSITORY, read_json, the_error};

fn control(hub: &Hub, path: &str, body: Value) -> u16 {
    hub.agent
        .post(format!("{}/_standin/{path}", hub.standin.url()))
        .send_json(body)
        .expect("an answer")
        .status()
        .as_u16()
}

/// A token for whoever the browser is signed in as, through the authorize page.
fn sign_in(hub: &Hub) -> String {
    let url = format!(
        "{}/login/oauth/authorize?client_id={}&redirect_uri=http%3A%2F%2Fapp.test%2F",
        hub.standin.url(),
        crate::CLIENT_ID
    );
    let answer = hub.agent.get(url).call().expect("an answer");
    let location = answer.headers()["location"].to_str().unwrap().to_string();
    let code = location.split("code=").nth(1).expect("a code");
    let answer = hub
        .agent
        .post(format!("{}/login/oauth/access_token", hub.standin.url()))
        .header("Accept", "application/json")
        .send_form([
            ("client_id", crate::CLIENT_ID),
            ("client_secret", crate::CLIENT_SECRET),
            ("code", code),
        ])
        .expect("an answer");
    read_json(answer).1["access_token"]
        .as_str()
        .expect("a token")
        .to_string()
}

#[test]
fn users_and_the_signed_in_browser_user_are_set_over_http() {
    let hub = Hub::site();
    let user = json!({ "login": "mona", "name": "Mona", "permission": "ADMIN" });
    assert_eq!(control(&hub, "users", user), 204);
    assert_eq!(control(&hub, "sign-in-as", json!({ "login": "mona" })), 204);
    let token = sign_in(&hub);
    assert_eq!(hub.get_json("/user", &token).1["login"], "mona");
    let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": "", "withRef": false });
    let repo = hub.graphql(&token, REPOSITORY, vars);
    assert_eq!(repo["data"]["repository"]["viewerPermission"], "ADMIN");

    assert_eq!(
        control(&hub, "sign-in-as", json!({ "login": "nobody" })),
        400
    );
    let bad = json!({ "login": "x", "name": "X", "permission": "OWNER" });
    assert_eq!(control(&hub, "users", bad), 400);
    assert_eq!(control(&hub, "users", json!({ "login": "x" })), 400);
}

#[test]
fn settings_set_token_lifetime_and_app_installation() {
    let hub = Hub::site();
    let never = json!({ "accessTokenLifetime": null });
    assert_eq!(control(&hub, "settings", never), 204);
    let token = sign_in(&hub);
    assert_eq!(control(&hub, "expire-access-tokens", json!({})), 204);
    assert_eq!(hub.get_json("/user", &token).0, 401, "expired even so");

    assert_eq!(
        control(&hub, "settings", json!({ "appInstalled": false })),
        204
    );
    let head = hub.head("main");
    let vars = json!({ "input": {
        "branch": { "repositoryNameWithOwner": "acme/site", "branchName": "main" },
        "expectedHeadOid": head,
        "message": { "headline": "x" },
        "fileChanges": {},
    } });
    let answer = hub.graphql(&hub.token(), CREATE_COMMIT, vars.clone());
    let error = the_error(&answer, "createCommitOnBranch");
    assert_eq!(error["message"], "Resource not accessible by integration");
    let bad = json!({ "appInstalled": "no", "accessTokenLifetime": 5 });
    assert_eq!(control(&hub, "settings", bad), 400);
    assert_eq!(
        control(&hub, "settings", json!({ "appInstalled": true })),
        204
    );
    let answer = hub.graphql(&hub.token(), CREATE_COMMIT, vars);
    assert!(
        answer["data"]["createCommitOnBranch"].is_object(),
        "{answer}"
    );
}

#[test]
fn protection_and_pull_requests_are_set_over_http() {
    let hub = Hub::site();
    assert_eq!(control(&hub, "protect", json!({ "branch": "main" })), 204);
    let vars = json!({ "input": {
        "branch": { "repositoryNameWithOwner": "acme/site", "branchName": "main" },
        "expectedHeadOid": hub.head("main"),
        "message": { "headline": "x" },
    } });
    let answer = hub.graphql(&hub.token(), CREATE_COMMIT, vars);
    let error = the_error(&answer, "createCommitOnBranch");
    assert_eq!(error["type"], "BRANCH_PROTECTION_RULE_VIOLATION");

    let pull = json!({ "number": 5, "branch": "feature/x", "state": "OPEN" });
    assert_eq!(control(&hub, "pulls", pull), 204);
    let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": "refs/heads/feature/x" });
    let answer = hub.graphql(&hub.token(), PULL_REQUESTS, vars);
    let nodes = &answer["data"]["repository"]["ref"]["associatedPullRequests"]["nodes"];
    assert_eq!(nodes[0]["number"], 5);
    let bad = json!({ "number": 6, "branch": "feature/x", "state": "MERGED" });
    assert_eq!(control(&hub, "pulls", bad), 400);
}

#[test]
fn the_request_log_names_paths_and_graphql_operations() {
    let hub = Hub::site();
    let token = hub.token();
    hub.get_json("/user", &token);
    hub.get_json(
        &format!("/repos/{OWNER}/{NAME}/git/trees/main?recursive=1"),
        &token,
    );
    let vars = json!({ "owner": OWNER, "name": NAME, "qualifiedName": "", "withRef": false });
    hub.graphql(&token, REPOSITORY, vars);
    hub.graphql(&token, "{ viewer { login } }", json!({}));
    control(&hub, "protect", json!({ "branch": "x" }));
    let answer = hub
        .agent
        .get(format!("{}/_standin/requests", hub.standin.url()))
        .call()
        .expect("an answer");
    let (status, log) = read_json(answer);
    assert_eq!(status, 200);
    let expected = json!([
        { "method": "GET", "path": "/api/v3/user", "operation": null },
        { "method": "GET", "path": "/api/v3/repos/acme/site/git/trees/main", "operation": null },
        { "method": "POST", "path": "/api/graphql", "operation": "Repository" },
        { "method": "POST", "path": "/api/graphql", "operation": null },
    ]);
    assert_eq!(log, expected);
    let from_the_handle = serde_json::to_value(hub.standin.requests()).unwrap();
    assert_eq!(from_the_handle, expected);
}
