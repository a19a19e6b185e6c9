//! Who is asking: the person signed in, as the admin greets them.

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
    let token = sign_in
        .access_token(headers)
        .ok_or_else(|| sign_in.unauthorized())?;
    let user = sign_in.admitted(&token).await?;
    Ok(Some(protocol::User {
        login: user.login,
        name: user.name,
        avatar_url: user.avatar_url,
        profile_url: user.profile_url,
    }))
}
