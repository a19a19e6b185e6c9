//! `/v1/github/*` through the real router, against the GitHub stand-in: an editor reads and commits
//! with their name in the commit, a viewer only reads, a token reaches its own project's repository
//! and no other of the installation, the team page connects a repository and says whether the app
//! is installed on it, and a cloud without an app makes it from the link its console prints.

#[macro_use]
mod harness;

use axum::body::Body;
use axum::http::{Request, header};
use harness::oauth::token_for;
use harness::{ADMIN, Answer, Harness};
use serde_json::{Value, json};
use test_support::github_standin::{Standin, StandinOptions};

const REPOSITORY: &str = include_str!("../../storage-github/graphql/repository.graphql");
const CREATE_COMMIT: &str = include_str!("../../storage-github/graphql/create-commit.graphql");

/// A cloud with the stand-in's app; the team acme with its owner, editor Eddie and viewer Vera;
/// `acme/site` edits the stand-in's repository and `acme/other` a second one of the same owner.
struct World {
    h: Harness,
    standin: Standin,
    repo: tempfile::TempDir,
    owner: String,
}

impl World {
    async fn new() -> World {
        World::build(true).await
    }

    /// With `given_app`, the cloud is started with the stand-in's app; without, it knows only
    /// where GitHub is, and makes its app from its pages.
    async fn build(given_app: bool) -> World {
        let repo = tempfile::tempdir().unwrap();
        let root = repo.path();
        test_support::git(root, &["init", "-q", "-b", "main"]);
        std::fs::write(root.join("hello.md"), "Hello\n").unwrap();
        test_support::git(root, &["add", "."]);
        test_support::git(root, &["commit", "-q", "-m", "First"]);
        let standin = Standin::spawn(StandinOptions {
            repo: root.to_path_buf(),
            owner: "acme".into(),
            name: "site".into(),
            client_id: "Iv1.cloud".into(),
            client_secret: "secret".into(),
        });
        standin.add_repository("secrets");
        let app = standin.app();
        let config = cloud::github_app::GithubAppConfig {
            id: app.id,
            private_key_pem: app.private_key_pem,
            slug: Some("quire-standin".into()),
            web_url: standin.url().to_string(),
            api_url: standin.api_url(),
        };
        let mut h = Harness::sqlite().await;
        h.cloud = if given_app {
            h.cloud
                .with_github(cloud::github_app::GithubApp::new(config).unwrap())
        } else {
            h.cloud.with_github_at(storage_github::Endpoints {
                web: standin.url().to_string(),
                api: standin.api_url(),
            })
        };
        h.router = cloud::router(h.cloud.clone());
        let owner = h.set_up().await;
        let db = h.db();
        let site = cloud::teams::project(db, "acme/site")
            .await
            .unwrap()
            .unwrap();
        cloud::teams::set_repository(db, &site, "acme/site")
            .await
            .unwrap();
        let (other, _) =
            cloud::admin::create_project(db, "acme/other", "Other", &[ADMIN.to_string()])
                .await
                .unwrap();
        cloud::teams::set_repository(db, &other, "acme/secrets")
            .await
            .unwrap();
        for (email, name, role) in [
            ("editor@example.com", "Eddie Editor", "editor"),
            ("viewer@example.com", "Vera Viewer", "viewer"),
        ] {
            h.add_person(email, name, role).await;
        }
        World {
            h,
            standin,
            repo,
            owner,
        }
    }

    async fn token(&self, email: &str, project: &str) -> String {
        let cookie = self.h.sign_in(email).await;
        token_for(&self.h, &cookie, project).await
    }

    fn git(&self, args: &[&str]) -> String {
        test_support::git(self.repo.path(), args)
    }

    async fn graphql(&self, token: &str, query: &str, variables: Value) -> Answer {
        let request = Request::post("/v1/github/graphql")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .header("x-keystatic-version", "0.5.48")
            .body(Body::from(
                json!({ "query": query, "variables": variables }).to_string(),
            ))
            .unwrap();
        self.h.send(request).await
    }

    async fn repository(&self, token: &str, name: &str) -> Answer {
        let variables = json!({ "owner": "acme", "name": name, "qualifiedName": "refs/heads/main", "withRef": true });
        self.graphql(token, REPOSITORY, variables).await
    }

    async fn commit(&self, token: &str, path: &str) -> Answer {
        let head = self.git(&["rev-parse", "main"]);
        let input = json!({ "input": {
            "branch": { "repositoryNameWithOwner": "acme/site", "branchName": "main" },
            "expectedHeadOid": head.trim(),
            "message": { "headline": format!("Add {path}") },
            "fileChanges": { "additions": [{ "path": path, "contents": "bm90ZQo=" }] },
        }});
        self.graphql(token, CREATE_COMMIT, input).await
    }
}

#[tokio::test]
async fn an_editor_reads_and_commits_with_their_name_in_the_commit() {
    let w = World::new().await;
    let token = w.token("editor@example.com", "acme/site").await;
    let answer = w.repository(&token, "site").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let repository = &answer.json()["data"]["repository"];
    assert_eq!(
        repository["ref"]["target"]["oid"],
        w.git(&["rev-parse", "main"]).trim()
    );

    let tree_sha = w.git(&["rev-parse", "main^{tree}"]);
    let tree =
        w.h.bearer(&format!("/v1/github/trees/{}", tree_sha.trim()), &token)
            .await;
    assert_eq!(tree.status, 200, "{}", tree.body);
    let entry = &tree.json()["tree"][0];
    assert_eq!(entry["path"], "hello.md");
    let blob =
        w.h.bearer(
            &format!("/v1/github/blob/{}", entry["sha"].as_str().unwrap()),
            &token,
        )
        .await;
    assert_eq!(blob.status, 200);
    assert_eq!(blob.bytes, b"Hello\n");

    let done = w.commit(&token, "note.md").await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(done.json()["errors"].is_null(), "{}", done.body);
    let commit = w.git(&["log", "-1", "--format=%an|%B", "main"]);
    let bot = w.standin.app().bot_login;
    assert_eq!(
        commit.trim(),
        format!("{bot}|Add note.md\n\nCo-authored-by: Eddie Editor <editor@example.com>")
    );
}

#[tokio::test]
async fn a_viewer_reads_but_cannot_change_the_repository() {
    let w = World::new().await;
    let token = w.token("viewer@example.com", "acme/site").await;
    assert_eq!(w.repository(&token, "site").await.status, 200);
    let head = w.git(&["rev-parse", "main"]);
    let refused = w.commit(&token, "note.md").await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(
        refused.json()["message"],
        "Viewers of Acme cannot change acme/site: an admin of the team can make you an editor."
    );
    assert_eq!(w.git(&["rev-parse", "main"]), head);

    let inline = r#"mutation { createCommitOnBranch(input: { branch: { id: "x" }, expectedHeadOid: "0", message: { headline: "x" } }) { commit { oid } } }"#;
    let editor = w.token("editor@example.com", "acme/site").await;
    let answer = w.graphql(&editor, inline, json!({})).await;
    assert_eq!(answer.status, 400, "an unsigned commit: {}", answer.body);
}

#[tokio::test]
async fn a_token_reaches_its_projects_repository_and_no_other() {
    let w = World::new().await;
    let site = w.token("editor@example.com", "acme/site").await;
    let other = w.token("editor@example.com", "acme/other").await;
    let answer = w.repository(&site, "secrets").await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.json()["errors"][0]["type"],
        "NOT_FOUND",
        "{}",
        answer.body
    );
    let answer = w.repository(&other, "secrets").await;
    assert!(
        answer.json()["data"]["repository"]["id"].is_string(),
        "{}",
        answer.body
    );
    let answer = w.repository(&other, "site").await;
    assert_eq!(
        answer.json()["errors"][0]["type"],
        "NOT_FOUND",
        "{}",
        answer.body
    );

    for token in ["", "made-up"] {
        let answer = w.repository(token, "site").await;
        assert_eq!(answer.status, 401, "{token:?}");
    }
    w.h.form("/oauth/revoke", &[("token", &site)]).await;
    assert_eq!(w.repository(&site, "site").await.status, 401, "revoked");
    let bad = w.h.bearer("/v1/github/trees/main", &other).await;
    assert_eq!(bad.status, 400, "only object ids: {}", bad.body);
}

#[tokio::test]
async fn the_team_page_connects_a_repository_and_says_whether_the_app_is_installed() {
    let w = World::new().await;
    let path = "/api/teams/acme/projects/site/repository";
    let status = w.h.get(path, Some(&w.owner)).await;
    assert_eq!(status.status, 200, "{}", status.body);
    assert_eq!(
        status.json(),
        json!({ "repository": "acme/site", "app": "installed", "installUrl": format!("{}/apps/quire-standin/installations/new", w.standin.url()) })
    );

    let bad =
        w.h.api("PUT", path, Some(&w.owner), json!({ "repository": "acme" }))
            .await;
    assert_eq!(bad.status, 400);
    assert_eq!(
        bad.json()["message"],
        "\"acme\" is not a GitHub repository: write it as owner/name, such as acme/website."
    );
    let editor = w.h.sign_in("editor@example.com").await;
    let refused =
        w.h.api(
            "PUT",
            path,
            Some(&editor),
            json!({ "repository": "acme/x" }),
        )
        .await;
    assert_eq!(refused.status, 403);

    w.standin.set_app_installed(false);
    let moved =
        w.h.api(
            "PUT",
            path,
            Some(&w.owner),
            json!({ "repository": " https://github.com/acme/secrets " }),
        )
        .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(moved.json()["repository"], "acme/secrets");
    assert_eq!(moved.json()["app"], "missing");
    w.h.assert_logged(
        &w.owner,
        "owner@example.com connected acme/site to acme/secrets",
    )
    .await;

    let none =
        w.h.api("PUT", path, Some(&w.owner), json!({ "repository": "" }))
            .await;
    assert_eq!(none.json()["repository"], Value::Null);
    let token = w.token("editor@example.com", "acme/site").await;
    let answer = w.repository(&token, "site").await;
    assert_eq!(answer.status, 404);
    assert_eq!(
        answer.json()["message"],
        "The project acme/site has no GitHub repository yet: an admin of the team connects one on the team page."
    );
}

#[tokio::test]
async fn a_cloud_without_an_app_makes_it_on_github_from_the_link_its_console_prints() {
    let w = World::build(false).await;
    let editor = w.token("editor@example.com", "acme/site").await;
    let before = w.repository(&editor, "site").await;
    assert_eq!(before.status, 404);
    assert!(
        before.json()["message"]
            .as_str()
            .unwrap()
            .starts_with("This cloud has no GitHub App yet"),
        "{}",
        before.body
    );

    let link = cloud::github_app_setup::link(&w.h.cloud)
        .await
        .unwrap()
        .expect("a link while there is no app");
    let forged =
        w.h.api(
            "POST",
            "/api/github-app/state",
            None,
            json!({ "token": "not-the-link" }),
        )
        .await;
    assert_eq!(forged.status, 403, "{}", forged.body);
    let given =
        w.h.api(
            "POST",
            "/api/github-app/state",
            None,
            json!({ "token": link }),
        )
        .await;
    assert_eq!(given.status, 200, "{}", given.body);
    let given = given.json();
    assert_eq!(given["githubUrl"], w.standin.url());
    let state = given["state"].as_str().unwrap();

    // The page posts the manifest to GitHub, which makes the app and sends the browser back.
    let manifest = json!({
        "name": "Acme Cloud",
        "url": w.h.origin,
        "redirect_url": format!("{}/github-app/created", w.h.origin),
        "default_permissions": { "contents": "write", "metadata": "read", "pull_requests": "read" },
    });
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .build()
        .into();
    let made = agent
        .post(&format!(
            "{}/settings/apps/new?state={state}",
            w.standin.url()
        ))
        .send_form([("manifest", manifest.to_string().as_str())])
        .unwrap();
    let back = made.headers()["location"].to_str().unwrap().to_string();
    let back = back.strip_prefix(&w.h.origin).expect("back to the cloud");
    let missing = w.h.get("/github-app/created?state=x", None).await;
    assert_eq!(
        (missing.status.as_u16(), missing.body.as_str()),
        (400, "Missing code or state")
    );
    let done = w.h.get(back, None).await;
    assert_eq!(done.status, 303, "{}", done.body);
    assert_eq!(done.location(), "/github-app");
    let again = w.h.get(back, None).await;
    assert_eq!(again.status, 403, "a state is good once: {}", again.body);

    let app = w.h.get("/api/github-app", None).await.json();
    assert_eq!(app["app"]["slug"], "acme-cloud");
    assert_eq!(
        app["app"]["installUrl"],
        format!("{}/apps/acme-cloud/installations/new", w.standin.url())
    );
    assert!(
        cloud::github_app_setup::link(&w.h.cloud)
            .await
            .unwrap()
            .is_none(),
        "no link once the cloud has its app"
    );
    let spent =
        w.h.api(
            "POST",
            "/api/github-app/state",
            None,
            json!({ "token": link }),
        )
        .await;
    assert_eq!(spent.status, 403);

    // The app works at once, and another instance over the same database finds it.
    let answer = w.repository(&editor, "site").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let done = w.commit(&editor, "made.md").await;
    assert!(done.json()["errors"].is_null(), "{}", done.body);
    let other = cloud::Cloud::new(w.h.db().clone(), url::Url::parse(&w.h.origin).unwrap())
        .with_github_at(storage_github::Endpoints::github_com());
    assert!(
        cloud::github_app_setup::link(&other)
            .await
            .unwrap()
            .is_none()
    );
}
