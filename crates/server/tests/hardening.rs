//! Requests that tried to reach past the server's rules: branch names git would rewrite, protected
//! branches deleted and made anew, and `expected` paths used to learn about files outside the config.

mod site;

use axum::http::StatusCode;
use serde_json::json;
use site::{Git, b64, sha};

fn settings_change(site: &site::Site, title: &str, branch: &str) -> serde_json::Value {
    let read = site.read("content/settings.yaml").expect("settings");
    let text = read.replace("The Quire Journal", title);
    json!({
        "branch": branch,
        "additions": [{ "path": "content/settings.yaml", "contents": b64(&text) }],
        "deletions": [],
        "expected": { "content/settings.yaml": sha(&read) },
    })
}

#[tokio::test]
async fn branch_names_git_would_rewrite_are_refused_everywhere() {
    let site = site::git(Git {
        protected: &["main"],
        ..Git::default()
    });
    let head = site.git(&["rev-parse", "main"]);
    for name in ["/main", "main/", "ma//in", "-main", "main.lock"] {
        let (status, body) = site
            .post(
                "/api/keystatic/v1/commit",
                settings_change(&site, "Sneaked in", name),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {body}");
        assert_eq!(body["code"], "invalid_branch_name");
        let encoded = name.replace('/', "%2F");
        let (status, _) = site
            .call(
                "GET",
                &format!("/api/keystatic/v1/tree?branch={encoded}"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
        let (status, _) = site
            .call(
                "DELETE",
                &format!("/api/keystatic/v1/branches/{encoded}"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
        let (status, _) = site
            .post(
                "/api/keystatic/v1/branches",
                json!({ "name": name, "from": head }),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
    }
    assert_eq!(site.git(&["rev-parse", "main"]), head, "main has not moved");
    assert_eq!(site.git(&["branch", "--format=%(refname:short)"]), "main");
}

#[tokio::test]
async fn protected_branches_are_neither_deleted_nor_made_anew() {
    let site = site::git(Git {
        protected: &["main", "release"],
        ..Git::default()
    });
    let head = site.git(&["rev-parse", "main"]);
    let (status, body) = site
        .post(
            "/api/keystatic/v1/branches",
            json!({ "name": "release", "from": head }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["code"], "protected_branch");
    site.git(&["branch", "release"]);
    let (status, body) = site
        .call("DELETE", "/api/keystatic/v1/branches/release", None)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(site.git(&["rev-parse", "release"]), head, "still there");
}

#[tokio::test]
async fn expected_names_only_the_files_the_change_touches() {
    let site = site::local();
    let config = site.read("quire.yaml").expect("config");
    let mut body = settings_change(&site, "Mine", "main");
    body.as_object_mut().expect("object").remove("branch");
    body["expected"]["quire.yaml"] = json!(sha(&config));
    let (status, answer) = site.post("/api/keystatic/v1/commit", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["message"],
        "expected names \"quire.yaml\", which the change neither writes nor deletes"
    );
    assert!(
        site.read("content/settings.yaml")
            .is_some_and(|s| !s.contains("Mine")),
        "nothing was written"
    );
}
