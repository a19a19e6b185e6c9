//! The write pipeline's promises, through both write routes: nothing lands where the config does
//! not put it, protected branches take nothing, a push that fails after the commit is a warning,
//! deletions leave no empty folders, concurrent saves cannot overwrite each other, and every
//! response carries the security headers.

mod site;

use axum::http::{StatusCode, header};
use serde_json::{Value, json};
use site::{Git, b64, sha};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";

/// Keystatic's update route, which names no SHAs.
fn update(additions: &[(&str, &[u8])], deletions: &[&str]) -> Value {
    json!({
        "additions": additions.iter().map(|(p, b)| json!({ "path": p, "contents": b64(b) })).collect::<Vec<_>>(),
        "deletions": deletions.iter().map(|p| json!({ "path": p })).collect::<Vec<_>>(),
    })
}

/// Quire's commit route, with the SHA read for every path (None: a new file).
fn commit(site: &site::Site, additions: &[(&str, &[u8])], deletions: &[&str]) -> Value {
    let mut body = update(additions, deletions);
    let paths = additions
        .iter()
        .map(|(p, _)| *p)
        .chain(deletions.iter().copied());
    let expected: serde_json::Map<String, Value> = paths
        .map(|p| {
            let read = std::fs::read(site.path(p)).ok().map(sha);
            (p.to_string(), json!(read))
        })
        .collect();
    body["expected"] = Value::Object(expected);
    body
}

const OUT_OF_PLACE: &[(&str, &[u8])] = &[
    (
        "public/images/posts/evil.html",
        b"<script>alert(1)</script>",
    ),
    ("content/posts/images-and-assets/evil.sh", b"rm -rf ~"),
    ("content/posts/no-such-entry/a/b/c/d.exe", b"MZ"),
];

#[tokio::test]
async fn files_no_field_writes_are_refused_on_both_routes() {
    let site = site::local();
    for (path, bytes) in OUT_OF_PLACE {
        let (status, body) = site
            .post("/api/keystatic/update", update(&[(path, bytes)], &[]))
            .await;
        assert_eq!(
            (status, body),
            (StatusCode::BAD_REQUEST, json!("Bad data")),
            "{path}"
        );
        let (status, body) = site
            .post(
                "/api/keystatic/v1/commit",
                commit(&site, &[(path, bytes)], &[]),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {body}");
        assert_eq!(body["code"], "path_not_allowed");
        assert_eq!(body["details"]["paths"], json!([path]));
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains(path)),
            "the refusal names the file: {body}"
        );
        assert!(!site.path(path).exists(), "{path} was written");
    }
}

#[tokio::test]
async fn an_image_must_hold_an_image() {
    let site = site::local();
    let path = "public/images/posts/images-and-assets/gallery/0/image.png";
    let before = std::fs::read(site.path(path)).expect("the example's image");
    let html: &[u8] = b"<!doctype html><script>alert(document.cookie)</script>";
    let (status, body) = site
        .post(
            "/api/keystatic/v1/commit",
            commit(&site, &[(path, html)], &[]),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["details"]["problems"],
        json!([format!(
            "{path}: the file is not a PNG, JPEG, GIF, WebP, AVIF or SVG image as its name says"
        )])
    );
    let (status, _) = site
        .post("/api/keystatic/update", update(&[(path, html)], &[]))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(std::fs::read(site.path(path)).expect("kept"), before);
    let (status, body) = site
        .post(
            "/api/keystatic/v1/commit",
            commit(&site, &[(path, PNG)], &[]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "a real image is taken: {body}");
}

#[tokio::test]
async fn an_asset_needs_its_entry() {
    let site = site::local();
    let avatar = "public/images/authors/nobody/avatar.png";
    let (status, body) = site
        .post(
            "/api/keystatic/v1/commit",
            commit(&site, &[(avatar, PNG)], &[]),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("the entry \"nobody\" of authors does not exist")),
        "{body}"
    );
    let author = "content/authors/nobody.yaml";
    let data: &[u8] = b"name: Nobody\nrole: Ghost\navatar: /images/authors/nobody/avatar.png\n";
    let (status, body) = site
        .post(
            "/api/keystatic/v1/commit",
            commit(&site, &[(author, data), (avatar, PNG)], &[]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "created with its entry: {body}");
    assert_eq!(std::fs::read(site.path(avatar)).expect("written"), PNG);
}

#[tokio::test]
async fn protected_branches_take_nothing_through_keystatic_s_route_either() {
    let site = site::git(Git {
        protected: &["main"],
        ..Git::default()
    });
    let head = site.git(&["rev-parse", "main"]);
    let settings = site.read("content/settings.yaml").expect("settings");
    let edited = settings.replace("The Quire Journal", "Sneaked in");
    let (status, body) = site
        .post(
            "/api/keystatic/update",
            update(&[("content/settings.yaml", edited.as_bytes())], &[]),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body,
        json!(
            "Changes must be made via pull request to this branch. Create a new branch to save changes."
        )
    );
    assert_eq!(site.git(&["rev-parse", "main"]), head, "main has not moved");
    assert_eq!(site.read("content/settings.yaml"), Some(settings));
}

#[tokio::test]
async fn a_push_that_fails_after_the_commit_is_a_warning_and_the_next_save_goes_on() {
    let nowhere = tempfile::tempdir().expect("temp dir");
    let site = site::git(Git {
        remote: Some(nowhere.path().join("missing").display().to_string()),
        ..Git::default()
    });
    let settings = site.read("content/settings.yaml").expect("settings");
    let first = settings.replace("The Quire Journal", "First");
    let mut body = commit(&site, &[("content/settings.yaml", first.as_bytes())], &[]);
    body["expectedHead"] = json!(site.git(&["rev-parse", "main"]));
    let (status, answer) = site.post("/api/keystatic/v1/commit", body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let warning = &answer["warnings"][0];
    assert_eq!(warning["code"], "push_failed");
    assert!(
        warning["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Saved, but pushing to origin failed: ")),
        "{warning}"
    );
    assert_eq!(answer["head"], json!(site.git(&["rev-parse", "main"])));
    let second = settings.replace("The Quire Journal", "Second");
    let mut body = commit(&site, &[("content/settings.yaml", second.as_bytes())], &[]);
    body["expected"]["content/settings.yaml"] = json!(sha(&first));
    body["expectedHead"] = answer["head"].clone();
    let (status, answer) = site.post("/api/keystatic/v1/commit", body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        site.git(&["show", "main:content/settings.yaml"])
            .contains("Second")
    );
}

#[tokio::test]
async fn renaming_and_deleting_leave_no_empty_folders() {
    let site = site::local();
    let old = "content/posts/images-and-assets.mdoc";
    let text = site.read(old).expect("the example post");
    let renamed = text.replace(
        "/images/posts/images-and-assets/",
        "/images/posts/pictures/",
    );
    let images = [
        "public/images/posts/images-and-assets/gallery/0/image.png",
        "public/images/posts/images-and-assets/gallery/1/image.png",
    ];
    let bytes: Vec<Vec<u8>> = images
        .iter()
        .map(|p| std::fs::read(site.path(p)).expect("image"))
        .collect();
    let new_images: Vec<String> = images
        .iter()
        .map(|p| p.replace("images-and-assets", "pictures"))
        .collect();
    let mut additions: Vec<(&str, &[u8])> =
        vec![("content/posts/pictures.mdoc", renamed.as_bytes())];
    additions.extend(
        new_images
            .iter()
            .map(String::as_str)
            .zip(bytes.iter().map(Vec::as_slice)),
    );
    let mut deletions = vec![old];
    deletions.extend(images);
    let (status, body) = site
        .post(
            "/api/keystatic/v1/commit",
            commit(&site, &additions, &deletions),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        site.path("public/images/posts/pictures/gallery/1/image.png")
            .exists()
    );
    assert!(
        !site.path("public/images/posts/images-and-assets").exists(),
        "the old slug's folder is gone"
    );
    let avatar = "public/images/authors/mei-lin/avatar.png";
    let (status, body) = site
        .post(
            "/api/keystatic/update",
            update(&[], &["content/authors/mei-lin.yaml", avatar]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!site.path("public/images/authors/mei-lin").exists());
    assert!(
        site.path("public/images/authors/ada-palmer/avatar.png")
            .exists()
    );
}

#[tokio::test]
async fn a_deletion_needs_an_entry_that_exists() {
    let site = site::local();
    let (status, _) = site
        .post(
            "/api/keystatic/update",
            update(&[], &["public/images/logo.png"]),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "not a file of any entry");
    assert!(site.path("public/images/logo.png").exists());
}

/// Sends 32 saves of one entry made from the same read at once: exactly one lands.
async fn one_of_many_concurrent_saves_lands(site: site::Site) {
    let path = "content/settings.yaml";
    let read = site.read(path).expect("settings");
    let site = std::sync::Arc::new(site);
    let mut saves = Vec::new();
    for n in 0..32 {
        let site = site.clone();
        let text = read.replace("The Quire Journal", &format!("Writer {n}"));
        let mut body = update(&[(path, text.as_bytes())], &[]);
        body["expected"] = json!({ path: sha(&read) });
        saves.push(tokio::spawn(async move {
            let (status, _) = site.post("/api/keystatic/v1/commit", body).await;
            (status, text)
        }));
    }
    let mut landed = Vec::new();
    let mut conflicts = 0;
    for save in saves {
        match save.await.expect("the save ran") {
            (StatusCode::OK, text) => landed.push(text),
            (StatusCode::CONFLICT, _) => conflicts += 1,
            (status, _) => panic!("unexpected {status}"),
        }
    }
    assert_eq!((landed.len(), conflicts), (1, 31));
    assert_eq!(site.read(path).as_deref(), Some(landed[0].as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_saves_from_one_read_land_once_on_local_storage() {
    one_of_many_concurrent_saves_lands(site::local()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_saves_from_one_read_land_once_on_git_storage() {
    one_of_many_concurrent_saves_lands(site::git(Git::default())).await;
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let site = site::local();
    for uri in [
        "/keystatic",
        "/api/keystatic/v1/config",
        "/api/keystatic/tree",
    ] {
        let answer = site.get(uri).await;
        let header = |name| {
            answer
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        let policy = header(header::CONTENT_SECURITY_POLICY);
        for rule in [
            "default-src 'self'",
            "script-src 'self'",
            "object-src 'none'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "img-src 'self' data: blob:",
        ] {
            assert!(policy.contains(rule), "{uri}: {policy}");
        }
        assert_eq!(header(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{uri}");
        assert_eq!(header(header::REFERRER_POLICY), "same-origin", "{uri}");
    }
    // The page's own style elements need the nonce its policy names, fresh for every page.
    let page = |answer: &site::Answer| {
        let body = String::from_utf8_lossy(&answer.bytes).into_owned();
        let nonce = body
            .split("<meta name=\"csp-nonce\" nonce=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the page names its nonce")
            .to_string();
        let policy = answer.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("text")
            .to_string();
        (nonce, policy)
    };
    let (first, policy) = page(&site.get("/keystatic").await);
    assert_eq!(first.len(), 32);
    assert!(
        policy.contains(&format!("style-src 'self' 'nonce-{first}';")),
        "{policy}"
    );
    let (second, _) = page(&site.get("/keystatic/collection/posts").await);
    assert_ne!(first, second);

    let settings = site.read("content/settings.yaml").expect("settings");
    let blob = site
        .get(&format!(
            "/api/keystatic/blob/{}/content/settings.yaml",
            sha(&settings)
        ))
        .await;
    assert_eq!(blob.status, StatusCode::OK);
    assert_eq!(blob.headers[header::CONTENT_SECURITY_POLICY], "sandbox");
    assert_eq!(blob.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
}
