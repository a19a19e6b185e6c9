//! The admin app, embedded in the binary (`web-dist`): `/keystatic` and every path under it serve
//! the app, which shows its own not-found screen, or one of its built assets.

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use web_dist::asset;

use crate::state::AppState;
use crate::{guard, headers};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { Redirect::temporary("/keystatic") }))
        .route("/keystatic", get(app))
        .route("/keystatic/", get(app))
        .route("/keystatic/{*path}", get(app))
        .route("/favicon.ico", get(|| async { asset("favicon.svg", None) }))
}

async fn app(State(state): State<AppState>, request: Request) -> Response {
    // The admin runs on the loopback address it listens on, not `localhost`, so that its origin
    // (and its drafts) stay the same.
    if let Some(port) =
        guard::request_host(&request).and_then(|host| host.strip_prefix("localhost"))
        && (port.is_empty()
            || port
                .strip_prefix(':')
                .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
        && let Some(address) = state.allowed_hosts.iter().find(|h| {
            h.parse::<std::net::SocketAddr>()
                .is_ok_and(|a| a.ip().is_loopback())
        })
    {
        let target = format!(
            "http://{address}{}",
            request.uri().path_and_query().map_or("", |p| p.as_str())
        );
        return Redirect::temporary(&target).into_response();
    }
    let path = request
        .uri()
        .path()
        .trim_start_matches("/keystatic")
        .trim_start_matches('/');
    if path.starts_with("assets/") || (path.contains('.') && web_dist::has(path)) {
        let accept = request
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok());
        return asset(path, accept);
    }
    let nonce = web_dist::nonce();
    // The site's locale is one of the admin's locale names (checked when the config was read).
    let metas: Vec<(&str, &str)> = state
        .config
        .locale
        .iter()
        .map(|locale| ("quire-locale", locale.as_str()))
        .collect();
    match web_dist::page("index.html", &nonce, &metas) {
        Some(page) => {
            let mut response = page.into_response();
            let fields = response.headers_mut();
            fields.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            fields.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            // During the setup, the page's form sends the app manifest to GitHub.
            let form_to = state.setup_form_target();
            let cloud = state.cloud_sign_in().and_then(|s| s.accounts.provider_url());
            let policy = headers::page_policy(&nonce, form_to.as_deref(), cloud.as_deref());
            if let Ok(policy) = HeaderValue::from_str(&policy) {
                fields.insert(header::CONTENT_SECURITY_POLICY, policy);
            }
            response
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The admin app is not built into this binary: run `npm run build` in web/ and rebuild quire",
        )
            .into_response(),
    }
}
