//! The OAuth 2 authorization server a site's admin signs in with (RFC 6749, with PKCE, RFC 7636,
//! S256 only): a signed-in member of a project's team authorizes an admin at an allowed origin,
//! which receives a code; the site exchanges it, with the verifier, for a bearer token valid for
//! that project alone. Codes and tokens are stored only as hashes.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::{self, User};
use crate::teams::{self, Project, Role};
use crate::{audit, secret};

/// The one path an admin's callback may have.
pub const CALLBACK_PATH: &str = "/keystatic/cloud/oauth/callback";
/// How long a code may wait to be exchanged.
pub const CODE_LIFETIME_SECS: i64 = 60;
/// How long a token lasts.
pub const TOKEN_LIFETIME_SECS: i64 = 12 * 60 * 60;

/// `GET /oauth/authorize`'s query, as the admin sends it.
#[derive(Debug, Clone, Default, serde::Deserialize, serde::Serialize)]
pub struct AuthorizeQuery {
    pub client_id: Option<String>,
    pub redirect_uri: Option<String>,
    pub response_type: Option<String>,
    pub state: Option<String>,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
}

/// An authorization request that may be answered: its project and where to send the code.
#[derive(Debug, Clone)]
pub struct Authorization {
    pub project: Project,
    pub redirect_uri: url::Url,
    pub state: Option<String>,
    pub challenge: String,
}

impl Authorization {
    /// The admin's origin, as the consent line names it.
    pub fn origin(&self) -> String {
        self.redirect_uri.origin().ascii_serialization()
    }
}

/// Why an authorization request cannot be answered with a redirect: said on an error page, since
/// a request that names no allowed redirect must never be redirected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct RequestProblem(pub String);

/// Checks an authorization request against the project it names.
pub async fn check(
    db: &Db,
    query: &AuthorizeQuery,
) -> Result<Result<Authorization, RequestProblem>, Error> {
    let problem = |text: &str| Ok(Err(RequestProblem(text.to_string())));
    let Some(client_id) = query.client_id.as_deref().filter(|c| !c.is_empty()) else {
        return problem("The request names no project (client_id).");
    };
    let Some(project) = teams::project(db, client_id).await? else {
        return problem(&format!("There is no project {client_id} on this cloud."));
    };
    let Some(redirect) = query.redirect_uri.as_deref() else {
        return problem("The request names no redirect_uri.");
    };
    let Ok(redirect_uri) = url::Url::parse(redirect) else {
        return problem("The redirect_uri is not an address.");
    };
    let origin = redirect_uri.origin().ascii_serialization();
    if redirect_uri.path() != CALLBACK_PATH
        || redirect_uri.fragment().is_some()
        || !redirect_uri.username().is_empty()
    {
        return problem(&format!(
            "The redirect_uri must be an admin's {CALLBACK_PATH}."
        ));
    }
    if !teams::origins(db, &project).await?.contains(&origin) {
        return problem(&format!(
            "{origin} is not allowed to sign in to {client_id}; a team admin can allow it in the project's settings."
        ));
    }
    if query.response_type.as_deref() != Some("code") {
        return problem("response_type must be code.");
    }
    if query.code_challenge_method.as_deref() != Some("S256") {
        return problem("code_challenge_method must be S256 (plain is not accepted).");
    }
    let challenge = query.code_challenge.clone().unwrap_or_default();
    let base64url = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if challenge.len() != 43 || !challenge.chars().all(base64url) {
        return problem(
            "code_challenge must be the base64url SHA-256 of the verifier (43 characters).",
        );
    }
    Ok(Ok(Authorization {
        project,
        redirect_uri,
        state: query.state.clone(),
        challenge,
    }))
}

/// Authorizes the admin for `user`, who must be a member of the project's team: the address to
/// send the browser to, with the code and the state.
pub async fn authorize(db: &Db, request: &Authorization, user: &User) -> Result<url::Url, Error> {
    let Some(_) = teams::role_of(db, &request.project.team, &user.id).await? else {
        return Err(Error::Forbidden(format!(
            "You are not a member of the team {}; ask one of its admins to invite you.",
            request.project.team.name
        )));
    };
    let code = secret::token();
    sqlx::query("INSERT INTO oauth_codes (code_hash, project_id, user_id, redirect_uri, code_challenge, expires_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(secret::hash(&code))
        .bind(&request.project.id)
        .bind(&user.id)
        .bind(request.redirect_uri.as_str())
        .bind(&request.challenge)
        .bind(now() + CODE_LIFETIME_SECS)
        .execute(&db.pool)
        .await?;
    let mut target = request.redirect_uri.clone();
    target.query_pairs_mut().append_pair("code", &code);
    if let Some(state) = &request.state {
        target.query_pairs_mut().append_pair("state", state);
    }
    Ok(target)
}

/// An OAuth 2 error answer (RFC 6749 § 5.2).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct OAuthError {
    pub error: &'static str,
    pub error_description: String,
}

fn oauth_error(error: &'static str, description: &str) -> OAuthError {
    OAuthError {
        error,
        error_description: description.to_string(),
    }
}

/// `POST /oauth/token`'s form.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct TokenForm {
    pub grant_type: Option<String>,
    pub code: Option<String>,
    pub client_id: Option<String>,
    pub redirect_uri: Option<String>,
    pub code_verifier: Option<String>,
}

/// The token answer.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TokenAnswer {
    pub access_token: String,
    pub token_type: String,
    pub expires_in: i64,
}

/// Exchanges a code for a token. The code is spent by the first attempt, right or wrong.
pub async fn exchange(db: &Db, form: &TokenForm) -> Result<Result<TokenAnswer, OAuthError>, Error> {
    if form.grant_type.as_deref() != Some("authorization_code") {
        return Ok(Err(oauth_error(
            "unsupported_grant_type",
            "grant_type must be authorization_code.",
        )));
    }
    let (Some(code), Some(client_id), Some(redirect_uri), Some(verifier)) = (
        &form.code,
        &form.client_id,
        &form.redirect_uri,
        &form.code_verifier,
    ) else {
        return Ok(Err(oauth_error(
            "invalid_request",
            "code, client_id, redirect_uri and code_verifier are required.",
        )));
    };
    let row = sqlx::query("DELETE FROM oauth_codes WHERE code_hash = $1 RETURNING project_id, user_id, redirect_uri, code_challenge, expires_at")
        .bind(secret::hash(code))
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else {
        return Ok(Err(oauth_error(
            "invalid_grant",
            "The code is not one, or it has been used.",
        )));
    };
    let project_id: String = row.try_get("project_id")?;
    let user_id: String = row.try_get("user_id")?;
    if row.try_get::<i64, _>("expires_at")? <= now() {
        return Ok(Err(oauth_error(
            "invalid_grant",
            "The code has expired; sign in again.",
        )));
    }
    let project = teams::project(db, client_id).await?;
    if project.as_ref().map(|p| &p.id) != Some(&project_id) {
        return Ok(Err(oauth_error(
            "invalid_grant",
            "The code was issued to another project.",
        )));
    }
    if row.try_get::<String, _>("redirect_uri")? != *redirect_uri {
        return Ok(Err(oauth_error(
            "invalid_grant",
            "The redirect_uri is not the one the code was issued for.",
        )));
    }
    if secret::challenge(verifier) != row.try_get::<String, _>("code_challenge")? {
        return Ok(Err(oauth_error(
            "invalid_grant",
            "The code_verifier does not match the code_challenge.",
        )));
    }
    let (Some(project), Some(user)) = (project, people::by_id(db, &user_id).await?) else {
        return Ok(Err(oauth_error(
            "invalid_grant",
            "The code's project or person is gone.",
        )));
    };
    Ok(Ok(issue(db, &project, &user).await?))
}

/// A new token of `user` for `project`, for [`TOKEN_LIFETIME_SECS`]; the team's log says so.
pub async fn issue(db: &Db, project: &Project, user: &User) -> Result<TokenAnswer, Error> {
    let token = secret::token();
    let at = now();
    sqlx::query("INSERT INTO access_tokens (token_hash, project_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(secret::hash(&token))
        .bind(&project.id)
        .bind(&user.id)
        .bind(at)
        .bind(at + TOKEN_LIFETIME_SECS)
        .execute(&db.pool)
        .await?;
    let detail = format!("{} signed in to {}", user.email, project.client_id());
    audit::record(db, &project.team, Some(&user.id), "token.issued", &detail).await?;
    Ok(TokenAnswer {
        access_token: token,
        token_type: "bearer".into(),
        expires_in: TOKEN_LIFETIME_SECS,
    })
}

/// Revokes a token (RFC 7009: a token that is not one is no error).
pub async fn revoke(db: &Db, token: &str) -> Result<(), Error> {
    let Some((user, project)) = bearer(db, token).await? else {
        return Ok(());
    };
    sqlx::query("UPDATE access_tokens SET revoked_at = $1 WHERE token_hash = $2")
        .bind(now())
        .bind(secret::hash(token))
        .execute(&db.pool)
        .await?;
    audit::record(
        db,
        &project.team,
        Some(&user.id),
        "token.revoked",
        &format!("{} signed out of {}", user.email, project.client_id()),
    )
    .await
}

/// The person and project a token is valid for, while it is.
pub async fn bearer(db: &Db, token: &str) -> Result<Option<(User, Project)>, Error> {
    let row = sqlx::query("SELECT access_tokens.user_id, teams.slug AS team_slug, projects.slug AS project_slug FROM access_tokens JOIN projects ON projects.id = access_tokens.project_id JOIN teams ON teams.id = projects.team_id WHERE token_hash = $1 AND expires_at > $2 AND revoked_at IS NULL")
        .bind(secret::hash(token))
        .bind(now())
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let client_id = format!(
        "{}/{}",
        row.try_get::<String, _>("team_slug")?,
        row.try_get::<String, _>("project_slug")?
    );
    let (Some(user), Some(project)) = (
        people::by_id(db, &row.try_get::<String, _>("user_id")?).await?,
        teams::project(db, &client_id).await?,
    ) else {
        return Ok(None);
    };
    // A member who has left the team is signed out of its projects.
    match teams::role_of(db, &project.team, &user.id).await? {
        Some(_) => Ok(Some((user, project))),
        None => Ok(None),
    }
}

/// The spec's cloud info for a token's person and project.
pub async fn info(db: &Db, token: &str) -> Result<Option<serde_json::Value>, Error> {
    let Some((user, project)) = bearer(db, token).await? else {
        return Ok(None);
    };
    let role = teams::role_of(db, &project.team, &user.id)
        .await?
        .unwrap_or(Role::Viewer);
    let mut user_json =
        serde_json::json!({ "id": user.id, "name": user.name, "email": user.email });
    if let Some(avatar) = &user.avatar_url {
        user_json["avatarUrl"] = avatar.clone().into();
    }
    Ok(Some(serde_json::json!({
        "user": user_json,
        "project": { "name": project.name, "repository": project.repository },
        "team": {
            "name": project.team.name,
            "slug": project.team.slug,
            "images": project.team.images,
            "multiplayer": project.team.multiplayer,
        },
        "role": role.name(),
    })))
}
