//! Security headers on every response: the admin runs only its own scripts, cannot be framed, and
//! is never sniffed into another type; a site's files (blobs) are served as inert documents.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The admin loads scripts, styles and fonts from itself only; images may also be `data:` and
/// `blob:` URLs (uploads are shown before they are saved).
const ADMIN_POLICY: &str = "default-src 'self'; script-src 'self'; object-src 'none'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; img-src 'self' data: blob:";

/// A blob is the site's bytes, whatever they are: opened directly, it may run nothing.
const BLOB_POLICY: &str = "sandbox";

pub async fn secure(request: Request, next: Next) -> Response {
    let blob = is_blob(request.uri().path());
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let policy = if blob { BLOB_POLICY } else { ADMIN_POLICY };
    let set = [
        (header::CONTENT_SECURITY_POLICY, policy),
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
