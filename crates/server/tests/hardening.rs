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

async fn status_for_host(site: &site::Site, host: Option<&[u8]>) -> (StatusCode, Option<String>) {
    let mut request = axum::http::Request::get("/keystatic/collection/posts");
    if let Some(host) = host {
        request = request.header(
            axum::http::header::HOST,
            axum::http::HeaderValue::from_bytes(host).expect("a header value"),
        );
    }
    let answer = site
        .send(request.body(axum::body::Body::empty()).expect("request"))
        .await;
    let location = answer
        .headers
        .get(axum::http::header::LOCATION)
        .and_then(|l| l.to_str().ok())
        .map(String::from);
    (answer.status, location)
}

#[tokio::test]
async fn only_the_hosts_the_server_answers_to_get_an_answer() {
    let site = site::local();
    assert_eq!(
        status_for_host(&site, Some(site::HOST.as_bytes())).await.0,
        StatusCode::OK
    );
    assert_eq!(
        status_for_host(&site, None).await.0,
        StatusCode::BAD_REQUEST,
        "no Host"
    );
    assert_eq!(
        status_for_host(&site, Some("127.0.0.1:8788é".as_bytes()))
            .await
            .0,
        StatusCode::BAD_REQUEST,
        "a Host that is not ASCII"
    );
    for host in [
        "evil.example",
        "evil.example:8788",
        "127.0.0.1:9999",
        "localhost@evil.example",
    ] {
        let (status, location) = status_for_host(&site, Some(host.as_bytes())).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert_eq!(location, None, "{host} is not redirected anywhere");
    }
    let (status, location) = status_for_host(&site, Some(b"localhost:8788")).await;
    assert_eq!(status, StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(
        location.as_deref(),
        Some("http://127.0.0.1:8788/keystatic/collection/posts")
    );
}

#[tokio::test]
async fn a_deeply_nested_file_is_a_problem_not_a_crash() {
    let site = site::local();
    let text = format!("name: x\nrole:\n  {}x\n", "- ".repeat(3000));
    let (status, body) = site
        .post(
            "/api/keystatic/update",
            json!({ "additions": [{ "path": "content/authors/deep.yaml", "contents": b64(&text) }], "deletions": [] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    std::fs::write(site.path("content/authors/deep.yaml"), &text).expect("write");
    let answer = site
        .get("/api/keystatic/v1/collections/authors/entries")
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    let rows = answer.json();
    let deep = rows["entries"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["slug"] == "deep"))
        .expect("the entry lists");
    assert!(
        deep["problem"]
            .as_str()
            .is_some_and(|p| p.contains("collections nest more than 200 levels deep")),
        "{deep}"
    );
}
