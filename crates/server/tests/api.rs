//! The HTTP API driven through `router(state)` without a socket, over a copy of the example site.

mod site;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use site::{b64, sha};
use tower::ServiceExt;

const NEW_POST: &str =
    "---\ntitle: Hello there\npublishedDate: 2024-07-01\ndraft: false\ncategory: news\n---\nHi!\n";

#[tokio::test]
async fn tree_lists_files_with_git_shas() {
    let site = site::local();
    let (status, body) = site.get("/api/keystatic/tree").await.parts();
    assert_eq!(status, StatusCode::OK);
    let tree: Vec<Value> = serde_json::from_slice(&body).expect("json");
    let settings = site.read("content/settings.yaml").expect("settings");
    let entry = tree
        .iter()
        .find(|e| e["path"] == "content/settings.yaml")
        .expect("listed");
    assert_eq!(entry["sha"], sha(&settings));
    assert_eq!(entry["mode"], "100644");
    assert_eq!(entry["type"], "blob");
    let dir = tree
        .iter()
        .find(|e| e["path"] == "content")
        .expect("directory listed");
    assert_eq!(
        (dir["mode"].as_str(), dir["type"].as_str()),
        (Some("040000"), Some("tree"))
    );
}

#[tokio::test]
async fn blob_answers_only_for_the_right_sha_and_allowed_paths() {
    let site = site::local();
    let settings = site.read("content/settings.yaml").expect("settings");
    let (status, body) = site
        .get(&format!(
            "/api/keystatic/blob/{}/content/settings.yaml",
            sha(&settings)
        ))
        .await
        .parts();
    assert_eq!((status, body), (StatusCode::OK, settings.into_bytes()));
    let (status, _) = site
        .get(&format!(
            "/api/keystatic/blob/{}/content/settings.yaml",
            sha("other")
        ))
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
    let config = site.read("quire.yaml").expect("config");
    let (status, _) = site
        .get(&format!("/api/keystatic/blob/{}/quire.yaml", sha(&config)))
        .await
        .parts();
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "files outside the config are not served"
    );
}

#[tokio::test]
async fn requests_without_no_cors_are_refused() {
    let site = site::local();
    let request = Request::get("/api/keystatic/tree")
        .header(header::HOST, "127.0.0.1:8788")
        .body(Body::empty())
        .expect("request");
    let (status, body) = site.send(request).await.parts();
    assert_eq!(
        (status, String::from_utf8_lossy(&body).as_ref()),
        (StatusCode::BAD_REQUEST, "Bad Request")
    );
}

#[tokio::test]
async fn foreign_hosts_and_origins_are_refused_and_write_nothing() {
    let site = site::local();
    let request = Request::get("/api/keystatic/tree")
        .header("no-cors", "1")
        .header(header::HOST, "evil.example:8788")
        .body(Body::empty())
        .expect("request");
    assert_eq!(site.send(request).await.status, StatusCode::FORBIDDEN);
    let body = json!({ "additions": [{ "path": "content/posts/evil.mdoc", "contents": b64(NEW_POST) }], "deletions": [] });
    let request = Request::post("/api/keystatic/update")
        .header("no-cors", "1")
        .header(header::HOST, "127.0.0.1:8788")
        .header(header::ORIGIN, "http://evil.example")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    assert_eq!(site.send(request).await.status, StatusCode::FORBIDDEN);
    let request = Request::post("/api/keystatic/update")
        .header("no-cors", "1")
        .header(header::HOST, "127.0.0.1:8788")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(body.to_string()))
        .expect("request");
    assert_eq!(site.send(request).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(site.read("content/posts/evil.mdoc"), None);
}

#[tokio::test]
async fn update_writes_valid_files_and_refuses_paths_outside_the_config() {
    let site = site::local();
    let (status, tree) = site
        .post("/api/keystatic/update", json!({ "additions": [{ "path": "content/posts/hello-there.mdoc", "contents": b64(NEW_POST) }], "deletions": [{ "path": "content/posts/plain-files-age-well.mdoc" }] }))
        .await;
    assert_eq!(status, StatusCode::OK, "{tree}");
    assert!(
        tree.as_array()
            .expect("tree")
            .iter()
            .any(|e| e["path"] == "content/posts/hello-there.mdoc")
    );
    assert_eq!(
        site.read("content/posts/hello-there.mdoc").as_deref(),
        Some(NEW_POST)
    );
    assert_eq!(site.read("content/posts/plain-files-age-well.mdoc"), None);
    for path in [
        "content/posts-private/x.mdoc",
        "quire.yaml",
        "../outside.mdoc",
        "content/posts/../../x.mdoc",
    ] {
        let (status, body) = site
            .post("/api/keystatic/update", json!({ "additions": [{ "path": path, "contents": b64(NEW_POST) }], "deletions": [] }))
            .await;
        assert_eq!(
            (status, body),
            (StatusCode::BAD_REQUEST, json!("Bad data")),
            "{path}"
        );
    }
    assert_eq!(site.read("content/posts-private/x.mdoc"), None);
    let (status, _) = site
        .post("/api/keystatic/update", json!({ "nope": true }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn commit_refuses_invalid_content_with_every_problem() {
    let site = site::local();
    let bad = "---\ntitle: ''\npublishedDate: 2024-13-45x\nreadingTime: 2.5\nsurprise: 1\ncategory: nope\n---\n";
    let (status, body) = site
        .post("/api/keystatic/v1/commit", json!({ "additions": [{ "path": "content/posts/bad-one.mdoc", "contents": b64(bad) }], "deletions": [], "expected": { "content/posts/bad-one.mdoc": null } }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "invalid_content");
    assert_eq!(
        body["details"]["problems"],
        json!([
            "content/posts/bad-one.mdoc: surprise: Key on object value \"surprise\" is not allowed",
            "content/posts/bad-one.mdoc: publishedDate: Published date is not a valid date",
            "content/posts/bad-one.mdoc: category: Must be a valid option",
            "content/posts/bad-one.mdoc: readingTime: Reading time (minutes) must be a whole number",
        ])
    );
    assert_eq!(site.read("content/posts/bad-one.mdoc"), None);
    let (status, body) = site
        .post("/api/keystatic/v1/commit", json!({ "additions": [{ "path": "content/posts/Bad Slug.mdoc", "contents": b64(NEW_POST) }], "deletions": [], "expected": { "content/posts/Bad Slug.mdoc": null } }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["details"]["problems"],
        json!([
            "content/posts/Bad Slug.mdoc: title: Slug must only contain alphanumeric characters and -"
        ])
    );
}

#[tokio::test]
async fn commit_reports_syntax_errors_with_line_and_column() {
    let site = site::local();
    let (status, body) = site
        .post("/api/keystatic/v1/commit", json!({ "additions": [{ "path": "content/authors/x-y.yaml", "contents": b64("name: X\nrole: [oops\n") }], "deletions": [], "expected": { "content/authors/x-y.yaml": null } }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let problem = body["details"]["problems"][0].as_str().expect("a problem");
    assert!(
        problem.starts_with("content/authors/x-y.yaml:3:"),
        "{problem}"
    );
}

#[tokio::test]
async fn commit_with_a_stale_sha_conflicts_and_writes_nothing() {
    let site = site::local();
    let before = site.read("content/settings.yaml").expect("settings");
    let edited = before.replace("The Quire Journal", "Edited");
    let (status, body) = site
        .post("/api/keystatic/v1/commit", json!({ "additions": [{ "path": "content/settings.yaml", "contents": b64(&edited) }], "deletions": [], "expected": { "content/settings.yaml": sha("stale") } }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["details"]["paths"], json!(["content/settings.yaml"]));
    assert_eq!(
        site.read("content/settings.yaml").as_deref(),
        Some(before.as_str())
    );
    let (status, body) = site
        .post("/api/keystatic/v1/commit", json!({ "additions": [{ "path": "content/settings.yaml", "contents": b64(&edited) }], "deletions": [], "expected": { "content/settings.yaml": sha(&before) } }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        site.read("content/settings.yaml").as_deref(),
        Some(edited.as_str())
    );
    // The answer names what changed, not the whole tree.
    assert_eq!(
        body["changed"],
        json!([{ "path": "content/settings.yaml", "sha": sha(&edited) }])
    );
    assert_eq!(body.get("entries"), None);
}

#[tokio::test]
async fn commit_needs_an_expected_sha_for_every_path() {
    let site = site::local();
    let (status, body) = site
        .post("/api/keystatic/v1/commit", json!({ "additions": [{ "path": "content/posts/hello-there.mdoc", "contents": b64(NEW_POST) }], "deletions": [], "expected": {} }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(site.read("content/posts/hello-there.mdoc"), None);
}

#[tokio::test]
async fn entries_summary_and_config_describe_the_site() {
    let site = site::local();
    let (status, body) = site
        .get("/api/keystatic/v1/collections/posts/entries")
        .await
        .parts();
    assert_eq!(status, StatusCode::OK);
    let body: Value = serde_json::from_slice(&body).expect("json");
    let first = &body["entries"][0];
    assert_eq!(first["slug"], "collections-and-singletons");
    // The configured columns: the slug field's name and a date, as the list shows them.
    assert_eq!(first["columns"]["title"], "Collections and singletons");
    assert_eq!(first["columns"]["publishedDate"], "2024-06-26");
    // A relationship column keeps the slug (what it sorts and searches by) and names the entry.
    assert_eq!(first["columns"]["author"], "mei-lin");
    assert_eq!(first["labels"], json!({ "author": "Mei Lin" }));
    assert_eq!(first["problem"], Value::Null);
    let (_, body) = site.get("/api/keystatic/v1/summary").await.parts();
    let body: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(body["collections"]["authors"]["count"], 3);
    assert_eq!(body["singletons"]["settings"]["exists"], true);
    let (_, body) = site.get("/api/keystatic/v1/config").await.parts();
    let body: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(
        body["config"]["collections"]["posts"]["schema"]["title"]["slug"]["validation"]["length"]["min"],
        4
    );
    assert_eq!(body["config"]["ui"]["navigation"][0]["label"], "Content");
    assert_eq!(
        body["capabilities"],
        json!({ "branches": null, "namedAuthors": false, "signIn": null }),
        "the site's folder has neither branches nor commits"
    );
    let (status, _) = site
        .get("/api/keystatic/v1/collections/nope/entries")
        .await
        .parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_relationship_to_a_missing_or_odd_slug_names_nothing() {
    let site = site::local();
    // Every file is written before the first listing: the index then reads them all as they are.
    let cases = [
        ("writing-with-git", "tomas-reyes", "nobody"),
        ("plain-files-age-well", "mei-lin", "../authors/mei-lin"),
        ("images-and-assets", "tomas-reyes", "broken"),
    ];
    for (post, from, to) in cases {
        let path = format!("content/posts/{post}.mdoc");
        let text = site.read(&path).expect("post");
        let changed = text.replacen(&format!("author: {from}"), &format!("author: {to}"), 1);
        assert_ne!(changed, text, "{post} names {from}");
        std::fs::write(site.path(&path), changed).expect("write");
    }
    std::fs::write(
        site.path("content/authors/broken.yaml"),
        "name: [unclosed\n",
    )
    .expect("write");
    let body = site
        .get("/api/keystatic/v1/collections/posts/entries")
        .await
        .json();
    let rows = body["entries"].as_array().expect("entries");
    for (post, _, to) in cases {
        let row = rows.iter().find(|e| e["slug"] == post).expect("listed");
        assert_eq!(row["columns"]["author"], to);
        assert_eq!(row["labels"], json!({}), "{to}");
    }
}

#[tokio::test]
async fn a_broken_entry_still_lists_with_its_problem() {
    let site = site::local();
    std::fs::write(
        site.dir.path().join("content/authors/broken.yaml"),
        "name: [unclosed\n",
    )
    .expect("write");
    let (_, body) = site
        .get("/api/keystatic/v1/collections/authors/entries")
        .await
        .parts();
    let body: Value = serde_json::from_slice(&body).expect("json");
    let entries = body["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 4);
    let broken = entries
        .iter()
        .find(|e| e["slug"] == "broken")
        .expect("listed");
    assert!(
        broken["problem"]
            .as_str()
            .is_some_and(|p| p.starts_with("2:")),
        "{broken}"
    );
}

#[tokio::test]
async fn admin_paths_serve_the_app_or_redirect_localhost() {
    let site = site::local();
    let request = Request::get("/keystatic/collection/posts?x=1")
        .header(header::HOST, "localhost:8788")
        .body(Body::empty())
        .expect("request");
    let response = site.app.clone().oneshot(request).await.expect("response");
    assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(
        response.headers()[header::LOCATION],
        "http://127.0.0.1:8788/keystatic/collection/posts?x=1"
    );
    let (status, _) = site.get("/keystatic/assets/missing.js").await.parts();
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "missing assets are not answered with the app"
    );
    let (status, _) = site.get("/api/keystatic/nope").await.parts();
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn built_assets_go_compressed_to_browsers_that_take_it_and_stay_cached() {
    let site = site::local();
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    let index = std::fs::read_to_string(dist.join("index.html")).expect("web/dist is built");
    let script = index
        .split("src=\"/keystatic/")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the page's script");
    let on_disk = |suffix: &str| std::fs::read(dist.join(format!("{script}{suffix}"))).unwrap();
    for (accept, coding, suffix) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), ".br"),
        (Some("gzip"), Some("gzip"), ".gz"),
        (Some("br;q=0, gzip;q=0.5"), Some("gzip"), ".gz"),
        (None, None, ""),
    ] {
        let mut request =
            Request::get(format!("/keystatic/{script}")).header(header::HOST, "127.0.0.1:8788");
        if let Some(accept) = accept {
            request = request.header(header::ACCEPT_ENCODING, accept);
        }
        let response = site
            .app
            .clone()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        assert_eq!(
            headers
                .get(header::CONTENT_ENCODING)
                .map(|v| v.to_str().unwrap()),
            coding,
            "{accept:?}"
        );
        assert_eq!(headers[header::VARY], "accept-encoding");
        assert_eq!(headers[header::CONTENT_TYPE], "text/javascript");
        assert_eq!(
            headers[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(body.as_ref(), on_disk(suffix).as_slice(), "{accept:?}");
    }
    // The page itself is never kept: it names the assets of the binary that serves it.
    let (status, _) = site.get("/keystatic").await.parts();
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_list_is_searched_sorted_and_paged_on_the_server() {
    let site = site::local();
    let list = |query: &str| {
        let uri = format!("/api/keystatic/v1/collections/posts/entries?{query}");
        let site = &site;
        async move { site.get(&uri).await.json() }
    };
    let slugs = |answer: &Value| -> Vec<String> {
        answer["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["slug"].as_str().unwrap().to_string())
            .collect()
    };
    // Every row, ordered by the first column (the title), as before.
    let all = list("").await;
    let total = all["total"].as_u64().unwrap() as usize;
    assert_eq!(all["entries"].as_array().unwrap().len(), total);
    let titles: Vec<String> = all["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            e["columns"]["title"]
                .as_str()
                .unwrap_or_default()
                .to_lowercase()
        })
        .collect();
    let mut sorted = titles.clone();
    sorted.sort();
    assert_eq!(titles, sorted);

    // Pages of 3 put together are the whole list.
    let mut paged = Vec::new();
    for offset in (0..total).step_by(3) {
        let page = list(&format!("limit=3&offset={offset}")).await;
        assert_eq!(page["total"].as_u64().unwrap() as usize, total);
        paged.extend(slugs(&page));
    }
    assert_eq!(paged, slugs(&all));

    // Newest first; a search looks at every column's text, the name and the slug.
    let newest = list("sort=publishedDate&direction=descending&limit=2").await;
    assert_eq!(
        slugs(&newest),
        ["collections-and-singletons", "the-case-for-schemas"]
    );
    let by_author = list("search=ADA-pal").await;
    let mut found = slugs(&by_author);
    found.sort();
    assert_eq!(
        found,
        [
            "release-notes-spring",
            "the-case-for-schemas",
            "welcome-to-the-journal"
        ]
    );
    assert_eq!(by_author["total"], 3);
    assert_eq!(
        slugs(&list("search=notes%3A%20spr").await),
        ["release-notes-spring"]
    );
    assert_eq!(list("search=nothing-like-this").await["total"], 0);

    for bad in ["direction=up", "sort=summary", "offset=-1"] {
        let (status, _) = site
            .get(&format!(
                "/api/keystatic/v1/collections/posts/entries?{bad}"
            ))
            .await
            .parts();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    }
}
