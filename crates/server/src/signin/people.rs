//! Who is asking: the person signed in, as the admin greets them, and what their cloud says of
//! them.

use axum::http::HeaderMap;

use crate::error::ApiError;
use crate::state::AppState;

/// The person signed in, for the admin's greeting and user menu; None without sign-in.
pub async fn current_user(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<protocol::User>, ApiError> {
    let Some(sign_in) = state.sign_in() else {
        return Ok(None);
    };
    let token = match sign_in.access_token(headers) {
        Some(token) => token,
        None if sign_in.optional => return Ok(None),
        None => return Err(sign_in.unauthorized()),
    };
    let user = match sign_in.admitted(&token).await {
        Ok(user) => user,
        // Where signing in is optional, a sign-in that ran out (or a cloud out of reach) leaves
        // the person signed out, not the admin closed.
        Err(err) if sign_in.optional => {
            tracing::debug!("an optional sign-in is not honoured: {}", err.message);
            return Ok(None);
        }
        Err(err) => return Err(err),
    };
    Ok(Some(protocol::User {
        login: user.login,
        name: user.name,
        avatar_url: user.avatar_url,
        profile_url: user.profile_url,
    }))
}

/// What the cloud says of the person signed in to it (their team's features, its pages), through
/// the site's sign-in or one beside GitHub's; None without one.
pub async fn cloud_session(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<protocol::CloudSession>, ApiError> {
    let Some(sign_in) = state.cloud_sign_in() else {
        return Ok(None);
    };
    let Some(token) = sign_in.access_token(headers) else {
        return Ok(None);
    };
    let accounts = sign_in.accounts.clone();
    let session = match crate::limits::blocking(move || accounts.cloud_session(&token)).await {
        Ok(session) => session,
        Err(_) if sign_in.optional => None,
        Err(err) => return Err(err),
    };
    Ok(session.map(|session| {
        let (team, project) = session
            .project
            .split_once('/')
            .unwrap_or((session.project.as_str(), ""));
        protocol::CloudSession {
            account_url: format!("{}/account", session.url),
            image_library_url: session
                .images
                .then(|| format!("{}/teams/{team}/project/{project}/images", session.url)),
            project: session.project.clone(),
            team: session.team,
            multiplayer: session.multiplayer,
            // Beside GitHub's sign-in, the repository's access is GitHub's to say.
            read_only: session.read_only && state.cloud_beside.is_none(),
            can_upload: !session.read_only,
            url: session.url,
        }
    }))
}
