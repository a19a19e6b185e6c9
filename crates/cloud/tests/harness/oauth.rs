//! The admin's side of OAuth 2 with PKCE, as a site's server makes it: the consent that gives a
//! code, and its exchange for a token.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::json;
use sha2::{Digest, Sha256};

use super::{ADMIN, Answer, Harness};

pub const VERIFIER: &str = "Ql8k2Vbq0cX5yGm1nQh7sJrT3uWzYdFa9eLpOiKxNvB";
pub const CALLBACK: &str = "http://127.0.0.1:8788/keystatic/cloud/oauth/callback";

pub fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

pub fn authorize_query(client: &str, redirect: &str, method: &str) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("client_id", client),
            ("redirect_uri", redirect),
            ("response_type", "code"),
            ("state", "st4te"),
            ("code_challenge", &challenge(VERIFIER)),
            ("code_challenge_method", method),
        ])
        .finish()
}

pub fn query_json(client: &str, redirect: &str) -> serde_json::Value {
    json!({
        "client_id": client, "redirect_uri": redirect, "response_type": "code", "state": "st4te",
        "code_challenge": challenge(VERIFIER), "code_challenge_method": "S256",
    })
}

/// The code the browser brings back to the admin, after `cookie`'s person consents.
pub async fn code(h: &Harness, cookie: &str, client: &str) -> String {
    let answer = h
        .api(
            "POST",
            "/api/authorize",
            Some(cookie),
            query_json(client, CALLBACK),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let redirect = url::Url::parse(answer.json()["redirect"].as_str().unwrap()).unwrap();
    assert_eq!(redirect.origin().ascii_serialization(), ADMIN);
    assert_eq!(redirect.path(), "/keystatic/cloud/oauth/callback");
    let pairs: std::collections::HashMap<_, _> = redirect.query_pairs().into_owned().collect();
    assert_eq!(pairs["state"], "st4te");
    pairs["code"].clone()
}

pub async fn exchange(h: &Harness, code: &str, client: &str, verifier: &str) -> Answer {
    h.form(
        "/oauth/token",
        &[
            ("code", code),
            ("client_id", client),
            ("redirect_uri", CALLBACK),
            ("code_verifier", verifier),
            ("grant_type", "authorization_code"),
        ],
    )
    .await
}

pub async fn token(h: &Harness, cookie: &str) -> String {
    token_for(h, cookie, "acme/site").await
}

/// A token of `cookie`'s person for the project `client`.
pub async fn token_for(h: &Harness, cookie: &str, client: &str) -> String {
    let code = code(h, cookie, client).await;
    let answer = exchange(h, &code, client, VERIFIER).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()["access_token"].as_str().unwrap().to_string()
}
