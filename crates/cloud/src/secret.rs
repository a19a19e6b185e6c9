//! Random secrets (tokens, codes, links) and how they are kept: only their SHA-256, so that the
//! database alone lets no one in.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// 256 random bits, base64url without padding.
pub(crate) fn token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the system's random source");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A record's id: 128 random bits as hex.
pub(crate) fn id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What is stored in place of a secret.
pub(crate) fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The PKCE challenge of a verifier (S256): base64url(SHA-256(verifier)).
pub(crate) fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// The name a listed record (a session, an invitation) goes by on the pages: the start of its
/// secret's hash, which names it and opens nothing.
pub(crate) fn public_id(hash: &str) -> String {
    hash[..PUBLIC_ID_LENGTH].to_string()
}

const PUBLIC_ID_LENGTH: usize = 16;

/// The `LIKE` pattern matching the hash that `id` (a [`public_id`]) names; `None` when it is none.
pub(crate) fn public_id_pattern(id: &str) -> Option<String> {
    (id.len() == PUBLIC_ID_LENGTH && id.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| format!("{id}%"))
}
