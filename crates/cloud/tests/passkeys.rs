//! Passkeys through the real router: a person adds one on the account page and signs in with it
//! (no email typed), each ceremony answers once, a removed passkey signs no one in, and a cloud
//! reached at an IP address offers none. The browser is webauthn-authenticator-rs's software
//! passkey. On SQLite, and on PostgreSQL.

#[macro_use]
mod harness;

use harness::{Harness, Postgres};
use serde_json::{Value, json};
use webauthn_authenticator_rs::WebauthnAuthenticator;
use webauthn_authenticator_rs::softpasskey::SoftPasskey;
use webauthn_rs::prelude::{
    CreationChallengeResponse, PublicKeyCredential, RegisterPublicKeyCredential,
    RequestChallengeResponse, Url,
};

/// A browser with a passkey authenticator of its own.
struct Browser {
    authenticator: SoftPasskey,
    origin: Url,
}

/// What adding a passkey left: the credential's id and the person's handle, which a discoverable
/// passkey keeps and hands back on signing in.
struct Added {
    credential_id: Value,
    handle: Value,
}

impl Browser {
    fn new(h: &Harness) -> Browser {
        Browser {
            // The software key cannot verify its user; it says it did, as a platform key would.
            authenticator: SoftPasskey::new(true),
            origin: Url::parse(&h.origin).unwrap(),
        }
    }

    /// Makes a passkey. The software key stores none of its own (it refuses a request for a
    /// resident key), so it is asked for a plain one, and [`Browser::get`] plays the discoverable
    /// part.
    fn create(&mut self, options: &Value) -> RegisterPublicKeyCredential {
        let mut options = options.clone();
        options["authenticatorSelection"]["requireResidentKey"] = json!(false);
        options["authenticatorSelection"]["residentKey"] = json!("discouraged");
        let options: CreationChallengeResponse =
            serde_json::from_value(json!({ "publicKey": options })).unwrap();
        self.authenticator
            .do_registration(self.origin.clone(), options)
            .expect("the passkey is made")
    }

    /// Answers sign-in `options`, which name no credential: the software key finds its own only by
    /// id, so it is told `added`'s, and answers with the handle as a discoverable key does.
    fn get(&mut self, options: &Value, added: &Added) -> PublicKeyCredential {
        let mut options = options.clone();
        options["allowCredentials"] = json!([{ "type": "public-key", "id": added.credential_id }]);
        let options: RequestChallengeResponse =
            serde_json::from_value(json!({ "publicKey": options })).unwrap();
        let mut credential = self
            .authenticator
            .do_authentication(self.origin.clone(), options)
            .expect("the passkey answers");
        credential.response.user_handle = Some(base64_url(added.handle.as_str().unwrap()));
        credential
    }
}

fn base64_url(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .unwrap()
}

/// Asks for a passkey's options as `asker`, has the browser make it, and sends it named `name`
/// as `sender` (the same person, unless a test says otherwise); the options and the answer.
async fn adding(
    h: &Harness,
    browser: &mut Browser,
    asker: &str,
    sender: &str,
    name: &str,
) -> (Value, RegisterPublicKeyCredential, harness::Answer) {
    let options = h
        .api(
            "POST",
            "/api/account/passkeys/options",
            Some(asker),
            json!(null),
        )
        .await;
    assert_eq!(options.status, 200, "{}", options.body);
    let options = options.json();
    let credential = browser.create(&options["publicKey"]);
    let answer = h
        .api(
            "POST",
            "/api/account/passkeys",
            Some(sender),
            json!({ "ceremony": options["ceremony"], "name": name, "credential": credential }),
        )
        .await;
    (options, credential, answer)
}

/// Adds a passkey named `name` to the account of `cookie`.
async fn add_passkey(h: &Harness, browser: &mut Browser, cookie: &str, name: &str) -> Added {
    let (options, credential, added) = adding(h, browser, cookie, cookie, name).await;
    assert_eq!(added.status, 200, "{}", added.body);
    assert_eq!(added.json()["passkey"]["name"], name.trim());
    Added {
        credential_id: json!(credential.id),
        handle: options["publicKey"]["user"]["id"].clone(),
    }
}

/// Signs in with the passkey `added`; the answer.
async fn sign_in_with(h: &Harness, browser: &mut Browser, added: &Added) -> harness::Answer {
    let options = h
        .api("POST", "/api/session/passkey/options", None, json!(null))
        .await;
    assert_eq!(options.status, 200, "{}", options.body);
    let options = options.json();
    let credential = browser.get(&options["publicKey"], added);
    h.api(
        "POST",
        "/api/session/passkey",
        None,
        json!({ "ceremony": options["ceremony"], "credential": credential }),
    )
    .await
}

async fn listed(h: &Harness, cookie: &str) -> Value {
    let answer = h.get("/api/account/passkeys", Some(cookie)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()
}

async fn a_passkey_added_on_the_account_page_signs_its_owner_in(h: &Harness) {
    let owner = h.set_up().await;
    let mut browser = Browser::new(h);
    let options = h
        .api(
            "POST",
            "/api/account/passkeys/options",
            Some(&owner),
            json!(null),
        )
        .await
        .json();
    let selection = &options["publicKey"]["authenticatorSelection"];
    assert_eq!(
        selection["residentKey"], "required",
        "a passkey that needs no email typed"
    );
    assert_eq!(selection["userVerification"], "required");

    let added = add_passkey(h, &mut browser, &owner, "  Work laptop ").await;
    let list = listed(h, &owner).await;
    assert_eq!(list["available"], true);
    assert_eq!(list["passkeys"].as_array().unwrap().len(), 1);
    assert_eq!(list["passkeys"][0]["name"], "Work laptop");
    assert_eq!(list["passkeys"][0]["lastUsedAt"], Value::Null);

    let options = h
        .api("POST", "/api/session/passkey/options", None, json!(null))
        .await
        .json();
    assert_eq!(
        options["publicKey"]["allowCredentials"],
        json!([]),
        "any passkey of the cloud"
    );
    let signed_in = sign_in_with(h, &mut browser, &added).await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    assert_eq!(signed_in.json()["user"]["email"], "owner@example.com");
    let session = h.get("/api/session", Some(&signed_in.cookie())).await;
    assert_eq!(session.json()["user"]["name"], "Olive Owner");

    let list = listed(h, &owner).await;
    assert!(list["passkeys"][0]["lastUsedAt"].is_i64(), "{list}");
    h.assert_logged(
        &owner,
        "owner@example.com signed in to the cloud with a passkey",
    )
    .await;
}

async fn each_ceremony_answers_once_and_for_its_own_person(h: &Harness) {
    let owner = h.set_up().await;
    let mut browser = Browser::new(h);
    let added = add_passkey(h, &mut browser, &owner, "Phone").await;

    // A sign-in's answer sent twice signs in once.
    let options = h
        .api("POST", "/api/session/passkey/options", None, json!(null))
        .await
        .json();
    let credential = browser.get(&options["publicKey"], &added);
    let answer = json!({ "ceremony": options["ceremony"], "credential": credential });
    let first = h
        .api("POST", "/api/session/passkey", None, answer.clone())
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    let again = h.api("POST", "/api/session/passkey", None, answer).await;
    assert_eq!(again.status, 400, "{}", again.body);
    assert_eq!(
        again.json()["message"],
        "The passkey request has ended; try again."
    );

    // Another person cannot finish the owner's adding.
    cloud::people::create(h.db(), "eve@example.com", "Eve", harness::PASSWORD)
        .await
        .unwrap();
    let eve = h.sign_in("eve@example.com").await;
    let (_, _, stolen) = adding(h, &mut browser, &owner, &eve, "Mine").await;
    assert_eq!(stolen.status, 400, "{}", stolen.body);
    assert_eq!(listed(h, &eve).await["passkeys"], json!([]));

    // A name is needed.
    let (_, _, unnamed) = adding(h, &mut browser, &owner, &owner, " ").await;
    assert_eq!(unnamed.status, 400, "{}", unnamed.body);
    assert_eq!(
        unnamed.json()["message"],
        "A passkey's name is 1 to 60 characters."
    );
}

async fn a_removed_passkey_signs_no_one_in(h: &Harness) {
    let owner = h.set_up().await;
    let mut browser = Browser::new(h);
    let added = add_passkey(h, &mut browser, &owner, "Old key").await;
    let id = listed(h, &owner).await["passkeys"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();

    cloud::people::create(h.db(), "eve@example.com", "Eve", harness::PASSWORD)
        .await
        .unwrap();
    let eve = h.sign_in("eve@example.com").await;
    let not_hers = h
        .api(
            "DELETE",
            &format!("/api/account/passkeys/{id}"),
            Some(&eve),
            json!(null),
        )
        .await;
    assert_eq!(not_hers.status, 404, "{}", not_hers.body);

    let removed = h
        .api(
            "DELETE",
            &format!("/api/account/passkeys/{id}"),
            Some(&owner),
            json!(null),
        )
        .await;
    assert_eq!(removed.status, 204, "{}", removed.body);
    assert_eq!(listed(h, &owner).await["passkeys"], json!([]));
    let refused = sign_in_with(h, &mut browser, &added).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(
        refused.json()["message"],
        "That passkey is not on an account of this cloud."
    );
}

mod sqlite_and_postgresql {
    use super::*;
    on_both_databases!(
        a_passkey_added_on_the_account_page_signs_its_owner_in,
        each_ceremony_answers_once_and_for_its_own_person,
        a_removed_passkey_signs_no_one_in,
    );
}

#[tokio::test]
async fn a_cloud_reached_at_an_ip_address_offers_no_passkeys() {
    let h = Harness::sqlite_at("http://127.0.0.1:7999").await;
    let owner = h.set_up().await;
    assert_eq!(listed(&h, &owner).await["available"], false);
    for (uri, cookie) in [
        ("/api/account/passkeys/options", Some(owner.as_str())),
        ("/api/session/passkey/options", None),
    ] {
        let refused = h.api("POST", uri, cookie, json!(null)).await;
        assert_eq!(refused.status, 400, "{uri}: {}", refused.body);
        assert_eq!(refused.json()["message"], cloud::passkeys::UNAVAILABLE);
    }
}
