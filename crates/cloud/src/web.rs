//! The cloud's own pages (`web/src/cloud`, the `cloud.html` entry of the web build, embedded by
//! `web-dist`) and the headers every answer carries: its pages run only their own scripts, cannot
//! be framed, and send no referrer (addresses here carry codes); API answers are never cached.

use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::state::Cloud;

/// The paths of the cloud's pages, which the page's own router tells apart.
const PAGES: &[&str] = &["/", "/sign-in", "/setup", "/authorize", "/link", "/account"];

pub fn routes() -> Router<Cloud> {
    let mut router = Router::new()
        .route("/teams/{slug}", get(page))
        .route("/teams/{slug}/project/{project}/images", get(page))
        .route("/github-app", get(github_app_page))
        .route("/keystatic/assets/{*path}", get(asset))
        .route(
            "/favicon.ico",
            get(|| async { web_dist::asset("favicon.svg", None) }),
        );
    for path in PAGES {
        router = router.route(path, get(page));
    }
    router
}

/// The policy of the cloud's pages; `nonce` lets their widget library add style elements, and
/// forms post to the cloud and to `form_to`.
fn policy(nonce: &str, form_to: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'{form_to}; img-src 'self' data: https:; style-src 'self' 'nonce-{nonce}'; style-src-attr 'unsafe-inline'"
    )
}

async fn page() -> Response {
    page_posting_to("")
}

/// The page that makes the cloud's GitHub App: its form posts the app's manifest to GitHub.
async fn github_app_page(State(cloud): State<Cloud>) -> Response {
    let github = url::Url::parse(&cloud.github_endpoints().web)
        .map(|url| format!(" {}", url.origin().ascii_serialization()))
        .unwrap_or_default();
    page_posting_to(&github)
}

fn page_posting_to(form_to: &str) -> Response {
    let nonce = web_dist::nonce();
    let Some(page) = web_dist::page("cloud.html", &nonce, &[]) else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The cloud's pages are not built into this binary: run `npm run build` in web/ and rebuild quire",
        )
            .into_response();
    };
    let mut response = page.into_response();
    let fields = response.headers_mut();
    fields.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    fields.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(policy) = HeaderValue::from_str(&policy(&nonce, form_to)) {
        fields.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

async fn asset(Path(path): Path<String>, request: Request) -> Response {
    let accept = request
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok());
    web_dist::asset(&format!("assets/{path}"), accept)
}

/// Headers on every answer of the cloud.
pub async fn secure(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let private =
        path.starts_with("/api/") || path.starts_with("/oauth/") || path.starts_with("/v1/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if private && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'; base-uri 'none'"),
        );
    }
    response
}
