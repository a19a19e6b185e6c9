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
/// `form_to` is one more place forms may post to (GitHub's origin, while the setup creates an app);
/// `images_from` the site's cloud, whose images the admin shows even when it is not on `https:`
/// (a cloud on the same machine).
pub fn page_policy(nonce: &str, form_to: Option<&str>, images_from: Option<&str>) -> String {
    let mut policy = ADMIN_POLICY.to_string();
    if let Some(origin) = form_to {
        policy = policy.replace(
            "form-action 'self'",
            &format!("form-action 'self' {origin}"),
        );
    }
    if let Some(origin) = images_from.and_then(origin_of) {
        policy = policy.replace("img-src 'self'", &format!("img-src 'self' {origin}"));
    }
    format!("{policy}; style-src 'self' 'nonce-{nonce}'; style-src-attr 'unsafe-inline'")
}

/// `url`'s origin as a policy names a source; None for anything but an http(s) address.
fn origin_of(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    matches!(url.scheme(), "http" | "https").then(|| url.origin().ascii_serialization())
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

#[cfg(test)]
mod tests {
    use super::page_policy;

    #[test]
    fn the_admin_shows_its_own_clouds_images_and_no_other_plain_http_ones() {
        let policy = page_policy("n", None, Some("http://127.0.0.1:4000/"));
        assert!(policy.contains("img-src 'self' http://127.0.0.1:4000 data: blob: https:;"));
        let policy = page_policy("n", None, None);
        assert!(policy.contains("img-src 'self' data: blob: https:;"));
        // Only an address's origin goes into the policy, never what would end its directive.
        let policy = page_policy("n", None, Some("javascript:alert(1); script-src *"));
        assert!(!policy.contains("alert"));
    }
}
