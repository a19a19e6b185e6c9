//! Security headers on every response: the admin runs only its own scripts, cannot be framed, and
//! is never sniffed into another type; a site's files (blobs) are served as inert documents. API
//! answers are one person's (what their sign-in may read): no shared cache keeps them.
//!
//! The admin's page gets a policy of its own, with a fresh nonce for the style elements its widget
//! library adds (react-aria reads it from `<meta name="csp-nonce">`).

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The admin loads scripts, styles and fonts from itself only. Images may also be `data:` and
/// `blob:` URLs (uploads are shown before they are saved) and `https:` ones (cloud images live on
/// an image service).
const ADMIN_POLICY: &str = "default-src 'self'; script-src 'self'; object-src 'none'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; img-src 'self' data: blob: https:";

/// The admin's policy for a page whose style elements carry `nonce`. Style attributes stay allowed:
/// the editor draws alignment and layout columns with them and reads pasted documents' styles
/// (Google Docs marks bold that way); style elements need the nonce.
/// `form_to` is one more place forms may post to (GitHub's origin, while the setup creates an app).
pub fn page_policy(nonce: &str, form_to: Option<&str>) -> String {
    let policy = match form_to {
        Some(origin) => ADMIN_POLICY.replace(
            "form-action 'self'",
            &format!("form-action 'self' {origin}"),
        ),
        None => ADMIN_POLICY.to_string(),
    };
    format!("{policy}; style-src 'self' 'nonce-{nonce}'; style-src-attr 'unsafe-inline'")
}

/// A blob is the site's bytes, whatever they are: opened directly, it may run nothing.
const BLOB_POLICY: &str = "sandbox";

pub async fn secure(request: Request, next: Next) -> Response {
    let blob = is_blob(request.uri().path());
    let api = request.uri().path().starts_with("/api/keystatic/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if api {
        if !headers.contains_key(header::CACHE_CONTROL) {
            headers.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-store"),
            );
        }
        headers.append(header::VARY, HeaderValue::from_static("Cookie"));
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let policy = if blob { BLOB_POLICY } else { ADMIN_POLICY };
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(policy),
        );
    }
    let set = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    for (name, value) in set {
        headers.insert::<HeaderName>(name, HeaderValue::from_static(value));
    }
    response
}

fn is_blob(path: &str) -> bool {
    path.starts_with("/api/keystatic/blob/") || path.starts_with("/api/keystatic/v1/blob/")
}
