//! Passkeys (WebAuthn): a person adds them on the account page and signs in with one, without
//! typing an email or a password. webauthn-rs runs both ceremonies; each has two calls (the options
//! for the browser, then its answer), and the state between them waits in the database, so that
//! any instance may answer the second, once, within [`CEREMONY_SECS`].

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};
use sqlx::Row;
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid, Webauthn, WebauthnBuilder,
};

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::{self, User};
use crate::secret;

/// How long the browser has to answer a ceremony's options.
const CEREMONY_SECS: i64 = 10 * 60;

/// The longest name of a passkey.
const NAME_MAX: usize = 60;

/// Why a cloud offers no passkeys.
pub const UNAVAILABLE: &str = "Passkeys work when the cloud is reached at a domain name, not an IP address: whoever runs it sets --public-url (http://localhost:PORT on one machine).";

/// The relying party people reach at `public_url`; `None` when it is an IP address, which
/// WebAuthn does not take as one.
pub(crate) fn relying_party(public_url: &url::Url) -> Option<Webauthn> {
    let domain = public_url.domain()?;
    match WebauthnBuilder::new(domain, public_url).and_then(|b| b.rp_name("Quire Cloud").build()) {
        Ok(webauthn) => Some(webauthn),
        Err(error) => {
            tracing::warn!("passkeys are off: {error}");
            None
        }
    }
}

/// A passkey as the account page lists it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listed {
    pub id: String,
    pub name: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// The options (`publicKey`) a ceremony gives the browser, and the ceremony's id to send back
/// with its answer.
fn ceremony_answer(ceremony: String, options: &impl serde::Serialize) -> Result<Value, Error> {
    let mut options = serde_json::to_value(options)
        .map_err(|e| Error::Unavailable(format!("passkey options: {e}")))?;
    Ok(json!({ "ceremony": ceremony, "publicKey": options["publicKey"].take() }))
}

/// Starts adding a passkey to `user`'s account: the options for `navigator.credentials.create`.
pub async fn start_adding(db: &Db, webauthn: &Webauthn, user: &User) -> Result<Value, Error> {
    let handle = handle_of(db, user).await?;
    let existing = sqlx::query("SELECT credential_id FROM passkeys WHERE user_id = $1")
        .bind(&user.id)
        .fetch_all(&db.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(credential_bytes(
                &row.try_get::<String, _>("credential_id")?,
            ))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let (options, state) = webauthn
        .start_passkey_registration(handle, &user.email, &user.name, Some(existing))
        .map_err(|e| Error::Unavailable(format!("passkey registration: {e}")))?;
    let ceremony = keep(db, "add", Some(&user.id), &state).await?;
    let mut answer = ceremony_answer(ceremony, &options)?;
    // A passkey the browser can offer with no email typed first (signing in names no account).
    let selection = &mut answer["publicKey"]["authenticatorSelection"];
    selection["residentKey"] = json!("required");
    selection["requireResidentKey"] = json!(true);
    Ok(answer)
}

/// Adds the passkey the browser made in `ceremony`, named `name`, to `user`'s account.
pub async fn finish_adding(
    db: &Db,
    webauthn: &Webauthn,
    user: &User,
    ceremony: &str,
    name: &str,
    credential: &RegisterPublicKeyCredential,
) -> Result<Listed, Error> {
    let name = people::label(name, NAME_MAX, "A passkey's name")?;
    let state: PasskeyRegistration = take(db, "add", Some(&user.id), ceremony).await?;
    let passkey = webauthn
        .finish_passkey_registration(credential, &state)
        .map_err(|e| Error::Invalid(format!("The browser's passkey was not taken: {e}.")))?;
    let credential_id = URL_SAFE_NO_PAD.encode(passkey.cred_id());
    let taken = sqlx::query("SELECT id FROM passkeys WHERE credential_id = $1")
        .bind(&credential_id)
        .fetch_optional(&db.pool)
        .await?;
    if taken.is_some() {
        return Err(Error::Taken(
            "This passkey is on an account already.".into(),
        ));
    }
    let listed = Listed {
        id: secret::id(),
        name,
        created_at: now(),
        last_used_at: None,
    };
    sqlx::query("INSERT INTO passkeys (id, user_id, credential_id, name, passkey, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&listed.id)
        .bind(&user.id)
        .bind(&credential_id)
        .bind(&listed.name)
        .bind(stored(&passkey)?)
        .bind(listed.created_at)
        .execute(&db.pool)
        .await?;
    Ok(listed)
}

/// `user`'s passkeys, newest first.
pub async fn list(db: &Db, user: &User) -> Result<Vec<Listed>, Error> {
    let rows = sqlx::query("SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at DESC, id")
        .bind(&user.id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(Listed {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                created_at: row.try_get("created_at")?,
                last_used_at: row.try_get("last_used_at")?,
            })
        })
        .collect()
}

/// Removes `user`'s passkey `id`; `false` when it is none of theirs.
pub async fn remove(db: &Db, user: &User, id: &str) -> Result<bool, Error> {
    let removed = sqlx::query("DELETE FROM passkeys WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(&user.id)
        .execute(&db.pool)
        .await?;
    Ok(removed.rows_affected() > 0)
}

/// Starts a sign-in with any passkey of this cloud: the options for `navigator.credentials.get`.
pub async fn start_sign_in(db: &Db, webauthn: &Webauthn) -> Result<Value, Error> {
    let (mut options, state) = webauthn
        .start_discoverable_authentication()
        .map_err(|e| Error::Unavailable(format!("passkey sign-in: {e}")))?;
    // Asked for from a button, not offered among the email field's suggestions.
    options.mediation = None;
    let ceremony = keep(db, "sign_in", None, &state).await?;
    ceremony_answer(ceremony, &options)
}

/// The person whose passkey answered `ceremony`.
pub async fn finish_sign_in(
    db: &Db,
    webauthn: &Webauthn,
    ceremony: &str,
    credential: &PublicKeyCredential,
) -> Result<User, Error> {
    let state: DiscoverableAuthentication = take(db, "sign_in", None, ceremony).await?;
    let unknown = || Error::Forbidden("That passkey is not on an account of this cloud.".into());
    let (handle, credential_id) = webauthn
        .identify_discoverable_authentication(credential)
        .map_err(|_| unknown())?;
    let row = sqlx::query("SELECT p.id, p.user_id, p.passkey FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.credential_id = $1 AND u.passkey_handle = $2")
        .bind(URL_SAFE_NO_PAD.encode(credential_id))
        .bind(handle.to_string())
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(unknown)?;
    let id: String = row.try_get("id")?;
    let mut passkey: Passkey = serde_json::from_str(&row.try_get::<String, _>("passkey")?)
        .map_err(|e| Error::Unavailable(format!("passkey {id}: {e}")))?;
    let result = webauthn
        .finish_discoverable_authentication_v2(credential, state, &passkey)
        .map_err(|_| {
            Error::Forbidden("The passkey's answer did not check out; try again.".into())
        })?;
    passkey.update_credential(&result);
    sqlx::query("UPDATE passkeys SET passkey = $1, last_used_at = $2 WHERE id = $3")
        .bind(stored(&passkey)?)
        .bind(now())
        .bind(&id)
        .execute(&db.pool)
        .await?;
    people::by_id(db, &row.try_get::<String, _>("user_id")?)
        .await?
        .ok_or_else(unknown)
}

/// The handle `user`'s passkeys name them by, made with their first.
async fn handle_of(db: &Db, user: &User) -> Result<Uuid, Error> {
    let row = sqlx::query("SELECT passkey_handle FROM users WHERE id = $1")
        .bind(&user.id)
        .fetch_one(&db.pool)
        .await?;
    if let Some(handle) = row.try_get::<Option<String>, _>("passkey_handle")? {
        return Uuid::parse_str(&handle).map_err(|e| Error::Unavailable(format!("handle: {e}")));
    }
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random source");
    let handle = Uuid::from_bytes(bytes);
    // Two ceremonies at once make one handle: the first to store it wins.
    sqlx::query("UPDATE users SET passkey_handle = $1 WHERE id = $2 AND passkey_handle IS NULL")
        .bind(handle.to_string())
        .bind(&user.id)
        .execute(&db.pool)
        .await?;
    Box::pin(handle_of(db, user)).await
}

/// Keeps a ceremony's state until the browser answers; its id goes to the browser.
async fn keep(
    db: &Db,
    kind: &str,
    user_id: Option<&str>,
    state: &impl serde::Serialize,
) -> Result<String, Error> {
    let at = now();
    sqlx::query("DELETE FROM passkey_ceremonies WHERE expires_at <= $1")
        .bind(at)
        .execute(&db.pool)
        .await?;
    let id = secret::token();
    sqlx::query("INSERT INTO passkey_ceremonies (id_hash, kind, user_id, state, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(secret::hash(&id))
        .bind(kind)
        .bind(user_id)
        .bind(stored(state)?)
        .bind(at + CEREMONY_SECS)
        .execute(&db.pool)
        .await?;
    Ok(id)
}

/// The state of ceremony `id`, once: it must be of `kind`, for `user_id`, and not expired.
async fn take<T: serde::de::DeserializeOwned>(
    db: &Db,
    kind: &str,
    user_id: Option<&str>,
    id: &str,
) -> Result<T, Error> {
    let ended = || Error::Invalid("The passkey request has ended; try again.".into());
    let hash = secret::hash(id);
    let row = sqlx::query(
        "SELECT kind, user_id, state, expires_at FROM passkey_ceremonies WHERE id_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(&db.pool)
    .await?
    .ok_or_else(ended)?;
    let deleted = sqlx::query("DELETE FROM passkey_ceremonies WHERE id_hash = $1")
        .bind(&hash)
        .execute(&db.pool)
        .await?;
    let fits = deleted.rows_affected() == 1
        && row.try_get::<String, _>("kind")? == kind
        && row.try_get::<Option<String>, _>("user_id")?.as_deref() == user_id
        && row.try_get::<i64, _>("expires_at")? > now();
    if !fits {
        return Err(ended());
    }
    serde_json::from_str(&row.try_get::<String, _>("state")?)
        .map_err(|e| Error::Unavailable(format!("passkey ceremony: {e}")))
}

fn stored(value: &impl serde::Serialize) -> Result<String, Error> {
    serde_json::to_string(value).map_err(|e| Error::Unavailable(format!("passkey: {e}")))
}

fn credential_bytes(stored: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(stored).unwrap_or_default()
}
