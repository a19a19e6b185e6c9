//! The web application flow: the authorize page's redirect, the code and refresh-token exchanges
//! with GitHub's error answers, PKCE, token lifetimes and expiry, and revoking a token.

use std::time::Duration;

use serde_json::{Value, json};
use test_support::github_standin::Permission;

use crate::{CLIENT_ID, CLIENT_SECRET, Hub, read_json};

/// The `Location` of the authorize page's answer for these query parameters.
fn authorize(hub: &Hub, query: &str) -> (u16, Option<String>) {
    let answer = hub
        .agent
        .get(format!(
            "{}/login/oauth/authorize?{query}",
            hub.standin.url()
        ))
        .call()
        .expect("an answer");
    let location = answer
        .headers()
        .get("location")
        .map(|l| l.to_str().expect("text").to_string());
    (answer.status().as_u16(), location)
}

/// The code the authorize page hands to `http://app.test/callback`.
fn code(hub: &Hub) -> String {
    let query = format!("client_id={CLIENT_ID}&redirect_uri=http%3A%2F%2Fapp.test%2Fcallback");
    let (_, location) = authorize(hub, &query);
    let location = url::Url::parse(&location.expect("a Location")).expect("a URL");
    let (_, code) = location
        .query_pairs()
        .find(|(key, _)| key == "code")
        .expect("a code");
    code.into_owned()
}

/// Posts the exchange form, asking for JSON.
fn exchange(hub: &Hub, form: &[(&str, &str)]) -> Value {
    let answer = hub
        .agent
        .post(format!("{}/login/oauth/access_token", hub.standin.url()))
        .header("Accept", "application/json")
        .send_form(form.iter().copied())
        .expect("an answer");
    let (status, body) = read_json(answer);
    assert_eq!(
        status, 200,
        "GitHub answers the exchange 200 even when it refuses"
    );
    body
}

fn exchange_code(hub: &Hub, code: &str) -> Value {
    exchange(
        hub,
        &[
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
            ("code", code),
        ],
    )
}

fn refresh(hub: &Hub, refresh_token: &str) -> Value {
    exchange(
        hub,
        &[
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
        ],
    )
}

fn login_of(hub: &Hub, token: &str) -> (u16, Value) {
    hub.get_json("/user", token)
}

#[test]
fn authorize_redirects_back_with_a_code_and_the_state() {
    let hub = Hub::site();
    let query = format!(
        "client_id={CLIENT_ID}&redirect_uri=http%3A%2F%2Fapp.test%2Fcallback&state=s%20t&scope="
    );
    let (status, location) = authorize(&hub, &query);
    assert_eq!(status, 302);
    let location = location.expect("a Location");
    let url = url::Url::parse(&location).expect("a URL");
    assert_eq!(
        &location[..location.find('?').expect("a query")],
        "http://app.test/callback"
    );
    let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    assert_eq!(pairs.len(), 2, "{location}");
    assert_eq!(pairs[0].0, "code");
    assert!(pairs[0].1.len() >= 20, "{location}");
    assert_eq!(pairs[1], ("state".to_string(), "s t".to_string()));
}

#[test]
fn authorize_keeps_the_redirect_uris_query_and_leaves_out_a_missing_state() {
    let hub = Hub::site();
    let query = format!("client_id={CLIENT_ID}&redirect_uri=http%3A%2F%2Fapp.test%2Fcb%3Fnext%3D1");
    let (status, location) = authorize(&hub, &query);
    assert_eq!(status, 302);
    let location = location.expect("a Location");
    assert!(
        location.starts_with("http://app.test/cb?next=1&code="),
        "{location}"
    );
    assert!(!location.contains("state"), "{location}");
}

#[test]
fn authorize_for_another_client_id_is_a_404_page() {
    let hub = Hub::site();
    let (status, location) = authorize(&hub, "client_id=other&redirect_uri=http%3A%2F%2Fapp.test");
    assert_eq!(status, 404);
    assert_eq!(location, None);
}

#[test]
fn a_code_is_exchanged_once_for_tokens_of_the_signed_in_user() {
    let hub = Hub::site();
    hub.standin.add_user("mona", "Mona Lisa", Permission::Read);
    hub.standin.sign_in_as("mona");
    let code = code(&hub);
    let grant = exchange_code(&hub, &code);
    let token = grant["access_token"].as_str().expect("a token");
    assert!(token.starts_with("ghu_") && token.len() == 40, "{grant}");
    assert_eq!(grant["token_type"], "bearer");
    assert_eq!(grant["scope"], "");
    assert_eq!(grant["expires_in"], 28800);
    assert!(grant["refresh_token"].as_str().unwrap().starts_with("ghr_"));
    assert_eq!(grant["refresh_token_expires_in"], 15897600);
    let (status, user) = login_of(&hub, token);
    assert_eq!((status, &user["login"]), (200, &json!("mona")));

    let again = exchange_code(&hub, &code);
    assert_eq!(
        again,
        json!({
            "error": "bad_verification_code",
            "error_description": "The code passed is incorrect or expired.",
        })
    );
    let made_up = exchange_code(&hub, "0123456789abcdef0123");
    assert_eq!(made_up["error"], "bad_verification_code");
}

#[test]
fn the_exchange_refuses_wrong_client_credentials_and_keeps_the_code() {
    let hub = Hub::site();
    let code = code(&hub);
    let refused = exchange(
        &hub,
        &[
            ("client_id", CLIENT_ID),
            ("client_secret", "wrong"),
            ("code", &code),
        ],
    );
    assert_eq!(
        refused,
        json!({
            "error": "incorrect_client_credentials",
            "error_description": "The client_id and/or client_secret passed are incorrect.",
        })
    );
    assert!(exchange_code(&hub, &code)["access_token"].is_string());
}

#[test]
fn the_exchange_checks_a_redirect_uri_it_is_given() {
    let hub = Hub::site();
    let code = code(&hub);
    let form = |uri| {
        vec![
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
            ("code", code.as_str()),
            ("redirect_uri", uri),
        ]
    };
    let mismatch = exchange(&hub, &form("http://elsewhere.test/"));
    assert_eq!(mismatch["error"], "redirect_uri_mismatch");
    let matching = exchange(&hub, &form("http://app.test/callback"));
    assert!(matching["access_token"].is_string(), "{matching}");
}

#[test]
fn a_code_asked_with_a_pkce_challenge_is_exchanged_only_with_its_verifier() {
    let hub = Hub::site();
    // A verifier and its S256 challenge, base64url(SHA-256(verifier)), worked out apart.
    let verifier = "dBjftJeZ4CVP-mJ92IHOrI7fqOBxU_5RU0D4uOBXwJoM";
    let challenge = "TT4bJn5iZqSIFQq_MG4FGXU-bBf7eXGyUBS_Hg-w_xw";
    let plain = format!(
        "client_id={CLIENT_ID}&redirect_uri=http%3A%2F%2Fapp.test%2F&code_challenge={challenge}&code_challenge_method=plain"
    );
    assert_eq!(authorize(&hub, &plain).0, 400, "GitHub takes S256 only");
    let query = format!(
        "client_id={CLIENT_ID}&redirect_uri=http%3A%2F%2Fapp.test%2F&code_challenge={challenge}&code_challenge_method=S256"
    );
    let location = authorize(&hub, &query).1.expect("a Location");
    let location = url::Url::parse(&location).expect("a URL");
    let code = location
        .query_pairs()
        .find(|(key, _)| key == "code")
        .expect("a code")
        .1
        .into_owned();
    let form = |verifier: Option<&'static str>| {
        let mut form = vec![
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
            ("code", code.as_str()),
        ];
        form.extend(verifier.map(|v| ("code_verifier", v)));
        form
    };
    assert_eq!(exchange(&hub, &form(None))["error"], "invalid_grant");
    let wrong = exchange(
        &hub,
        &form(Some("another-verifier-of-43-characters-or-more-xx")),
    );
    assert_eq!(wrong["error"], "invalid_grant");
    let right = exchange(&hub, &form(Some(verifier)));
    assert!(right["access_token"].is_string(), "{right}");
}

#[test]
fn without_accept_json_the_exchange_answers_a_form() {
    let hub = Hub::site();
    let code = code(&hub);
    let mut answer = hub
        .agent
        .post(format!("{}/login/oauth/access_token", hub.standin.url()))
        .send_form([
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
            ("code", code.as_str()),
        ])
        .expect("an answer");
    let text = answer.body_mut().read_to_string().expect("a body");
    let fields: Vec<(String, String)> = url::form_urlencoded::parse(text.as_bytes())
        .into_owned()
        .collect();
    let names: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "access_token",
            "token_type",
            "scope",
            "expires_in",
            "refresh_token",
            "refresh_token_expires_in"
        ]
    );
    assert_eq!(fields[3].1, "28800");
}

#[test]
fn a_refresh_token_is_used_once_for_new_tokens() {
    let hub = Hub::site();
    let grant = exchange_code(&hub, &code(&hub));
    let refresh_token = grant["refresh_token"].as_str().expect("a refresh token");
    let renewed = refresh(&hub, refresh_token);
    let token = renewed["access_token"].as_str().expect("a new token");
    assert_ne!(token, grant["access_token"].as_str().unwrap());
    assert_ne!(renewed["refresh_token"], grant["refresh_token"]);
    assert_eq!(login_of(&hub, token).0, 200);
    assert_eq!(
        refresh(&hub, refresh_token),
        json!({
            "error": "bad_refresh_token",
            "error_description": "The refresh token passed is incorrect or expired.",
        })
    );
    let next = refresh(&hub, renewed["refresh_token"].as_str().unwrap());
    assert!(next["access_token"].is_string(), "{next}");
}

#[test]
fn expired_access_tokens_are_bad_credentials_while_refresh_tokens_still_work() {
    let hub = Hub::site();
    let grant = exchange_code(&hub, &code(&hub));
    let token = grant["access_token"].as_str().unwrap();
    assert_eq!(login_of(&hub, token).0, 200);
    hub.standin.expire_access_tokens();
    assert_eq!(
        login_of(&hub, token),
        (
            401,
            json!({ "message": "Bad credentials", "documentation_url": "https://docs.github.com/rest" })
        )
    );
    let renewed = refresh(&hub, grant["refresh_token"].as_str().unwrap());
    assert_eq!(
        login_of(&hub, renewed["access_token"].as_str().unwrap()).0,
        200
    );
}

#[test]
fn the_access_token_lifetime_is_told_and_kept() {
    let hub = Hub::site();
    hub.standin
        .set_access_token_lifetime(Some(Duration::from_secs(1)));
    let grant = exchange_code(&hub, &code(&hub));
    assert_eq!(grant["expires_in"], 1);
    let token = grant["access_token"].as_str().unwrap();
    assert_eq!(login_of(&hub, token).0, 200);
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(login_of(&hub, token).0, 401);
}

#[test]
fn tokens_that_never_expire_come_without_expiry_or_refresh_token() {
    let hub = Hub::site();
    hub.standin.set_access_token_lifetime(None);
    let grant = exchange_code(&hub, &code(&hub));
    let fields: Vec<&String> = grant.as_object().expect("an object").keys().collect();
    assert_eq!(fields, ["access_token", "token_type", "scope"]);
    assert_eq!(
        login_of(&hub, grant["access_token"].as_str().unwrap()).0,
        200
    );
}

#[test]
fn the_app_revokes_a_token_with_its_credentials() {
    let hub = Hub::site();
    let token = hub.token();
    let revoke = |id: &str, secret: &str, token: &str| {
        hub.agent
            .delete(format!(
                "{}/applications/{CLIENT_ID}/token",
                hub.standin.api_url()
            ))
            .header("Authorization", basic(id, secret))
            .force_send_body()
            .send_json(json!({ "access_token": token }))
            .expect("an answer")
            .status()
            .as_u16()
    };
    assert_eq!(revoke(CLIENT_ID, "wrong", &token), 401);
    assert_eq!(
        login_of(&hub, &token).0,
        200,
        "a refused revocation changes nothing"
    );
    assert_eq!(revoke(CLIENT_ID, CLIENT_SECRET, &token), 204);
    assert_eq!(login_of(&hub, &token).0, 401);
    assert_eq!(revoke(CLIENT_ID, CLIENT_SECRET, &token), 404);
    assert_eq!(revoke(CLIENT_ID, CLIENT_SECRET, "ghu_unknown"), 404);
}

fn basic(id: &str, secret: &str) -> String {
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(format!("{id}:{secret}"));
    format!("Basic {encoded}")
}
