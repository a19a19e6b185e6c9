//! The app's own calls: a JWT signed with the app's key (and nothing else) gets installation
//! tokens, each reaching only the repositories and permissions it was issued for.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use crate::{CREATE_COMMIT, Hub, NAME, OWNER, REPOSITORY, read_json};

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_secs()
}

/// A JWT for the app, signed with `pem`, valid from a minute ago for `minutes`.
fn jwt(app_id: u64, pem: &str, minutes: u64) -> String {
    let key = jsonwebtoken::EncodingKey::from_rsa_pem(pem.as_bytes()).expect("an RSA key");
    let claims = json!({ "iat": now() - 60, "exp": now() + minutes * 60, "iss": app_id });
    let header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
    jsonwebtoken::encode(&header, &claims, &key).expect("a JWT")
}

impl Hub {
    fn app_jwt(&self) -> String {
        let app = self.standin.app();
        jwt(app.id, &app.private_key_pem, 9)
    }

    fn post_json(&self, path: &str, token: &str, body: Value) -> (u16, Value) {
        let answer = self
            .agent
            .post(format!("{}{path}", self.standin.api_url()))
            .header("Authorization", format!("Bearer {token}"))
            .send_json(body)
            .expect("an answer");
        read_json(answer)
    }

    /// An installation token for `repositories` with `permissions`; panics unless it is issued.
    fn installation_token(&self, repositories: &[&str], permissions: Value) -> String {
        let (status, installation) = self.get_json(
            &format!("/repos/{OWNER}/{NAME}/installation"),
            &self.app_jwt(),
        );
        assert_eq!(status, 200, "{installation}");
        let id = installation["id"].as_u64().expect("an installation id");
        let (status, answer) = self.post_json(
            &format!("/app/installations/{id}/access_tokens"),
            &self.app_jwt(),
            json!({ "repositories": repositories, "permissions": permissions }),
        );
        assert_eq!(status, 201, "{answer}");
        assert!(
            answer["expires_at"]
                .as_str()
                .expect("an expiry")
                .ends_with('Z')
        );
        answer["token"].as_str().expect("a token").to_string()
    }
}

fn repository(hub: &Hub, token: &str, name: &str) -> Value {
    let variables = json!({ "owner": OWNER, "name": name, "qualifiedName": "", "withRef": false });
    hub.graphql(token, REPOSITORY, variables)
}

#[test]
fn only_a_jwt_signed_with_the_apps_key_is_the_app() {
    let hub = Hub::site();
    let path = format!("/repos/{OWNER}/{NAME}/installation");
    let app = hub.standin.app();
    assert!(
        app.private_key_pem
            .starts_with("-----BEGIN RSA PRIVATE KEY-----")
    );
    assert_eq!(hub.get_json(&path, &hub.app_jwt()).0, 200);

    let other = rsa_pem();
    let (status, refused) = hub.get_json(&path, &jwt(app.id, &other, 9));
    assert_eq!(status, 401, "{refused}");
    assert_eq!(refused["message"], "A JSON web token could not be decoded");
    assert_eq!(
        hub.get_json(&path, &jwt(1, &app.private_key_pem, 9)).0,
        401,
        "another issuer"
    );
    let too_long = jwt(app.id, &app.private_key_pem, 30);
    assert_eq!(hub.get_json(&path, &too_long).0, 401, "over ten minutes");
    assert_eq!(hub.get_json(&path, &hub.token()).0, 401, "a person's token");

    hub.standin.set_app_installed(false);
    assert_eq!(hub.get_json(&path, &hub.app_jwt()).0, 404);
}

/// A second RSA key, which the app does not hold.
fn rsa_pem() -> String {
    use rsa::pkcs1::EncodeRsaPrivateKey;
    let key = rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).expect("a key");
    key.to_pkcs1_pem(rsa::pkcs1::LineEnding::LF)
        .expect("PEM")
        .to_string()
}

#[test]
fn an_installation_token_reaches_only_the_repositories_it_names() {
    let hub = Hub::site();
    hub.standin.add_repository("secrets");
    let both = hub.installation_token(&[NAME, "secrets"], json!({ "contents": "read" }));
    let other = repository(&hub, &both, "secrets");
    assert!(other["data"]["repository"]["id"].is_string(), "{other}");

    let one = hub.installation_token(&[NAME], json!({ "contents": "read" }));
    let site = repository(&hub, &one, NAME);
    assert_eq!(
        site["data"]["repository"]["viewerPermission"], "READ",
        "{site}"
    );
    let other = repository(&hub, &one, "secrets");
    assert_eq!(other["errors"][0]["type"], "NOT_FOUND", "{other}");
    let tree = format!("/repos/{OWNER}/secrets/git/trees/main?recursive=1");
    assert_eq!(hub.get_json(&tree, &one).0, 404);
    assert_eq!(hub.get_json(&tree, &both).0, 200);

    let (status, refused) = hub.post_json(
        "/app/installations/31/access_tokens",
        &hub.app_jwt(),
        json!({ "repositories": ["elsewhere"] }),
    );
    assert_eq!(status, 422, "{refused}");
    let (status, _) = hub.post_json(
        "/app/installations/31/access_tokens",
        &hub.app_jwt(),
        json!({ "permissions": { "administration": "write" } }),
    );
    assert_eq!(status, 422, "a permission the app lacks");
}

#[test]
fn an_installation_token_writes_only_with_contents_write_and_commits_as_the_bot() {
    let hub = Hub::site();
    let head = hub.head("main");
    let commit = |token: &str| {
        let input = json!({ "input": {
            "branch": { "repositoryNameWithOwner": format!("{OWNER}/{NAME}"), "branchName": "main" },
            "expectedHeadOid": head,
            "message": { "headline": "Add a note", "body": "Co-authored-by: Ada <ada@example.com>" },
            "fileChanges": { "additions": [{ "path": "note.md", "contents": "bm90ZQo=" }] },
        }});
        hub.graphql(token, CREATE_COMMIT, input)
    };
    let reader = hub.installation_token(&[NAME], json!({ "contents": "read" }));
    let refused = commit(&reader);
    assert_eq!(refused["errors"][0]["type"], "FORBIDDEN", "{refused}");
    assert_eq!(hub.head("main"), head);

    let writer = hub.installation_token(&[NAME], json!({ "contents": "write" }));
    let done = commit(&writer);
    assert!(done["errors"].is_null(), "{done}");
    let author = hub.git(&["log", "-1", "--format=%an|%B", "main"]);
    let bot = hub.standin.app().bot_login;
    assert_eq!(
        author.trim(),
        format!("{bot}|Add a note\n\nCo-authored-by: Ada <ada@example.com>")
    );
}
