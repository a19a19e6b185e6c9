//! The v1 API over git storage: branches, commits with expected heads, protected branches.

mod site;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::{AppState, router};
use site::{Git, b64};
use tower::ServiceExt;

fn settings_change(title: &str, read_sha: &str, branch: &str, head: &str) -> Value {
    let text = format!("siteTitle: {title}\npostsPerPage: 10\nshowAuthors: true\ntheme: auto\n");
    json!({
        "branch": branch,
        "expectedHead": head,
        "message": "Update content/settings",
        "additions": [{ "path": "content/settings.yaml", "contents": b64(text) }],
        "deletions": [],
        "expected": { "content/settings.yaml": read_sha },
    })
}

#[tokio::test]
async fn branches_can_be_listed_created_committed_to_and_deleted() {
    let site = site::git(Git::default());
    let (status, body) = site.call("GET", "/api/keystatic/v1/branches", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["default"], "main");
    let main_head = site.git(&["rev-parse", "main"]);
    assert_eq!(
        body["branches"],
        json!([{ "name": "main", "head": main_head, "newPullRequestUrl": null }])
    );

    let (status, _) = site
        .call(
            "POST",
            "/api/keystatic/v1/branches",
            Some(json!({ "name": "quire/new-look", "from": main_head })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, tree) = site
        .call("GET", "/api/keystatic/v1/tree?branch=quire/new-look", None)
        .await;
    assert_eq!(tree["head"], main_head);
    let read_sha = site.git(&["rev-parse", "main:content/settings.yaml"]);
    let (status, body) = site
        .call(
            "POST",
            "/api/keystatic/v1/commit",
            Some(settings_change(
                "New look",
                &read_sha,
                "quire/new-look",
                &main_head,
            )),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["head"], site.git(&["rev-parse", "quire/new-look"]));
    assert_eq!(
        site.git(&["log", "-1", "--format=%s", "quire/new-look"]),
        "Update content/settings"
    );
    assert!(
        site.git(&["show", "quire/new-look:content/settings.yaml"])
            .starts_with("siteTitle: New look")
    );
    assert_eq!(
        site.git(&["rev-parse", "main"]),
        main_head,
        "main is untouched"
    );

    let (status, _) = site
        .call("DELETE", "/api/keystatic/v1/branches/quire/new-look", None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = site
        .call("GET", "/api/keystatic/v1/tree?branch=quire/new-look", None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "The branch quire/new-look does not exist in this repository."
    );
    let (status, _) = site
        .call("DELETE", "/api/keystatic/v1/branches/main", None)
        .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "the default branch cannot be deleted"
    );
}

#[tokio::test]
async fn a_branch_that_moved_refuses_the_commit() {
    let site = site::git(Git::default());
    let opened_at = site.git(&["rev-parse", "main"]);
    let read_sha = site.git(&["rev-parse", "main:content/settings.yaml"]);
    std::fs::write(
        site.dir.path().join("content/authors/new.yaml"),
        "name: New\nrole: Writer\n",
    )
    .expect("write");
    site.git(&["add", "-A"]);
    site.git(&["commit", "-q", "-m", "someone else"]);
    let (status, body) = site
        .call(
            "POST",
            "/api/keystatic/v1/commit",
            Some(settings_change("Mine", &read_sha, "main", &opened_at)),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(site.git(&["log", "-1", "--format=%s"]), "someone else");
}

#[tokio::test]
async fn the_person_who_saves_authors_the_commit_and_the_machine_commits_it() {
    let site = site::git(Git::default());
    site.git(&["config", "user.name", "Site Machine"]);
    site.git(&["config", "user.email", "machine@example.com"]);
    let head = site.git(&["rev-parse", "main"]);
    let read_sha = site.git(&["rev-parse", "main:content/settings.yaml"]);
    let mut change = settings_change("Authored", &read_sha, "main", &head);
    change["author"] = json!({ "name": " Ada Lovelace ", "email": "ada@example.com" });
    let (status, body) = site
        .call("POST", "/api/keystatic/v1/commit", Some(change))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let machine = "Site Machine <machine@example.com>";
    assert_eq!(
        site.git(&["log", "-1", "--format=%an <%ae>|%cn <%ce>"]),
        format!("Ada Lovelace <ada@example.com>|{machine}")
    );

    // Without an author the machine's identity is both, as before.
    let head = site.git(&["rev-parse", "main"]);
    let read_sha = site.git(&["rev-parse", "main:content/settings.yaml"]);
    let (status, body) = site
        .call(
            "POST",
            "/api/keystatic/v1/commit",
            Some(settings_change("Unnamed", &read_sha, "main", &head)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        site.git(&["log", "-1", "--format=%an <%ae>|%cn <%ce>"]),
        format!("{machine}|{machine}")
    );
}

#[tokio::test]
async fn an_author_that_would_forge_the_commit_is_refused_and_nothing_is_written() {
    let site = site::git(Git::default());
    let head = site.git(&["rev-parse", "main"]);
    let read_sha = site.git(&["rev-parse", "main:content/settings.yaml"]);
    for (author, field) in [
        (
            json!({ "name": "Eve\ncommitter Boss <b@x>", "email": "eve@example.com" }),
            "author.name",
        ),
        (
            json!({ "name": "Eve <eve@example.com>", "email": "eve@example.com" }),
            "author.name",
        ),
        (
            json!({ "name": "  ", "email": "eve@example.com" }),
            "author.name",
        ),
        (json!({ "name": "Eve", "email": "" }), "author.email"),
        (
            json!({ "name": "Eve", "email": "not an address" }),
            "author.email",
        ),
        (
            json!({ "name": "Eve", "email": "eve@example.com>\n" }),
            "author.email",
        ),
    ] {
        let mut change = settings_change("Forged", &read_sha, "main", &head);
        change["author"] = author.clone();
        let (status, body) = site
            .call("POST", "/api/keystatic/v1/commit", Some(change))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{author}: {body}");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(field)),
            "{author}: {body}"
        );
        assert_eq!(site.git(&["rev-parse", "main"]), head, "{author}");
    }
}

#[tokio::test]
async fn protected_branches_take_no_commits() {
    let site = site::git(Git {
        protected: &["main"],
        ..Git::default()
    });
    let head = site.git(&["rev-parse", "main"]);
    let read_sha = site.git(&["rev-parse", "main:content/settings.yaml"]);
    let (status, body) = site
        .call(
            "POST",
            "/api/keystatic/v1/commit",
            Some(settings_change("Mine", &read_sha, "main", &head)),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["code"], "protected_branch");
    assert_eq!(
        body["message"],
        "Changes must be made via pull request to this branch. Create a new branch to save changes."
    );
    let mut on_default = settings_change("Mine", &read_sha, "main", &head);
    on_default.as_object_mut().expect("object").remove("branch");
    let (status, _) = site
        .call("POST", "/api/keystatic/v1/commit", Some(on_default))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "the default branch is main");
    let (_, config) = site.call("GET", "/api/keystatic/v1/config", None).await;
    assert_eq!(
        config["config"]["storage"],
        json!({ "kind": "git", "branchPrefix": null, "protected": ["main"] })
    );
    // The admin works from what the storage can do: branches, commits people author.
    assert_eq!(
        config["capabilities"],
        json!({ "branches": { "prefix": null }, "namedAuthors": true, "signIn": null })
    );
    assert_eq!(config["repository"], Value::Null);
}

#[tokio::test]
async fn local_storage_has_no_branches() {
    let dir = test_support::copy_site("examples/blog");
    let text = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("config");
    let config = content::config::parse(&text).expect("valid");
    let app = router(AppState::new(
        config,
        Arc::new(storage_fs::FsStorage::new(dir.path())),
        vec![site::HOST.into()],
    ));
    let request = Request::get("/api/keystatic/v1/branches")
        .header("no-cors", "1")
        .header("host", site::HOST)
        .body(Body::empty())
        .expect("request");
    let response = app.oneshot(request).await.expect("response");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_unusable_repository_is_explained_instead_of_served() {
    let dir = test_support::copy_site("examples/blog");
    let text = std::fs::read_to_string(dir.path().join("quire.yaml")).expect("config");
    let config = content::config::parse(&text).expect("valid");
    let reason = "Git repo not initialised: /site has no commits yet; make a first commit, then start Quire again";
    let storage = Arc::new(storage::UnavailableStorage {
        reason: reason.into(),
    });
    let app = router(AppState::new(config, storage, vec![site::HOST.into()]));
    let request = Request::get("/api/keystatic/v1/config")
        .header("no-cors", "1")
        .header("host", site::HOST)
        .body(Body::empty())
        .expect("request");
    let response = app.oneshot(request).await.expect("response");
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = serde_json::from_slice(
        &response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes(),
    )
    .expect("json");
    assert_eq!(
        (body["code"].as_str(), body["message"].as_str()),
        (Some("storage_unavailable"), Some(reason))
    );
}

#[tokio::test]
async fn entries_on_a_branch_have_statuses_against_the_default_branch() {
    let site = site::git(Git::default());
    site.git(&["checkout", "-q", "-b", "quire/edits"]);
    std::fs::write(
        site.dir.path().join("content/authors/new-person.yaml"),
        "name: New person\nrole: Writer\n",
    )
    .expect("write");
    std::fs::write(
        site.dir.path().join("content/authors/mei-lin.yaml"),
        "name: Mei Lin\nrole: Editor\n",
    )
    .expect("write");
    std::fs::remove_file(site.dir.path().join("content/authors/tomas-reyes.yaml")).expect("remove");
    site.git(&["add", "-A"]);
    site.git(&["commit", "-q", "-m", "edits"]);
    site.git(&["checkout", "-q", "main"]);
    let (status, body) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/authors/entries?branch=quire/edits",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let statuses: Vec<(String, String)> = body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["slug"].as_str().unwrap_or_default().into(),
                e["status"].as_str().unwrap_or_default().into(),
            )
        })
        .collect();
    assert_eq!(
        statuses,
        [
            ("ada-palmer".into(), "unchanged".into()),
            ("mei-lin".into(), "changed".into()),
            ("new-person".into(), "added".into())
        ]
    );
    assert_eq!(body["removed"], json!(["tomas-reyes"]));
    let (_, summary) = site
        .call("GET", "/api/keystatic/v1/summary?branch=quire/edits", None)
        .await;
    assert_eq!(
        summary["collections"]["authors"],
        json!({ "count": 3, "added": 1, "changed": 1, "removed": 1 })
    );
    assert_eq!(
        summary["singletons"]["settings"],
        json!({ "exists": true, "changed": false })
    );
    let (_, on_main) = site
        .call("GET", "/api/keystatic/v1/collections/authors/entries", None)
        .await;
    assert_eq!(
        on_main["entries"][0]["status"],
        Value::Null,
        "no statuses on the default branch"
    );
    assert_eq!(on_main["removed"], Value::Null);
}
