//! Links a team admin hands out, shown to copy: an invitation (an email and a role; it makes the
//! account or adds the team to an existing one) and a password reset (nobody ever sees a
//! password). Each is single-use and expires; only its hash is kept.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::{self, User};
use crate::teams::{self, Role, Team};
use crate::{audit, secret, sessions};

/// How long a link can wait to be used.
pub const LIFETIME_SECS: i64 = 7 * 24 * 60 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Invitation,
    PasswordReset,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Invitation => "invitation",
            Kind::PasswordReset => "password",
        }
    }
}

/// An invitation waiting to be used, as the team page lists it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pending {
    pub id: String,
    pub email: String,
    pub role: String,
    pub expires_at: i64,
}

/// A link as its page shows it before it is used.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Found {
    pub kind: &'static str,
    pub team: String,
    pub email: String,
    pub role: Option<String>,
    /// Whether the email has an account (an invitation then adds the team to it).
    pub has_account: bool,
}

async fn issue(
    db: &Db,
    kind: Kind,
    team: &Team,
    email: &str,
    role: Option<Role>,
    by: &User,
) -> Result<String, Error> {
    let token = secret::token();
    let at = now();
    // A new link replaces the ones of the same kind for the same person.
    sqlx::query("DELETE FROM links WHERE team_id = $1 AND email = $2 AND kind = $3")
        .bind(&team.id)
        .bind(email)
        .bind(kind.name())
        .execute(&db.pool)
        .await?;
    sqlx::query("INSERT INTO links (token_hash, kind, team_id, email, role, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(secret::hash(&token))
        .bind(kind.name())
        .bind(&team.id)
        .bind(email)
        .bind(role.map(Role::name))
        .bind(&by.id)
        .bind(at)
        .bind(at + LIFETIME_SECS)
        .execute(&db.pool)
        .await?;
    Ok(token)
}

/// Invites `email` into `team` with `role`; the token goes into the link.
pub async fn invite(
    db: &Db,
    team: &Team,
    email_given: &str,
    role: Role,
    by: &User,
) -> Result<String, Error> {
    let email = people::email(email_given)?;
    let token = issue(db, Kind::Invitation, team, &email, Some(role), by).await?;
    audit::record(
        db,
        team,
        Some(&by.id),
        "member.invited",
        &format!("{} invited {email} as {}", by.email, role.name()),
    )
    .await?;
    Ok(token)
}

/// A link for `member` to choose a new password with.
pub async fn password_reset(
    db: &Db,
    team: &Team,
    member: &User,
    by: &User,
) -> Result<String, Error> {
    let token = issue(db, Kind::PasswordReset, team, &member.email, None, by).await?;
    audit::record(
        db,
        team,
        Some(&by.id),
        "member.password_link",
        &format!("{} issued a password link for {}", by.email, member.email),
    )
    .await?;
    Ok(token)
}

/// The invitations of `team` waiting to be used.
pub async fn pending(db: &Db, team: &Team) -> Result<Vec<Pending>, Error> {
    let rows = sqlx::query("SELECT token_hash, email, role, expires_at FROM links WHERE team_id = $1 AND kind = 'invitation' AND expires_at > $2 ORDER BY email")
        .bind(&team.id)
        .bind(now())
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            let hash: String = row.try_get("token_hash")?;
            Ok(Pending {
                id: secret::public_id(&hash),
                email: row.try_get("email")?,
                role: row
                    .try_get::<Option<String>, _>("role")?
                    .unwrap_or_default(),
                expires_at: row.try_get("expires_at")?,
            })
        })
        .collect()
}

/// Withdraws an invitation of `team` by its id.
pub async fn withdraw(db: &Db, team: &Team, id: &str) -> Result<(), Error> {
    let Some(pattern) = secret::public_id_pattern(id) else {
        return Err(Error::NotFound("There is no such invitation.".into()));
    };
    let gone = sqlx::query(
        "DELETE FROM links WHERE team_id = $1 AND kind = 'invitation' AND token_hash LIKE $2",
    )
    .bind(&team.id)
    .bind(pattern)
    .execute(&db.pool)
    .await?;
    if gone.rows_affected() == 0 {
        return Err(Error::NotFound("There is no such invitation.".into()));
    }
    Ok(())
}

struct Link {
    kind: String,
    team: Team,
    email: String,
    role: Option<String>,
}

async fn find(db: &Db, token: &str) -> Result<Link, Error> {
    let row = sqlx::query("SELECT kind, teams.slug AS team_slug, email, role FROM links JOIN teams ON teams.id = links.team_id WHERE token_hash = $1 AND expires_at > $2")
        .bind(secret::hash(token))
        .bind(now())
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(|| Error::NotFound("This link has expired or been used; ask for a new one.".into()))?;
    let team = teams::team_by_slug(db, &row.try_get::<String, _>("team_slug")?)
        .await?
        .ok_or_else(|| Error::NotFound("The team of this link is gone.".into()))?;
    Ok(Link {
        kind: row.try_get("kind")?,
        team,
        email: row.try_get("email")?,
        role: row.try_get("role")?,
    })
}

/// What a link is for, for its page.
pub async fn look(db: &Db, token: &str) -> Result<Found, Error> {
    let link = find(db, token).await?;
    Ok(Found {
        kind: if link.kind == Kind::Invitation.name() {
            "invitation"
        } else {
            "password"
        },
        team: link.team.name,
        has_account: people::by_email(db, &link.email).await?.is_some(),
        email: link.email,
        role: link.role,
    })
}

/// What the person gives when they use a link.
#[derive(Debug, Default, serde::Deserialize)]
pub struct Use {
    pub token: String,
    /// A new account's name.
    pub name: Option<String>,
    /// A new account's password, or the new password of a reset.
    pub password: Option<String>,
}

/// Spends the link: an invitation adds its team to the account of its email (making the account
/// with the name and password given when there is none, or when `signed_in` is that account),
/// a reset sets the password and ends the person's sessions. Answers the person, who is then
/// signed in.
pub async fn spend(db: &Db, given: &Use, signed_in: Option<&User>) -> Result<User, Error> {
    let link = find(db, &given.token).await?;
    let existing = people::by_email(db, &link.email)
        .await?
        .map(|(user, _)| user);
    let check_password = |password: &Option<String>| match password {
        Some(p) => {
            crate::password::problem(p).map_or(Ok(()), |problem| Err(Error::Invalid(problem)))
        }
        None => Err(Error::Invalid("Choose a password.".into())),
    };
    // Checked before the link is spent, so that a mistyped form can be sent again. Past this,
    // `existing` is `None` only for an invitation that makes the account.
    match (&link.kind[..], &existing) {
        ("invitation", Some(user)) => {
            if signed_in.map(|u| &u.id) != Some(&user.id) {
                return Err(Error::SignedOut);
            }
        }
        ("invitation", None) => {
            people::name(given.name.as_deref().unwrap_or_default())?;
            check_password(&given.password)?;
        }
        (_, None) => return Err(Error::NotFound("The account of this link is gone.".into())),
        (_, Some(_)) => check_password(&given.password)?,
    }
    let spent = sqlx::query("DELETE FROM links WHERE token_hash = $1")
        .bind(secret::hash(&given.token))
        .execute(&db.pool)
        .await?;
    if spent.rows_affected() != 1 {
        return Err(Error::NotFound(
            "This link has expired or been used; ask for a new one.".into(),
        ));
    }
    let user = match existing {
        Some(user) => user,
        None => {
            let name = given.name.as_deref().unwrap_or_default();
            let password = given.password.as_deref().unwrap_or_default();
            people::create(db, &link.email, name, password).await?
        }
    };
    if link.kind == Kind::Invitation.name() {
        let role = Role::named(link.role.as_deref().unwrap_or("viewer"))?;
        if teams::role_of(db, &link.team, &user.id).await?.is_none() {
            teams::set_member(db, &link.team, &user, role).await?;
        }
        audit::record(
            db,
            &link.team,
            Some(&user.id),
            "member.joined",
            &format!("{} joined as {}", user.email, role.name()),
        )
        .await?;
    } else {
        people::set_password(db, &user.id, given.password.as_deref().unwrap_or_default()).await?;
        sessions::end_all(db, &user).await?;
        audit::record(
            db,
            &link.team,
            Some(&user.id),
            "member.password_set",
            &format!("{} chose a new password", user.email),
        )
        .await?;
    }
    Ok(user)
}
