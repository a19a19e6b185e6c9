//! Signing in with storage that people sign in to: the provider is a fake here (the GitHub backend
//! is tested against the stand-in in `storage-github` and in journeys); what is tested is the
//! server's part: the state bound to the browser, tokens only in sealed httpOnly cookies, every
//! API route acting as the person signed in, renewing, and logging out.

mod provider;

use std::collections::HashMap;

use axum::http::StatusCode;
use provider::{
    SECRET, allowing, location, server, server_with_foreign_cookie, set_cookies, with_cloud_beside,
};
use serde_json::Value;
use server::Sealer;

#[tokio::test]
async fn nothing_is_served_before_signing_in() {
    let server = server(None);
    for uri in [
        "/api/keystatic/v1/config",
        "/api/keystatic/v1/tree",
        "/api/keystatic/v1/summary",
        "/api/keystatic/v1/collections/posts/entries",
        "/api/keystatic/v1/branches",
        "/api/keystatic/tree",
    ] {
        let answer = server.send("GET", uri, true).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{uri}");
        assert!(
            answer.body.contains("unauthorized"),
            "{uri}: {}",
            answer.body
        );
    }
}

#[tokio::test]
async fn signing_in_leaves_tokens_only_in_sealed_http_only_cookies() {
    let server = server(None);
    let login = server
        .send(
            "GET",
            "/api/keystatic/github/login?from=branch/main/collection/posts",
            false,
        )
        .await;
    assert_eq!(login.status, StatusCode::TEMPORARY_REDIRECT);
    let to = location(&login);
    assert!(
        to.starts_with("https://github.example/authorize?redirect_uri=http://127.0.0.1:8788/api/keystatic/github/oauth/callback&state="),
        "{to}"
    );
    // The state is bound to this browser by an httpOnly cookie.
    let cookies = set_cookies(&login);
    assert_eq!(cookies.len(), 1);
    assert!(cookies[0].starts_with("ks-") && cookies[0].contains("HttpOnly"));

    let state = to.split("state=").nth(1).unwrap();
    let back = server
        .send(
            "GET",
            &format!("/api/keystatic/github/oauth/callback?code=good-code&state={state}"),
            false,
        )
        .await;
    assert_eq!(back.status, StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(location(&back), "/keystatic/branch/main/collection/posts");
    let cookies = set_cookies(&back);
    for cookie in &cookies {
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
            "{cookie}"
        );
        assert!(
            !cookie.contains("Secure"),
            "plain http on loopback: {cookie}"
        );
        assert!(
            !cookie.contains("SECRET"),
            "no token in the clear: {cookie}"
        );
    }
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("keystatic-gh-access-token=") && c.contains("Max-Age=28800"))
    );
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("keystatic-gh-refresh-token="))
    );
    assert!(!back.body.contains("SECRET"));

    // Now every route acts as the person signed in, and says who that is.
    let config = server.send("GET", "/api/keystatic/v1/config", true).await;
    assert_eq!(config.status, StatusCode::OK, "{}", config.body);
    let config: Value = serde_json::from_str(&config.body).unwrap();
    assert_eq!(config["user"]["login"], "octo");
    assert_eq!(config["user"]["name"], "Octo Cat");
    assert_eq!(config["config"]["storage"]["kind"], "github");
    assert_eq!(config["config"]["storage"]["repo"]["owner"], "acme");
    assert!(!config.to_string().contains("SECRET"));
    let tree = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(tree.status, StatusCode::OK);
    assert!(tree.body.contains("posts/hello.yaml"));
}

#[tokio::test]
async fn a_state_this_browser_did_not_leave_with_signs_nobody_in() {
    let server = server(None);
    let missing = server
        .send(
            "GET",
            "/api/keystatic/github/oauth/callback?code=good-code",
            false,
        )
        .await;
    assert_eq!(
        (missing.status, missing.body.as_str()),
        (StatusCode::BAD_REQUEST, "Missing code or state")
    );
    // Another browser's state (no cookie for it here).
    let forged = server
        .send(
            "GET",
            "/api/keystatic/github/oauth/callback?code=good-code&state=00112233445566778899",
            false,
        )
        .await;
    assert_eq!(
        (forged.status, forged.body.as_str()),
        (StatusCode::BAD_REQUEST, "Invalid state")
    );
    assert!(set_cookies(&forged).is_empty());
    assert_eq!(
        *server.provider.issued.lock().unwrap(),
        0,
        "no code was exchanged"
    );
    // A code GitHub refuses.
    let refused = server.sign_in("used-code", "").await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(
        refused
            .body
            .contains("The code passed is incorrect or expired.")
    );
    let api = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(api.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn back_from_installing_the_app_the_window_tells_the_admin_and_signs_nobody_in() {
    let server = server(None);
    let back = server
        .send(
            "GET",
            "/api/keystatic/github/oauth/callback?code=good-code&installation_id=1&setup_action=install&state=close",
            false,
        )
        .await;
    assert_eq!(back.status, StatusCode::OK);
    assert!(set_cookies(&back).is_empty());
    assert_eq!(
        *server.provider.issued.lock().unwrap(),
        0,
        "no code was exchanged"
    );
    let script = "localStorage.setItem('ks-refetch-installations', 'true'); window.close();";
    assert!(
        back.body.contains(&format!("<script>{script}</script>")),
        "{}",
        back.body
    );
    // The page runs that script and nothing else.
    let policy = back.headers["content-security-policy"].to_str().unwrap();
    use base64::Engine;
    use sha2::Digest;
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script));
    assert!(
        policy.starts_with(&format!("default-src 'none'; script-src 'sha256-{hash}'")),
        "{policy}"
    );
}

#[tokio::test]
async fn the_way_to_the_repository_problem_page_renews_the_sign_in_first() {
    let server = server(None);
    // Without a sign-in it is the way in.
    let first = server
        .send(
            "GET",
            "/api/keystatic/github/repo-not-found?from=branch/main",
            false,
        )
        .await;
    assert_eq!(first.status, StatusCode::TEMPORARY_REDIRECT);
    assert!(location(&first).starts_with("https://github.example/authorize?"));
    server.sign_in("good-code", "").await;
    let back = server
        .send("GET", "/api/keystatic/github/repo-not-found", false)
        .await;
    assert_eq!(back.status, StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(location(&back), "/keystatic/repo-not-found");
    assert_eq!(*server.provider.issued.lock().unwrap(), 2, "renewed once");
    assert!(
        set_cookies(&back)
            .iter()
            .any(|c| c.starts_with("keystatic-gh-access-token="))
    );
    // A refresh token GitHub no longer takes: the way in again.
    server.provider.refresh.lock().unwrap().clear();
    let again = server
        .send("GET", "/api/keystatic/github/repo-not-found", false)
        .await;
    assert!(location(&again).starts_with("https://github.example/authorize?"));
}

#[tokio::test]
async fn only_a_branchs_screens_are_returned_to() {
    let server = server(None);
    let back = server.sign_in("good-code", "https://evil.example").await;
    assert_eq!(location(&back), "/keystatic");
}

#[tokio::test]
async fn a_forged_or_moved_cookie_is_nobody() {
    let server = server(None);
    server.sign_in("good-code", "").await;
    let sealed = server.jar.lock().unwrap()["keystatic-gh-access-token"].clone();
    // The refresh token's value in the access token's place, or a made-up value, opens nothing
    // (and without a refresh cookie, nothing renews it).
    let refresh = server
        .jar
        .lock()
        .unwrap()
        .remove("keystatic-gh-refresh-token")
        .unwrap();
    for value in [refresh, "ghu_SECRET1".to_string(), format!("{sealed}x")] {
        server
            .jar
            .lock()
            .unwrap()
            .insert("keystatic-gh-access-token".into(), value);
        let answer = server.send("GET", "/api/keystatic/v1/tree", true).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn a_token_github_no_longer_takes_is_renewed_when_the_admin_asks() {
    let server = server(None);
    server.sign_in("good-code", "").await;
    // GitHub stopped taking the access token before its cookie ran out.
    server.provider.access.lock().unwrap().clear();
    assert_eq!(
        server
            .send("GET", "/api/keystatic/v1/tree", true)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let renewed = server
        .send("POST", "/api/keystatic/github/refresh-token", true)
        .await;
    assert_eq!(renewed.status, StatusCode::OK);
    assert!(!renewed.body.contains("SECRET"));
    assert_eq!(
        server
            .send("GET", "/api/keystatic/v1/tree", true)
            .await
            .status,
        StatusCode::OK
    );
    // A refresh token GitHub refuses signs out: both cookies are cleared.
    let sealer = Sealer::new(SECRET).unwrap();
    server.jar.lock().unwrap().insert(
        "keystatic-gh-refresh-token".into(),
        sealer.seal("keystatic-gh-refresh-token", "ghr_unknown"),
    );
    let again = server
        .send("POST", "/api/keystatic/github/refresh-token", true)
        .await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    assert!(
        server.jar.lock().unwrap().is_empty(),
        "both cookies cleared"
    );
    // Renewing needs the admin's header: a cross-site form cannot.
    let bare = server
        .send("POST", "/api/keystatic/github/refresh-token", false)
        .await;
    assert_eq!(bare.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn logging_out_revokes_the_token_and_forgets_it() {
    let server = server(None);
    server.sign_in("good-code", "").await;
    let link = server
        .send("GET", "/api/keystatic/github/logout", false)
        .await;
    assert!(
        link.status.is_client_error(),
        "a link signs no one out: {}",
        link.status
    );
    assert!(server.provider.revoked.lock().unwrap().is_empty());
    let out = server
        .send("POST", "/api/keystatic/github/logout", true)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(*server.provider.revoked.lock().unwrap(), ["ghu_SECRET1"]);
    assert!(server.jar.lock().unwrap().is_empty());
    assert_eq!(
        server
            .send("GET", "/api/keystatic/v1/tree", true)
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn behind_https_the_cookies_are_secure_and_github_returns_to_the_public_url() {
    let server = server(Some("https://cms.example.com/"));
    let login = server
        .send("GET", "/api/keystatic/github/login", false)
        .await;
    assert!(
        location(&login)
            .contains("redirect_uri=https://cms.example.com/api/keystatic/github/oauth/callback&")
    );
    // `__Host-` cookies: this host's alone, which a sibling subdomain can neither set nor replace.
    let host_only = |cookie: &String| {
        cookie.starts_with("__Host-")
            && cookie.ends_with("; Secure")
            && cookie.contains("; Path=/;")
            && !cookie.contains("Domain")
    };
    assert!(
        set_cookies(&login).iter().all(host_only),
        "{:?}",
        set_cookies(&login)
    );
    let back = server.sign_in("good-code", "").await;
    let cookies = set_cookies(&back);
    assert!(cookies.iter().all(host_only), "{cookies:?}");
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("__Host-keystatic-gh-access-token="))
    );
    let tree = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(tree.status, StatusCode::OK, "the cookies are read back");
    // A cookie without the prefix (planted by a sibling subdomain) opens nothing.
    let planted = server
        .jar
        .lock()
        .unwrap()
        .remove("__Host-keystatic-gh-access-token")
        .expect("the access cookie");
    server.jar.lock().unwrap().clear();
    server
        .jar
        .lock()
        .unwrap()
        .insert("keystatic-gh-access-token".into(), planted);
    let tree = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(tree.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_old_refresh_cookie_gets_nothing_once_its_renewal_is_past() {
    let server = server(None);
    server.sign_in("good-code", "").await;
    let old = server
        .jar
        .lock()
        .unwrap()
        .get("keystatic-gh-refresh-token")
        .cloned()
        .expect("a refresh cookie");
    server
        .jar
        .lock()
        .unwrap()
        .remove("keystatic-gh-access-token");
    let renewed = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(renewed.status, StatusCode::OK);
    assert_eq!(*server.provider.issued.lock().unwrap(), 2);
    // A copy of the cookie from before the renewal, presented after it settled.
    tokio::time::sleep(std::time::Duration::from_millis(5500)).await;
    {
        let mut jar = server.jar.lock().unwrap();
        jar.clear();
        jar.insert("keystatic-gh-refresh-token".into(), old);
    }
    let replayed = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(replayed.status, StatusCode::UNAUTHORIZED);
    assert!(
        !server
            .jar
            .lock()
            .unwrap()
            .contains_key("keystatic-gh-access-token"),
        "no new tokens for an old cookie"
    );
    assert_eq!(*server.provider.issued.lock().unwrap(), 2);
}

#[tokio::test]
async fn only_the_people_allow_names_get_in() {
    // octo is signed in by the provider; neither named nor in the team.
    let server = allowing(
        None,
        &["hubot", "acme/editors"],
        HashMap::from([("acme/editors".to_string(), vec!["mona".to_string()])]),
    );
    server.sign_in("good-code", "").await;
    for uri in ["/api/keystatic/v1/config", "/api/keystatic/v1/tree"] {
        let answer = server.send("GET", uri, true).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{uri}");
        let body: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(body["code"], "not_allowed");
        assert_eq!(
            body["message"],
            "octo may not use this admin; ask its owners to add you to storage.allow in quire.yaml"
        );
    }
    // By login, or as a member of a team named.
    for (allow, teams) in [
        (vec!["OCTO"], HashMap::new()),
        (
            vec!["acme/editors"],
            HashMap::from([("acme/editors".to_string(), vec!["octo".to_string()])]),
        ),
    ] {
        let server = allowing(None, &allow, teams);
        server.sign_in("good-code", "").await;
        let answer = server.send("GET", "/api/keystatic/v1/tree", true).await;
        assert_eq!(answer.status, StatusCode::OK, "{allow:?}");
    }
}

#[tokio::test]
async fn a_call_after_the_access_cookie_ran_out_is_renewed_on_the_server_once() {
    let server = server(None);
    server.sign_in("good-code", "").await;
    // The browser dropped the access cookie when its Max-Age passed.
    server
        .jar
        .lock()
        .unwrap()
        .remove("keystatic-gh-access-token");
    let (first, second) = tokio::join!(
        server.send("GET", "/api/keystatic/v1/tree", true),
        server.send("GET", "/api/keystatic/v1/summary", true),
    );
    assert_eq!(
        (first.status, second.status),
        (StatusCode::OK, StatusCode::OK)
    );
    // Both calls came with the same refresh token; GitHub was asked once.
    assert_eq!(
        *server.provider.issued.lock().unwrap(),
        2,
        "the sign-in and one renewal"
    );
    let cookies = set_cookies(&first);
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("keystatic-gh-access-token="))
    );
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("keystatic-gh-refresh-token="))
    );
    assert!(cookies.iter().all(|c| !c.contains("SECRET")));
    // A cookie of the same name the server cannot open (another admin on this host) does not
    // hide the renewed one.
    let server2 = server_with_foreign_cookie().await;
    let answer = server2.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(answer.status, StatusCode::OK);
    // The jar now holds the renewed cookies: the next call needs no renewal.
    let third = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(third.status, StatusCode::OK);
    assert!(set_cookies(&third).is_empty());
    assert_eq!(*server.provider.issued.lock().unwrap(), 2);
}

#[tokio::test]
async fn a_team_github_will_not_tell_about_neither_blocks_logins_nor_fails_the_server() {
    let server = allowing(None, &["unreadable/editors", "octo"], HashMap::new());
    server.sign_in("good-code", "").await;
    let answer = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(answer.status, StatusCode::OK, "listed by login");
    let server = allowing(None, &["unreadable/editors"], HashMap::new());
    server.sign_in("good-code", "").await;
    let answer = server.send("GET", "/api/keystatic/v1/tree", true).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert!(answer.body.contains("not_allowed"));
}

#[tokio::test]
async fn a_site_without_a_cloud_says_so_where_a_clouds_routes_would_be() {
    let server = server(None);
    let callback = server
        .send(
            "GET",
            "/keystatic/cloud/oauth/callback?code=a&state=b",
            false,
        )
        .await;
    assert_eq!(callback.status, StatusCode::BAD_REQUEST);
    assert_eq!(callback.body, "Missing Keystatic Cloud config");
    let login = server.send("GET", "/api/keystatic/cloud/login", true).await;
    assert_eq!(login.status, StatusCode::NOT_FOUND);
    assert!(login.body.contains("Not a cloud config"), "{}", login.body);
}

#[tokio::test]
async fn images_go_to_a_cloud_only_from_someone_signed_in_to_one() {
    let server = server(None);
    server.sign_in("good-code", "").await;
    let upload = "/api/keystatic/v1/cloud/image?name=a.png";
    // An image's bytes go as they are; any other body is refused at the door.
    let json = server.send("POST", upload, true).await;
    assert_eq!(json.status, StatusCode::BAD_REQUEST, "{}", json.body);
    let png = b"\x89PNG\r\n\x1a\n".to_vec();
    let sent = server
        .send_body("POST", upload, Some("application/octet-stream"), png)
        .await;
    assert_eq!(sent.status, StatusCode::UNAUTHORIZED, "{}", sent.body);
    let body: Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(body["message"], "You must be signed in to upload images");
    let library = server
        .send("GET", "/api/keystatic/v1/cloud/images?q=a", true)
        .await;
    assert_eq!(library.status, StatusCode::UNAUTHORIZED, "{}", library.body);
}

#[tokio::test]
async fn beside_github_a_person_signs_in_to_the_cloud_for_its_images_and_logging_out_ends_both() {
    let (server, cloud) = with_cloud_beside();
    server.sign_in("good-code", "").await;
    let upload = "/api/keystatic/v1/cloud/image?name=a.png";
    let png = || b"\x89PNG\r\n\x1a\n".to_vec();
    let refused = server
        .send_body("POST", upload, Some("application/octet-stream"), png())
        .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.body);
    let config = server.send("GET", "/api/keystatic/v1/config", true).await;
    let config: Value = serde_json::from_str(&config.body).unwrap();
    assert_eq!(
        config["cloud"],
        Value::Null,
        "not signed in to the cloud yet"
    );

    // The cloud's own routes, beside GitHub's, with its callback at the spec's address.
    let login = server
        .send(
            "GET",
            "/api/keystatic/cloud/login?from=branch/main/singleton/settings",
            false,
        )
        .await;
    assert_eq!(
        login.status,
        StatusCode::TEMPORARY_REDIRECT,
        "{}",
        login.body
    );
    let to = location(&login);
    assert!(
        to.starts_with("https://cloud.example/oauth/authorize?redirect_uri=http://127.0.0.1:8788/keystatic/cloud/oauth/callback&state="),
        "{to}"
    );
    let state = to.split("state=").nth(1).unwrap();
    let back = server
        .send(
            "GET",
            &format!("/keystatic/cloud/oauth/callback?code=cloud-code&state={state}"),
            false,
        )
        .await;
    assert_eq!(back.status, StatusCode::TEMPORARY_REDIRECT, "{}", back.body);
    assert_eq!(location(&back), "/keystatic/branch/main/singleton/settings");
    let cookies = set_cookies(&back);
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("quire-cloud-access-token=") && c.contains("HttpOnly")),
        "{cookies:?}"
    );
    assert!(
        !cookies.iter().any(|c| c.starts_with("keystatic-gh-")),
        "GitHub's sign-in is left alone: {cookies:?}"
    );

    // GitHub still says who the person is and what they may write; the cloud adds its images.
    let config = server.send("GET", "/api/keystatic/v1/config", true).await;
    let config: Value = serde_json::from_str(&config.body).unwrap();
    assert_eq!(config["user"]["login"], "octo");
    assert_eq!(config["cloud"]["project"], "acme/blog");
    assert_eq!(config["cloud"]["readOnly"], false);
    assert_eq!(config["cloud"]["canUpload"], true);
    let sent = server
        .send_body("POST", upload, Some("application/octet-stream"), png())
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert_eq!(
        *cloud.uploads.lock().unwrap(),
        [("cloud_SECRET1".to_string(), "a.png".to_string())],
        "sent with the cloud's token, never GitHub's"
    );

    let out = server
        .send("POST", "/api/keystatic/github/logout", true)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(*cloud.revoked.lock().unwrap(), ["cloud_SECRET1"]);
    assert!(!server.provider.revoked.lock().unwrap().is_empty());
    assert!(
        server.jar.lock().unwrap().is_empty(),
        "every cookie cleared: {:?}",
        server.jar.lock().unwrap()
    );
}

#[tokio::test]
async fn logging_out_of_the_cloud_beside_github_keeps_the_github_sign_in() {
    let (server, cloud) = with_cloud_beside();
    server.sign_in("good-code", "").await;
    let login = server
        .send("GET", "/api/keystatic/cloud/login", false)
        .await;
    let to = location(&login);
    let state = to.split("state=").nth(1).unwrap();
    server
        .send(
            "GET",
            &format!("/keystatic/cloud/oauth/callback?code=cloud-code&state={state}"),
            false,
        )
        .await;
    let out = server
        .send("POST", "/api/keystatic/cloud/logout", true)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(*cloud.revoked.lock().unwrap(), ["cloud_SECRET1"]);
    assert!(server.provider.revoked.lock().unwrap().is_empty());
    let config = server.send("GET", "/api/keystatic/v1/config", true).await;
    let config: Value = serde_json::from_str(&config.body).unwrap();
    assert_eq!(config["user"]["login"], "octo");
    assert_eq!(config["cloud"], Value::Null);
}
