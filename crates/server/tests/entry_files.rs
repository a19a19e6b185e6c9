//! Opening an entry reads its area only: its files with their SHAs, the texts of its data and
//! content files inline, and (for the slug field) the collection's slugs.

mod site;

use axum::http::StatusCode;
use serde_json::Value;
use site::sha;

fn paths(body: &Value) -> Vec<&str> {
    body["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f["path"].as_str().expect("path"))
        .collect()
}

fn file<'a>(body: &'a Value, path: &str) -> &'a Value {
    body["files"]
        .as_array()
        .expect("files")
        .iter()
        .find(|f| f["path"] == path)
        .unwrap_or_else(|| panic!("{path} listed"))
}

#[tokio::test]
async fn an_entry_answers_its_own_files_and_the_texts_of_its_data_and_content() {
    let site = site::local();
    let (status, body) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/posts/entries/images-and-assets",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        paths(&body),
        vec![
            "content/posts/images-and-assets.mdoc",
            "public/images/posts/images-and-assets/gallery/0/image.png",
            "public/images/posts/images-and-assets/gallery/1/image.png",
        ],
        "nothing of other entries"
    );
    let data = site
        .read("content/posts/images-and-assets.mdoc")
        .expect("post");
    let listed = file(&body, "content/posts/images-and-assets.mdoc");
    assert_eq!(listed["text"], data.as_str());
    assert_eq!(listed["sha"], sha(&data));
    let image = file(
        &body,
        "public/images/posts/images-and-assets/gallery/0/image.png",
    );
    let bytes =
        std::fs::read(site.path("public/images/posts/images-and-assets/gallery/0/image.png"))
            .expect("image");
    assert_eq!(
        (image["sha"].as_str(), &image["text"]),
        (Some(sha(&bytes).as_str()), &Value::Null)
    );
    assert_eq!(body["head"], Value::Null, "local storage has no commits");
}

#[tokio::test]
async fn content_kept_in_files_of_their_own_comes_inline() {
    let site = site::local();
    let (status, body) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/pages/entries/about",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let text = site.read("content/pages/about/body.mdoc").expect("body");
    assert_eq!(
        file(&body, "content/pages/about/body.mdoc")["text"],
        text.as_str()
    );
}

#[tokio::test]
async fn a_missing_entry_answers_no_files_and_a_bad_slug_is_refused() {
    let site = site::local();
    let (status, body) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/posts/entries/no-such-post",
            None,
        )
        .await;
    assert_eq!((status, paths(&body)), (StatusCode::OK, vec![]));
    let (status, _) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/posts/entries/a/b",
            None,
        )
        .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "posts' slugs have no slash"
    );
    let (status, _) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/nothing/entries/a",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = site
        .call("GET", "/api/keystatic/v1/singletons/nothing", None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_singleton_answers_its_files() {
    let site = site::local();
    let (status, body) = site
        .call("GET", "/api/keystatic/v1/singletons/settings", None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let text = site.read("content/settings.yaml").expect("settings");
    assert_eq!(file(&body, "content/settings.yaml")["text"], text.as_str());
}

#[tokio::test]
async fn a_collection_answers_its_slugs_and_git_storage_its_head() {
    let site = site::git(site::Git::default());
    let (status, body) = site
        .call("GET", "/api/keystatic/v1/collections/authors/slugs", None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["slugs"],
        serde_json::json!(["ada-palmer", "mei-lin", "tomas-reyes"])
    );
    let head = site.git(&["rev-parse", "HEAD"]);
    assert_eq!(body["head"], head.trim());
    let (_, entry) = site
        .call(
            "GET",
            "/api/keystatic/v1/collections/authors/entries/mei-lin",
            None,
        )
        .await;
    assert_eq!(entry["head"], head.trim());
}

#[tokio::test]
async fn slugs_come_by_prefix_or_search_and_no_more_than_asked() {
    let site = site::local();
    let slugs = |uri: &'static str| {
        let site = &site;
        async move {
            let (status, body) = site.call("GET", uri, None).await;
            assert_eq!(status, StatusCode::OK, "{uri}: {body}");
            body["slugs"].clone()
        }
    };
    let base = "/api/keystatic/v1/collections/authors/slugs";
    // A slug being typed: what begins with it, as written.
    assert_eq!(
        slugs("/api/keystatic/v1/collections/authors/slugs?prefix=mei").await,
        serde_json::json!(["mei-lin"])
    );
    assert_eq!(
        slugs("/api/keystatic/v1/collections/authors/slugs?prefix=Mei").await,
        serde_json::json!([])
    );
    // A picker's search: what contains it, in any case, the first `limit` in order.
    assert_eq!(
        slugs("/api/keystatic/v1/collections/authors/slugs?search=E").await,
        serde_json::json!(["ada-palmer", "mei-lin", "tomas-reyes"])
    );
    assert_eq!(
        slugs("/api/keystatic/v1/collections/authors/slugs?search=E&limit=2").await,
        serde_json::json!(["ada-palmer", "mei-lin"])
    );
    let (status, _) = site.call("GET", &format!("{base}?limit=many"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn json_comes_compressed_to_a_browser_that_takes_it_and_blobs_as_they_are() {
    let site = site::local();
    let gzip = |uri: &str| {
        axum::http::Request::get(uri)
            .header("no-cors", "1")
            .header(axum::http::header::HOST, site::HOST)
            .header(axum::http::header::ACCEPT_ENCODING, "gzip")
            .body(axum::body::Body::empty())
            .expect("request")
    };
    let answer = site
        .send(gzip("/api/keystatic/v1/collections/posts/entries"))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.headers["content-encoding"], "gzip");
    let image = "public/images/posts/images-and-assets/gallery/0/image.png";
    let bytes = std::fs::read(site.path(image)).expect("image");
    let answer = site
        .send(gzip(&format!(
            "/api/keystatic/v1/blob/{}/{image}",
            sha(&bytes)
        )))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.headers.get("content-encoding").is_none());
    assert_eq!(answer.bytes, bytes);
}
