//! The cloud's sign-in as a site's admin uses it, through the real router: the first owner from
//! the set-up link, password sign-in with its limits, and OAuth 2 with PKCE (`/oauth/authorize`,
//! `/oauth/token`, `/oauth/revoke`, `/v1/info`). Every scenario runs on SQLite, and again on
//! PostgreSQL, where two instances also share one database.

#[macro_use]
mod harness;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use harness::oauth::{CALLBACK, VERIFIER, authorize_query, code, exchange, query_json, token};
use harness::{ADMIN, Harness, PASSWORD, Postgres};
use serde_json::json;

async fn the_spec_s_sign_in_gives_a_token_for_the_project(h: &Harness) {
    let cookie = h.set_up().await;
    let query = authorize_query("acme/site", CALLBACK, "S256");
    let signed_out = h.get(&format!("/oauth/authorize?{query}"), None).await;
    assert_eq!(signed_out.status, 303);
    assert!(
        signed_out
            .location()
            .starts_with("/sign-in?client_id=acme%2Fsite"),
        "{}",
        signed_out.location()
    );
    let signed_in = h
        .get(&format!("/oauth/authorize?{query}"), Some(&cookie))
        .await;
    assert!(
        signed_in.location().starts_with("/authorize?"),
        "{}",
        signed_in.location()
    );
    let consent = h
        .get(&format!("/api/authorize?{query}"), Some(&cookie))
        .await;
    assert_eq!(consent.json()["origin"], ADMIN);
    assert_eq!(consent.json()["project"]["name"], "Site");
    assert_eq!(consent.json()["member"], true);

    let code = code(h, &cookie, "acme/site").await;
    let answer = exchange(h, &code, "acme/site", VERIFIER).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.headers["cache-control"], "no-store");
    let body = answer.json();
    assert_eq!(body["token_type"], "bearer");
    assert_eq!(body["expires_in"], cloud::oauth::TOKEN_LIFETIME_SECS);
    let token = body["access_token"].as_str().unwrap();
    assert_eq!(
        URL_SAFE_NO_PAD.decode(token).unwrap().len(),
        32,
        "256 random bits"
    );

    let info = h.bearer("/v1/info", token).await;
    assert_eq!(info.status, 200, "{}", info.body);
    let info = info.json();
    assert_eq!(info["user"]["name"], "Olive Owner");
    assert_eq!(info["user"]["email"], "owner@example.com");
    assert_eq!(
        info["project"],
        json!({ "name": "Site", "repository": null })
    );
    assert_eq!(
        info["team"],
        json!({ "name": "Acme", "slug": "acme", "images": false, "multiplayer": false })
    );

    // The code is spent.
    let again = exchange(h, &code, "acme/site", VERIFIER).await;
    assert_eq!(
        (again.status.as_u16(), again.json()["error"].clone()),
        (400, json!("invalid_grant"))
    );
}

async fn a_person_s_picture_reaches_the_admin_by_its_whole_address(h: &Harness) {
    let owner = h.set_up().await;
    let set = h.upload_avatar(&owner, harness::picture(32, 32)).await;
    let path = set.json()["user"]["avatarUrl"]
        .as_str()
        .unwrap()
        .to_string();
    let token = token(h, &owner).await;
    let info = h.bearer("/v1/info", &token).await.json();
    assert_eq!(
        info["user"]["avatarUrl"],
        format!("{}{path}", harness::ORIGIN)
    );
}

async fn deleting_a_team_ends_the_sign_ins_to_its_projects(h: &Harness) {
    let owner = h.set_up().await;
    let token = token(h, &owner).await;
    assert_eq!(h.bearer("/v1/info", &token).await.status, 200);
    let deleted = h
        .api("DELETE", "/api/teams/acme", Some(&owner), json!(null))
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(h.bearer("/v1/info", &token).await.status, 401);
    assert_eq!(h.get("/api/teams/acme", Some(&owner)).await.status, 404);
    let mine = h.get("/api/teams", Some(&owner)).await.json();
    assert_eq!(mine["teams"], json!([]));
    let still = h.get("/api/session", Some(&owner)).await;
    assert_eq!(still.status, 200, "the owner keeps their account");
}

async fn a_code_needs_its_verifier_client_and_redirect_and_lives_a_minute(h: &Harness) {
    let cookie = h.set_up().await;
    let wrong_verifier = exchange(
        h,
        &code(h, &cookie, "acme/site").await,
        "acme/site",
        "another-verifier-of-enough-length-000000000",
    )
    .await;
    assert_eq!(wrong_verifier.json()["error"], "invalid_grant");
    assert!(
        wrong_verifier.json()["error_description"]
            .as_str()
            .unwrap()
            .contains("code_verifier")
    );

    cloud::admin::create_project(h.db(), "acme/other", "Other", &[ADMIN.to_string()])
        .await
        .unwrap();
    let other_client = exchange(
        h,
        &code(h, &cookie, "acme/site").await,
        "acme/other",
        VERIFIER,
    )
    .await;
    assert_eq!(other_client.json()["error"], "invalid_grant");

    let code_now = code(h, &cookie, "acme/site").await;
    let other_redirect = h
        .form(
            "/oauth/token",
            &[
                ("code", &code_now),
                ("client_id", "acme/site"),
                (
                    "redirect_uri",
                    "http://127.0.0.1:8788/keystatic/cloud/oauth/callback?x=1",
                ),
                ("code_verifier", VERIFIER),
                ("grant_type", "authorization_code"),
            ],
        )
        .await;
    assert_eq!(other_redirect.json()["error"], "invalid_grant");

    let expiring = code(h, &cookie, "acme/site").await;
    h.sql("UPDATE oauth_codes SET expires_at = 0").await;
    let expired = exchange(h, &expiring, "acme/site", VERIFIER).await;
    assert_eq!(expired.json()["error"], "invalid_grant");
    assert!(
        expired.json()["error_description"]
            .as_str()
            .unwrap()
            .contains("expired")
    );

    let missing = h
        .form("/oauth/token", &[("grant_type", "authorization_code")])
        .await;
    assert_eq!(missing.json()["error"], "invalid_request");
    let other_grant = h.form("/oauth/token", &[("grant_type", "password")]).await;
    assert_eq!(other_grant.json()["error"], "unsupported_grant_type");
}

async fn requests_that_name_no_allowed_redirect_get_an_error_page_never_a_redirect(h: &Harness) {
    let cookie = h.set_up().await;
    for (query, says) in [
        (
            authorize_query(
                "acme/site",
                "https://evil.example/keystatic/cloud/oauth/callback",
                "S256",
            ),
            "https://evil.example is not allowed to sign in to acme/site",
        ),
        (
            authorize_query("acme/site", "http://127.0.0.1:8788/elsewhere", "S256"),
            "must be an admin&#39;s /keystatic/cloud/oauth/callback",
        ),
        (
            authorize_query("acme/site", CALLBACK, "plain"),
            "plain is not accepted",
        ),
        (
            authorize_query("acme/nope", CALLBACK, "S256"),
            "There is no project acme/nope",
        ),
        ("client_id=acme%2Fsite".to_string(), "names no redirect_uri"),
    ] {
        for with in [None, Some(cookie.as_str())] {
            let answer = h.get(&format!("/oauth/authorize?{query}"), with).await;
            assert_eq!(answer.status, 400, "{query}");
            assert!(
                !answer.headers.contains_key("location"),
                "{query} is not redirected"
            );
            assert!(answer.body.contains(says), "{query}: {}", answer.body);
        }
    }
    let refused = h
        .api(
            "POST",
            "/api/authorize",
            Some(&cookie),
            query_json(
                "acme/site",
                "https://evil.example/keystatic/cloud/oauth/callback",
            ),
        )
        .await;
    assert_eq!(refused.status, 400);
}

async fn a_token_is_for_its_project_only_until_it_is_revoked_or_expires(h: &Harness) {
    let cookie = h.set_up().await;
    let token = token(h, &cookie).await;
    assert_eq!(h.bearer("/v1/info", &token).await.status, 200);
    assert_eq!(h.bearer("/v1/info", "not-a-token").await.status, 401);
    assert_eq!(h.get("/v1/info", None).await.status, 401);

    let revoked = h.form("/oauth/revoke", &[("token", &token)]).await;
    assert_eq!(revoked.status, 200);
    assert_eq!(h.bearer("/v1/info", &token).await.status, 401);
    assert_eq!(
        h.form("/oauth/revoke", &[("token", "never-one")])
            .await
            .status,
        200,
        "RFC 7009"
    );

    let expiring = crate::token(h, &cookie).await;
    h.sql("UPDATE access_tokens SET expires_at = 0").await;
    assert_eq!(h.bearer("/v1/info", &expiring).await.status, 401);
}

async fn only_members_of_the_team_may_authorize(h: &Harness) {
    h.set_up().await;
    cloud::admin::create_user(h.db(), "stranger@example.com", "Stan Stranger", PASSWORD)
        .await
        .unwrap();
    let signed_in = h
        .api(
            "POST",
            "/api/session",
            None,
            json!({ "email": "stranger@example.com", "password": PASSWORD }),
        )
        .await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    let cookie = signed_in.cookie();
    let consent = h
        .get(
            &format!(
                "/api/authorize?{}",
                authorize_query("acme/site", CALLBACK, "S256")
            ),
            Some(&cookie),
        )
        .await;
    assert_eq!(consent.json()["member"], false);
    let refused = h
        .api(
            "POST",
            "/api/authorize",
            Some(&cookie),
            query_json("acme/site", CALLBACK),
        )
        .await;
    assert_eq!(refused.status, 403);
    assert!(
        refused.json()["message"]
            .as_str()
            .unwrap()
            .contains("not a member of the team Acme")
    );

    cloud::admin::add_member(h.db(), "acme", "stranger@example.com", "viewer")
        .await
        .unwrap();
    let viewer_token = token(h, &cookie).await;
    assert_eq!(
        h.bearer("/v1/info", &viewer_token).await.json()["role"],
        "viewer"
    );
    // Leaving the team ends the sign-in.
    h.sql("DELETE FROM members WHERE role = 'viewer'").await;
    assert_eq!(h.bearer("/v1/info", &viewer_token).await.status, 401);
}

async fn the_set_up_link_makes_one_owner_once(h: &Harness) {
    let first = cloud::setup::link(h.db()).await.unwrap().unwrap();
    let second = cloud::setup::link(h.db()).await.unwrap().unwrap();
    let form = |token: &str, email: &str| {
        json!({
            "token": token, "email": email, "name": "Owner", "password": PASSWORD, "teamSlug": "acme", "teamName": "Acme",
        })
    };
    let weak = h.api("POST", "/api/setup", None, json!({
        "token": first, "email": "a@example.com", "name": "A", "password": "short", "teamSlug": "acme", "teamName": "Acme",
    })).await;
    assert_eq!(weak.status, 400);
    assert_eq!(weak.json()["message"], "Use at least 10 characters.");
    let made = h
        .api("POST", "/api/setup", None, form(&first, "a@example.com"))
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    for token in [first.as_str(), second.as_str(), "made-up"] {
        let again = h
            .api("POST", "/api/setup", None, form(token, "b@example.com"))
            .await;
        assert_eq!(again.status, 403, "{token}");
    }
    assert_eq!(
        cloud::setup::link(h.db()).await.unwrap(),
        None,
        "no link once an account exists"
    );
    let foreign = h
        .send(
            axum::http::Request::post("/api/session")
                .header("origin", "https://evil.example")
                .header("content-type", "application/json")
                .body(axum::body::Body::from(
                    json!({ "email": "a@example.com", "password": PASSWORD }).to_string(),
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(foreign.status, 403, "another site cannot sign people in");
}

async fn sign_in_is_limited_per_account(h: &Harness) {
    h.set_up().await;
    for _ in 0..cloud::attempts::PER_ACCOUNT {
        let wrong = h
            .api(
                "POST",
                "/api/session",
                None,
                json!({ "email": "owner@example.com", "password": "wrong password!" }),
            )
            .await;
        assert_eq!(wrong.status, 403);
        assert_eq!(
            wrong.json()["message"],
            "The email or the password is not right."
        );
    }
    let limited = h
        .api(
            "POST",
            "/api/session",
            None,
            json!({ "email": "owner@example.com", "password": PASSWORD }),
        )
        .await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert!(
        limited.json()["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many attempts.")
    );
    let session = h.get("/api/session", None).await;
    assert_eq!(session.status, 401);
}

async fn signing_out_everywhere_ends_every_session_and_token(h: &Harness) {
    let cookie = h.set_up().await;
    let token = token(h, &cookie).await;
    let other = h
        .api(
            "POST",
            "/api/session",
            None,
            json!({ "email": "owner@example.com", "password": PASSWORD }),
        )
        .await
        .cookie();
    assert_eq!(h.get("/api/session", Some(&other)).await.status, 200);
    let ended = h
        .api("DELETE", "/api/sessions", Some(&cookie), json!({}))
        .await;
    assert_eq!(ended.status, 204);
    assert_eq!(h.get("/api/session", Some(&other)).await.status, 401);
    assert_eq!(h.get("/api/session", Some(&cookie)).await.status, 401);
    assert_eq!(h.bearer("/v1/info", &token).await.status, 401);
}

mod sqlite_and_postgresql {
    use super::*;
    on_both_databases!(
        the_spec_s_sign_in_gives_a_token_for_the_project,
        a_code_needs_its_verifier_client_and_redirect_and_lives_a_minute,
        requests_that_name_no_allowed_redirect_get_an_error_page_never_a_redirect,
        a_token_is_for_its_project_only_until_it_is_revoked_or_expires,
        only_members_of_the_team_may_authorize,
        the_set_up_link_makes_one_owner_once,
        sign_in_is_limited_per_account,
        signing_out_everywhere_ends_every_session_and_token,
        a_person_s_picture_reaches_the_admin_by_its_whole_address,
        deleting_a_team_ends_the_sign_ins_to_its_projects,
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn two_instances_on_one_postgresql_share_sessions_and_tokens_and_migrate_once() {
    let server = Postgres::start();
    let url = server.database("shared").await;
    // Both start at once: the migration runs once, under PostgreSQL's lock.
    let (a, b) = tokio::join!(Harness::open(url.clone(), None), Harness::open(url, None));
    let cookie = a.set_up().await;
    assert_eq!(
        b.get("/api/session", Some(&cookie)).await.status,
        200,
        "b knows a's session"
    );
    let code = code(&a, &cookie, "acme/site").await;
    let answer = exchange(&b, &code, "acme/site", VERIFIER).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let token = answer.json()["access_token"].as_str().unwrap().to_string();
    assert_eq!(a.bearer("/v1/info", &token).await.status, 200);
    assert_eq!(
        b.form("/oauth/revoke", &[("token", &token)]).await.status,
        200
    );
    assert_eq!(
        a.bearer("/v1/info", &token).await.status,
        401,
        "revoked on b, refused on a"
    );
}

#[tokio::test]
async fn the_cloud_s_pages_run_only_their_own_scripts_and_send_no_referrer() {
    let h = Harness::sqlite().await;
    let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/dist/cloud.html")
        .exists();
    for path in [
        "/sign-in",
        "/setup",
        "/teams/acme",
        "/authorize?client_id=x",
    ] {
        let page = h.get(path, None).await;
        assert_eq!(page.headers["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(page.headers["x-frame-options"], "DENY", "{path}");
        if built {
            assert_eq!(page.status, 200, "{path}");
            let policy = page.headers["content-security-policy"].to_str().unwrap();
            assert!(policy.contains("script-src 'self'"), "{policy}");
            let nonce = policy
                .split("'nonce-")
                .nth(1)
                .unwrap()
                .split('\'')
                .next()
                .unwrap();
            assert!(
                page.body.contains(&format!("nonce=\"{nonce}\"")),
                "the page carries its nonce"
            );
        } else {
            assert_eq!(page.status, 503, "{path}: says the pages are not built");
        }
    }
    let api = h.get("/api/session", None).await;
    assert_eq!(api.headers["cache-control"], "no-store");
}
