//! Accounts: who people are (email, name, avatar) and their password.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::{password, secret};

/// A person with an account.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: String,
    pub email: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar_url: Option<String>,
}

/// The longest name taken.
const NAME_MAX: usize = 100;

/// An email as it is stored and compared: trimmed, lowercase; refused when it is no address.
pub fn email(given: &str) -> Result<String, Error> {
    let email = given.trim().to_lowercase();
    let valid = email.len() <= 254
        && !email
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>')
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        });
    if valid {
        Ok(email)
    } else {
        Err(Error::Invalid(format!(
            "\"{}\" is not an email address such as name@example.com.",
            given.trim()
        )))
    }
}

/// A person's name as it is stored: trimmed, 1 to 100 characters.
pub fn name(given: &str) -> Result<String, Error> {
    label(given, NAME_MAX, "A name")
}

/// A name given to something (`what`: "A name", "A passkey's name"): trimmed, 1 to `max`
/// characters, none of them control characters.
pub(crate) fn label(given: &str, max: usize, what: &str) -> Result<String, Error> {
    let name = given.trim();
    if name.is_empty() || name.chars().count() > max || name.chars().any(char::is_control) {
        return Err(Error::Invalid(format!("{what} is 1 to {max} characters.")));
    }
    Ok(name.to_string())
}

fn user(row: &sqlx::any::AnyRow) -> Result<User, Error> {
    Ok(User {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        name: row.try_get("name")?,
        avatar_url: row.try_get("avatar_url")?,
    })
}

/// Makes an account; an email that has one already is refused.
pub async fn create(
    db: &Db,
    email_given: &str,
    name_given: &str,
    pass: &str,
) -> Result<User, Error> {
    let email = email(email_given)?;
    let name = name(name_given)?;
    let hash = password::hash(pass)?;
    if by_email(db, &email).await?.is_some() {
        return Err(Error::Taken(format!("{email} has an account already.")));
    }
    let id = secret::id();
    sqlx::query("INSERT INTO users (id, email, name, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(&email)
        .bind(&name)
        .bind(&hash)
        .bind(now())
        .execute(&db.pool)
        .await?;
    Ok(User {
        id,
        email,
        name,
        avatar_url: None,
    })
}

/// The account of `email`, and its password's hash.
pub async fn by_email(db: &Db, email_given: &str) -> Result<Option<(User, Option<String>)>, Error> {
    let Ok(email) = email(email_given) else {
        return Ok(None);
    };
    let row = sqlx::query(
        "SELECT id, email, name, avatar_url, password_hash FROM users WHERE email = $1",
    )
    .bind(&email)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|row| Ok((user(&row)?, row.try_get("password_hash")?)))
        .transpose()
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<User>, Error> {
    let row = sqlx::query("SELECT id, email, name, avatar_url FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(user).transpose()
}

/// How many accounts there are.
pub async fn count(db: &Db) -> Result<i64, Error> {
    Ok(sqlx::query("SELECT COUNT(*) AS n FROM users")
        .fetch_one(&db.pool)
        .await?
        .try_get("n")?)
}

/// Replaces a person's password (which must meet the rule).
pub async fn set_password(db: &Db, user_id: &str, pass: &str) -> Result<(), Error> {
    let hash = password::hash(pass)?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(&hash)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Renames a person.
pub async fn set_name(db: &Db, user_id: &str, given: &str) -> Result<String, Error> {
    let name = name(given)?;
    sqlx::query("UPDATE users SET name = $1 WHERE id = $2")
        .bind(&name)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(name)
}

/// The stored hash of a person's password, if they have one.
pub async fn password_hash(db: &Db, user_id: &str) -> Result<Option<String>, Error> {
    let row = sqlx::query("SELECT password_hash FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(row) => row.try_get("password_hash")?,
        None => None,
    })
}
