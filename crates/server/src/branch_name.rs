//! Branch names the server takes. Every name from a request is checked here, once, at the edge,
//! against git's own rules (`git check-ref-format`): a name git would rewrite (`/main`, `main/`,
//! `a//b`) is refused rather than normalized, so that a name compared here is the name git uses.

use axum::http::StatusCode;

use protocol::ErrorCode;

use crate::error::ApiError;

/// Refuses a branch name git would refuse or rewrite.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    if is_valid(name) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidBranchName,
            format!("\"{name}\" is not a valid branch name"),
        ))
    }
}

fn is_valid(name: &str) -> bool {
    let forbidden = |c: char| c.is_ascii_control() || " ~^:?*[\\".contains(c);
    !name.is_empty()
        && name != "@"
        && name != "HEAD"
        && !name.starts_with('-')
        && !name.ends_with('.')
        && !name.contains("..")
        && !name.contains("@{")
        && !name.chars().any(forbidden)
        && name
            .split('/')
            .all(|part| !part.is_empty() && !part.starts_with('.') && !part.ends_with(".lock"))
}

#[cfg(test)]
mod tests {
    use super::is_valid;

    #[test]
    fn names_follow_gits_rules() {
        for good in [
            "main",
            "quire/new-look",
            "feature/a.b",
            "v1.2",
            "release-2024",
            "ünïcode",
        ] {
            assert!(is_valid(good), "{good}");
        }
        for bad in [
            "",
            "/main",
            "main/",
            "a//b",
            "-main",
            "..",
            "a..b",
            ".hidden",
            "a/.b",
            "a.lock",
            "a/b.lock/c",
            "main.",
            "@",
            "HEAD",
            "a@{1}",
            "a b",
            "a~1",
            "a^",
            "a:b",
            "a?",
            "a*",
            "a[",
            "a\\b",
            "a\u{7f}",
            "a\tb",
        ] {
            assert!(!is_valid(bad), "{bad:?}");
        }
    }
}
