//! Where the sign-in routes are (GitHub's or a cloud's): they change no content, and the limits
//! and the renewal of sign-ins leave them alone.

/// Whether `path` is one of the sign-in routes.
pub fn is_sign_in_path(path: &str) -> bool {
    ["/api/keystatic/github/", "/api/keystatic/cloud/"]
        .iter()
        .any(|prefix| path.starts_with(prefix))
}
