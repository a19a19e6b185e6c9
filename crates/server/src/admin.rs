//! The admin app, embedded in the binary: `/keystatic` and every path under it serve the app, which
//! shows its own not-found screen; built assets are served with long caching, brotli or gzip copies
//! made at build time (`web/scripts/compress.mjs`) to browsers that take them.

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

use crate::state::AppState;
use crate::{guard, headers};

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Dist;

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
    if path.starts_with("assets/") || (path.contains('.') && Dist::get(path).is_some()) {
        let accept = request
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok());
        return asset(path, accept);
    }
    match Dist::get("index.html") {
        Some(file) => {
            let nonce = headers::nonce();
            let page = String::from_utf8_lossy(&file.data).replacen(
                "<head>",
                &format!("<head>\n    <meta name=\"csp-nonce\" nonce=\"{nonce}\" />"),
                1,
            );
            let mut response = page.into_response();
            let fields = response.headers_mut();
            fields.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
            fields.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            // During the setup, the page's form sends the app manifest to GitHub.
            let form_to = state.setup_form_target();
            if let Ok(policy) =
                HeaderValue::from_str(&headers::page_policy(&nonce, form_to.as_deref()))
            {
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

/// A built file; `accept` is the request's `Accept-Encoding`.
fn asset(path: &str, accept: Option<&str>) -> Response {
    let Some(file) = Dist::get(path) else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    // The first copy made at build time that the browser takes.
    let copies = [("br", "br"), ("gzip", "gz")];
    let encoded = copies.iter().find_map(|(coding, extension)| {
        let copy = Dist::get(&format!("{path}.{extension}"))?;
        accept
            .is_some_and(|a| accepts(a, coding))
            .then_some((*coding, copy))
    });
    let has_copies = copies
        .iter()
        .any(|(_, extension)| Dist::get(&format!("{path}.{extension}")).is_some());
    let (body, coding) = match encoded {
        Some((coding, copy)) => (copy.data, Some(coding)),
        None => (file.data, None),
    };
    let mut response = body.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    if let Some(coding) = coding {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    if has_copies {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// Whether an `Accept-Encoding` value takes `coding`: named (or `*`) without `q=0`.
fn accepts(accept: &str, coding: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let quality = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if name.eq_ignore_ascii_case(coding) {
            named = Some(quality > 0.0);
        } else if name == "*" {
            any = Some(quality > 0.0);
        }
    }
    named.or(any).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::accepts;

    #[test]
    fn encodings_are_taken_as_accept_encoding_names_them() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("gzip, deflate, br, zstd", "gzip"));
        assert!(accepts("GZIP", "gzip"));
        assert!(!accepts("gzip", "br"));
        assert!(!accepts("br;q=0, gzip", "br"));
        assert!(accepts("br;q=0.5", "br"));
        assert!(accepts("*", "br"));
        assert!(!accepts("*, br;q=0", "br"));
        assert!(!accepts("identity", "gzip"));
        assert!(!accepts("", "br"));
    }
}
