//! Keystatic's sign-in routes, below `/api/keystatic/github/` or `/api/keystatic/cloud/` as the
//! provider is (the cloud's callback is the spec's `/keystatic/cloud/oauth/callback`). `login` and
//! `oauth/callback` are browser navigations, with PKCE (S256) whatever the provider; `refresh-token`
//! is called by the admin when a request answered 401, and `logout` by its user menu (a same-origin
//! POST, so no other page can sign a person out).

use axum::Router;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use base64::Engine;
use serde::Deserialize;
use sha2::Digest;
use storage::{AuthError, Provider, Tokens};

use super::people::current_user;
use super::session::{SignIn, Which};
use crate::error::ApiError;
use crate::guard::request_host_of;
use crate::limits;
use crate::state::AppState;

/// How long a sign-in may take, from leaving for the provider to coming back.
const STATE_AGE: u64 = 10 * 60;
/// Cookie lifetimes when the provider gives none (tokens that do not expire).
const ACCESS_AGE: u64 = 14 * 24 * 3600;
const REFRESH_AGE: u64 = 180 * 24 * 3600;

/// The sign-in routes of the site's provider: GitHub's below `/api/keystatic/github/` (also when no
/// one signs in, where they answer 404), a cloud's below `/api/keystatic/cloud/` with its callback
/// at the spec's `/keystatic/cloud/oauth/callback`; with GitHub's, a cloud's beside it there too
/// when the site has a cloud project.
pub fn provider_routes(state: &AppState) -> Router<AppState> {
    let provider = state
        .sign_in()
        .map_or(Provider::Github, |sign_in| sign_in.accounts.provider());
    let routes = Router::new().nest(
        &format!("/api/keystatic/{}", provider.route_name()),
        site_routes(),
    );
    let cloud_callback = Provider::Cloud.callback_path();
    match provider {
        Provider::Github if state.cloud_beside.is_some() => routes
            .nest("/api/keystatic/cloud", token_routes(Which::CloudBeside))
            .route(
                cloud_callback,
                get(
                    |s: State<AppState>, h: HeaderMap, q: Query<CallbackQuery>| {
                        callback(Which::CloudBeside, s, h, q)
                    },
                ),
            ),
        // A site without a cloud says so in the spec's words where a cloud's routes would be.
        Provider::Github => routes
            .route(
                cloud_callback,
                get(|| async { (StatusCode::BAD_REQUEST, "Missing Keystatic Cloud config") }),
            )
            .route(
                "/api/keystatic/cloud/{*rest}",
                axum::routing::any(|| async { ApiError::not_found("Not a cloud config") }),
            ),
        Provider::Cloud => routes.route(
            cloud_callback,
            get(
                |s: State<AppState>, h: HeaderMap, q: Query<CallbackQuery>| {
                    callback(Which::Site, s, h, q)
                },
            ),
        ),
    }
}

/// The routes of the site's own sign-in.
fn site_routes() -> Router<AppState> {
    token_routes(Which::Site)
        .route("/repo-not-found", get(repo_not_found))
        .route("/created-app", get(super::setup_routes::created_app))
        .route("/setup", get(super::setup_routes::open_setup))
}

/// Signing in and out, and renewing, with the sign-in `which` names.
fn token_routes(which: Which) -> Router<AppState> {
    Router::new()
        .route(
            "/login",
            get(
                move |s: State<AppState>, h: HeaderMap, q: Query<LoginQuery>| login(which, s, h, q),
            ),
        )
        .route(
            "/oauth/callback",
            get(
                move |s: State<AppState>, h: HeaderMap, q: Query<CallbackQuery>| {
                    callback(which, s, h, q)
                },
            ),
        )
        .route(
            "/refresh-token",
            post(move |s: State<AppState>, h: HeaderMap| refresh(which, s, h)),
        )
        .route(
            "/logout",
            post(move |s: State<AppState>, h: HeaderMap| logout(which, s, h)),
        )
}

/// Without sign-in, these routes are not there.
fn not_here() -> Response {
    (StatusCode::NOT_FOUND, "Not Found").into_response()
}

/// Where the provider sends the browser back to.
fn redirect_uri(sign_in: &SignIn, headers: &HeaderMap) -> String {
    let origin = match &sign_in.public_url {
        Some(url) => url.clone(),
        // The guard has checked that the host is one the server answers to.
        None => format!("http://{}", request_host_of(headers).unwrap_or("localhost")),
    };
    format!("{origin}{}", sign_in.accounts.provider().callback_path())
}

/// 32 random bytes, base64url without padding: a state or a PKCE verifier, as the spec makes them.
fn random_key() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the system's random source works");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// PKCE's S256 challenge of `verifier`.
fn challenge(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(verifier))
}

/// A cookie that only the server reads: `value` sealed into the cookie `base` (empty: the cookie
/// is cleared).
pub(super) fn set_cookie(sign_in: &SignIn, base: &str, value: &str, max_age: u64) -> HeaderValue {
    let secure = if sign_in.secure() { "; Secure" } else { "" };
    let name = sign_in.cookie_name(base);
    let value = if value.is_empty() {
        String::new()
    } else {
        sign_in.sealer.seal(base, value)
    };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .expect("cookie names and sealed values are plain ASCII")
}

fn state_cookie(state: &str) -> String {
    format!("ks-{state}")
}

/// The admin's routes to come back to (below `/keystatic/`: a branch's screens, or a site's own
/// when signing in is optional). No escapes, queries or dot segments, which a browser would read as
/// a way elsewhere on this site.
fn is_return_route(from: &str) -> bool {
    !from
        .chars()
        .any(|c| c.is_control() || matches!(c, '\\' | '%' | '?' | '#'))
        && from
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

#[derive(Deserialize)]
struct LoginQuery {
    from: Option<String>,
}

async fn login(
    which: Which,
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<LoginQuery>,
) -> Response {
    let Some(sign_in) = state.sign_in_of(which) else {
        return not_here();
    };
    let nonce = random_key();
    let verifier = random_key();
    let from = query
        .from
        .filter(|from| is_return_route(from))
        .unwrap_or_default();
    let name = state_cookie(&nonce);
    let to = sign_in.accounts.authorize_url(
        &redirect_uri(&sign_in, &headers),
        &nonce,
        &challenge(&verifier),
    );
    let mut response = Redirect::temporary(&to).into_response();
    // The verifier never leaves the server but sealed in this cookie; `from` may be empty.
    let sealed = format!("{verifier} /{from}");
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(&sign_in, &name, &sealed, STATE_AGE),
    );
    response
}

#[derive(Deserialize)]
struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
}

async fn callback(
    which: Which,
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
) -> Response {
    let Some(sign_in) = state.sign_in_of(which) else {
        return not_here();
    };
    // Back from installing the GitHub App (on a fork) in a window of its own: the admin that
    // opened it looks again. Nothing is signed in here: this state is no one's own.
    if query.state.as_deref() == Some("close") {
        return installed_page();
    }
    let (Some(code), Some(nonce)) = (query.code, query.state) else {
        return (StatusCode::BAD_REQUEST, "Missing code or state").into_response();
    };
    // The state must be the one this browser left with.
    let name = state_cookie(&nonce);
    let held = nonce
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        .then(|| sign_in.open_cookie(&headers, &name))
        .flatten();
    let held = held.as_deref().and_then(|held| {
        let (verifier, from) = held.split_once(' ')?;
        Some((verifier.to_string(), from.strip_prefix('/')?.to_string()))
    });
    let Some((verifier, from)) = held else {
        return (StatusCode::BAD_REQUEST, "Invalid state").into_response();
    };
    let redirect = redirect_uri(&sign_in, &headers);
    let accounts = sign_in.accounts.clone();
    let tokens = match limits::run(limits::Work::Read, move || {
        accounts.exchange_code(&code, &redirect, &verifier)
    })
    .await
    {
        Ok(Ok(tokens)) => tokens,
        Ok(Err(err)) => return refused(sign_in.accounts.provider(), err),
        Err(err) => return err.into_response(),
    };
    let to = if from.is_empty() {
        "/keystatic".to_string()
    } else {
        format!("/keystatic/{from}")
    };
    let mut response = Redirect::temporary(&to).into_response();
    set_tokens(&sign_in, response.headers_mut(), &tokens);
    response
        .headers_mut()
        .append(header::SET_COOKIE, set_cookie(&sign_in, &name, "", 0));
    response
}

/// Tells the admin's other windows that an installation changed (as Keystatic does, through
/// `localStorage`), then closes itself. Its one script is allowed by its hash.
fn installed_page() -> Response {
    const SCRIPT: &str =
        "localStorage.setItem('ks-refetch-installations', 'true'); window.close();";
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(SCRIPT));
    let policy = format!("default-src 'none'; script-src 'sha256-{hash}'; base-uri 'none'");
    let page = format!(
        "<!doctype html><meta charset=\"utf-8\"><title>GitHub App installed</title>\
         <p>GitHub App installed. You can close this window.</p><script>{SCRIPT}</script>"
    );
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CONTENT_SECURITY_POLICY, policy),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        page,
    )
        .into_response()
}

fn refused(provider: Provider, err: AuthError) -> Response {
    let name = provider.display_name();
    match err {
        // The cloud's refusal is the spec's text ('Bad response: {status} {statusText}' and the
        // body), shown as it is.
        AuthError::Refused(message) if provider == Provider::Cloud => {
            (StatusCode::UNAUTHORIZED, message).into_response()
        }
        AuthError::Refused(message) => (
            StatusCode::UNAUTHORIZED,
            format!("{name} did not sign you in: {message}"),
        )
            .into_response(),
        AuthError::Unavailable(message) => {
            tracing::error!("signing in: {message}");
            (
                StatusCode::BAD_GATEWAY,
                format!("{name} could not be reached"),
            )
                .into_response()
        }
    }
}

fn set_tokens(sign_in: &SignIn, headers: &mut HeaderMap, tokens: &Tokens) {
    headers.append(
        header::SET_COOKIE,
        set_cookie(
            sign_in,
            sign_in.cookies.access,
            &tokens.access,
            tokens.expires_in.unwrap_or(ACCESS_AGE),
        ),
    );
    match &tokens.refresh {
        Some(refresh) => {
            let age = tokens.refresh_expires_in.unwrap_or(REFRESH_AGE);
            headers.append(
                header::SET_COOKIE,
                set_cookie(sign_in, sign_in.cookies.refresh, refresh, age),
            );
        }
        None => clear(sign_in, headers, sign_in.cookies.refresh),
    }
}

/// Clears both cookies of `sign_in`.
fn clear_tokens(sign_in: &SignIn, headers: &mut HeaderMap) {
    clear(sign_in, headers, sign_in.cookies.access);
    clear(sign_in, headers, sign_in.cookies.refresh);
}

fn clear(sign_in: &SignIn, headers: &mut HeaderMap, name: &str) {
    headers.append(header::SET_COOKIE, set_cookie(sign_in, name, "", 0));
}

/// Renews the access token from the refresh token; 401 (and no cookies) when that is not possible.
async fn refresh(which: Which, State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(sign_in) = state.sign_in_of(which) else {
        return ApiError::not_found("No one signs in to this storage").into_response();
    };
    let Some(refresh) = sign_in.open_cookie(&headers, sign_in.cookies.refresh) else {
        return ApiError::unauthorized().into_response();
    };
    let renewing = sign_in.clone();
    let tokens = limits::run(limits::Work::Read, move || renewing.renew(&refresh)).await;
    match tokens {
        Ok(Ok(tokens)) => {
            let mut response = StatusCode::OK.into_response();
            set_tokens(&sign_in, response.headers_mut(), &tokens);
            response
        }
        Ok(Err(AuthError::Refused(_))) => {
            let mut response = ApiError::unauthorized().into_response();
            clear_tokens(&sign_in, response.headers_mut());
            response
        }
        Ok(Err(AuthError::Unavailable(message))) => {
            tracing::error!("renewing a sign-in: {message}");
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                protocol::ErrorCode::StorageUnavailable,
                format!(
                    "{} could not be reached",
                    sign_in.accounts.provider().display_name()
                ),
            )
            .into_response()
        }
        Err(err) => err.into_response(),
    }
}

/// A call whose access cookie has run out (the browser dropped it) but whose refresh cookie holds:
/// renewed here, before the call goes on, so the browser gets its new cookies with an answer it
/// reads (a renewal of its own could be cut short by a navigation and its cookies lost). The
/// site's sign-in and a cloud's beside it are renewed alike.
pub async fn renew_expired(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path();
    let api_call =
        path.starts_with("/api/keystatic/") && !crate::sign_in_paths::is_sign_in_path(path);
    if !api_call {
        return next.run(request).await;
    }
    let mut renewed = Vec::new();
    for sign_in in [Which::Site, Which::CloudBeside]
        .into_iter()
        .filter_map(|which| state.sign_in_of(which))
    {
        if let Some(tokens) = renew_for_call(&sign_in, &mut request).await {
            renewed.push((sign_in, tokens));
        }
    }
    let mut response = next.run(request).await;
    for (sign_in, tokens) in renewed {
        set_tokens(&sign_in, response.headers_mut(), &tokens);
    }
    response
}

/// New tokens for `sign_in` when the call has its refresh cookie but no access cookie, put into
/// the call's cookies in place of any access cookie it came with (one the server could not open,
/// say, from another admin on this host); None when nothing was renewed, and the call answers as
/// it would have (a 401, after which the admin asks the person to sign in).
async fn renew_for_call(sign_in: &SignIn, request: &mut Request) -> Option<Tokens> {
    if sign_in.access_token(request.headers()).is_some() {
        return None;
    }
    let refresh = sign_in.open_cookie(request.headers(), sign_in.cookies.refresh)?;
    let renewing = sign_in.clone();
    let Ok(Ok(tokens)) = limits::run(limits::Work::Read, move || renewing.renew(&refresh)).await
    else {
        return None;
    };
    let access = sign_in.cookies.access;
    let name = sign_in.cookie_name(access);
    let sealed = sign_in.sealer.seal(access, &tokens.access);
    let mut pairs: Vec<String> = request
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .map(str::trim)
        .filter(|pair| !pair.starts_with(&format!("{name}=")))
        .map(String::from)
        .collect();
    pairs.push(format!("{name}={sealed}"));
    request.headers_mut().remove(header::COOKIE);
    if let Ok(value) = HeaderValue::from_str(&pairs.join("; ")) {
        request.headers_mut().insert(header::COOKIE, value);
    }
    Some(tokens)
}

/// Keystatic's way to the repository problem page: the sign-in renewed first (a token from before
/// the app was installed may not see the repository yet), then `/keystatic/repo-not-found`;
/// without a sign-in that can be renewed, as `login`.
async fn repo_not_found(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Query<LoginQuery>,
) -> Response {
    let Some(sign_in) = state.sign_in() else {
        return not_here();
    };
    let Some(refresh) = sign_in.open_cookie(&headers, sign_in.cookies.refresh) else {
        return login(Which::Site, State(state), headers, query).await;
    };
    let renewing = sign_in.clone();
    match limits::run(limits::Work::Read, move || renewing.renew(&refresh)).await {
        Ok(Ok(tokens)) => {
            let mut response = Redirect::temporary("/keystatic/repo-not-found").into_response();
            set_tokens(&sign_in, response.headers_mut(), &tokens);
            response
        }
        _ => login(Which::Site, State(state), headers, query).await,
    }
}

/// Ends the sign-in at the provider and forgets it here: the person's collaboration sockets on
/// this server close at once (other servers find out when they next check, `collab/`). Logging
/// out of the site ends a sign-in to a cloud beside it too.
async fn logout(which: Which, State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(sign_in) = state.sign_in_of(which) else {
        return not_here();
    };
    if which == Which::Site
        && sign_in.access_token(&headers).is_some()
        && let Ok(Some(user)) = current_user(&state, &headers).await
    {
        // Who it is (known already, or asked with the token before it goes), for their sockets.
        state.collab.log_out(&user.login);
    }
    let mut ended = vec![sign_in];
    if which == Which::Site {
        ended.extend(state.sign_in_of(Which::CloudBeside));
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    for sign_in in ended {
        end(&sign_in, &headers).await;
        clear_tokens(&sign_in, response.headers_mut());
    }
    response
}

/// Revokes the person's token of `sign_in` at its provider, if they hold one.
async fn end(sign_in: &SignIn, headers: &HeaderMap) {
    let Some(token) = sign_in.access_token(headers) else {
        return;
    };
    sign_in.forget(&token);
    let accounts = sign_in.accounts.clone();
    match limits::run(limits::Work::Read, move || accounts.revoke(&token)).await {
        Ok(Ok(())) => {}
        Ok(Err(err)) => tracing::warn!("revoking a token at logout: {err}"),
        Err(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::is_return_route;

    #[test]
    fn only_the_admins_own_screens_are_returned_to() {
        assert!(is_return_route("branch/main"));
        assert!(is_return_route(
            "branch/quire/new-look/collection/posts/item/a"
        ));
        assert!(is_return_route("collection/posts/item/a"));
        assert!(!is_return_route("/collection/posts"));
        assert!(!is_return_route(""));
        assert!(!is_return_route("branch/"));
        assert!(!is_return_route("https://evil.example"));
        assert!(!is_return_route("branch//evil.example"));
        assert!(!is_return_route("branch/main/../../api"));
        assert!(!is_return_route("branch/main\r\nSet-Cookie: x=1"));
        assert!(!is_return_route(
            "branch/%2e%2e/%2e%2e/api/keystatic/github/logout"
        ));
        assert!(!is_return_route("branch/main/./x"));
        assert!(!is_return_route("branch/main?next=/api"));
    }
}
