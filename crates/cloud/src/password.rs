//! Passwords: the rule a new one must meet, and argon2id hashes (the library's current
//! parameters; a hash records its own, so older ones still verify).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use crate::error::Error;

/// The shortest password taken.
pub const MIN_LENGTH: usize = 10;
/// The longest: hashing is costly, so a huge one is refused before it is hashed.
pub const MAX_LENGTH: usize = 200;

/// Passwords that lists of leaked ones start with; the rule refuses them whatever their length.
const COMMON: &str = include_str!("common_passwords.txt");

/// Why `password` may not be used, if it may not.
pub fn problem(password: &str) -> Option<String> {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        return Some(format!("Use at least {MIN_LENGTH} characters."));
    }
    if length > MAX_LENGTH {
        return Some(format!("Use at most {MAX_LENGTH} characters."));
    }
    let lower = password.to_lowercase();
    if COMMON.lines().any(|common| common == lower) {
        return Some("This password is among the most common ones; choose another.".into());
    }
    None
}

/// The stored form of a password that meets the rule.
pub(crate) fn hash(password: &str) -> Result<String, Error> {
    if let Some(problem) = problem(password) {
        return Err(Error::Invalid(problem));
    }
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| Error::Unavailable(format!("hashing a password: {e}")))
}

/// Whether `password` is the one `stored` was made from.
pub(crate) fn verify(password: &str, stored: &str) -> bool {
    if password.len() > MAX_LENGTH * 4 {
        return false;
    }
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_common_passwords_are_refused() {
        assert_eq!(problem("short"), Some("Use at least 10 characters.".into()));
        assert!(problem("password123").is_some_and(|p| p.contains("most common")));
        assert!(problem("Password123").is_some(), "case does not matter");
        assert_eq!(problem("a long and rare phrase"), None);
    }

    #[test]
    fn a_hash_verifies_its_password_only() {
        let stored = hash("a long and rare phrase").unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(verify("a long and rare phrase", &stored));
        assert!(!verify("a long and rare phrasE", &stored));
        assert!(!verify("anything", "not a hash"));
    }
}
