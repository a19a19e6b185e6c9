//! The web build (`web/dist`), embedded in the binary once and served by the admin (`server`) and
//! by Quire Cloud (`cloud`): built assets with long caching, brotli or gzip copies made at build
//! time (`web/scripts/compress.mjs`) to browsers that take them, and the pages (`index.html`,
//! `cloud.html`) with a fresh nonce for the style elements their widget library adds.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Dist;

/// Whether the build has a file at `path` (`assets/app-1234.js`, `favicon.svg`).
pub fn has(path: &str) -> bool {
    Dist::get(path).is_some()
}

/// A page of the build with `nonce` for its style elements (react-aria reads it from
/// `<meta name="csp-nonce">`) and `metas` (name, content) beside it, their values written as given
/// (callers pass no text that needs escaping); `None` when the build is not in this binary.
pub fn page(name: &str, nonce: &str, metas: &[(&str, &str)]) -> Option<String> {
    let file = Dist::get(name)?;
    let mut head = format!("<head>\n    <meta name=\"csp-nonce\" nonce=\"{nonce}\" />");
    for (name, content) in metas {
        head.push_str(&format!(
            "\n    <meta name=\"{name}\" content=\"{content}\" />"
        ));
    }
    Some(String::from_utf8_lossy(&file.data).replacen("<head>", &head, 1))
}

/// A nonce no one can guess: 128 random bits, hex.
pub fn nonce() -> String {
    let mut bytes = [0u8; 16];
    // Without randomness there is no nonce to trust; the page then has no inline styles at all.
    if getrandom::fill(&mut bytes).is_err() {
        return String::new();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A built file; `accept` is the request's `Accept-Encoding`.
pub fn asset(path: &str, accept: Option<&str>) -> Response {
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
