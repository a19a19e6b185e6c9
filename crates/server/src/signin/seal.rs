//! Cookies only the server can read: AES-256-GCM under a key derived (HKDF-SHA256) from
//! `KEYSTATIC_SECRET` and a fresh salt, as Keystatic seals its refresh token
//! (base64url of salt‖nonce‖ciphertext). The cookie's name is bound in as associated data, so a
//! value cannot be moved to another cookie.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hkdf::Hkdf;
use sha2::Sha256;

const SALT: usize = 16;
const NONCE: usize = 12;
/// Keystatic's minimum for `KEYSTATIC_SECRET`.
pub const SECRET_MIN: usize = 32;

#[derive(Clone)]
pub struct Sealer {
    secret: Vec<u8>,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(..)")
    }
}

impl Sealer {
    /// None when the secret is shorter than Keystatic allows.
    pub fn new(secret: &str) -> Option<Sealer> {
        (secret.len() >= SECRET_MIN).then(|| Sealer {
            secret: secret.as_bytes().to_vec(),
        })
    }

    fn cipher(&self, salt: &[u8]) -> Aes256Gcm {
        let mut key = [0u8; 32];
        Hkdf::<Sha256>::new(Some(salt), &self.secret)
            .expand(&[], &mut key)
            .expect("32 bytes is a valid HKDF-SHA256 length");
        Aes256Gcm::new(&key.into())
    }

    pub fn seal(&self, name: &str, value: &str) -> String {
        let mut head = [0u8; SALT + NONCE];
        getrandom::fill(&mut head).expect("the system's random source works");
        let (salt, nonce) = head.split_at(SALT);
        let sealed = self
            .cipher(salt)
            .encrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: value.as_bytes(),
                    aad: name.as_bytes(),
                },
            )
            .expect("AES-GCM encrypts any message of a cookie's size");
        let mut bytes = head.to_vec();
        bytes.extend(sealed);
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The value, or None when it was not sealed by this secret for this cookie.
    pub fn open(&self, name: &str, text: &str) -> Option<String> {
        let bytes = URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()?;
        if bytes.len() < SALT + NONCE {
            return None;
        }
        let (salt, rest) = bytes.split_at(SALT);
        let (nonce, sealed) = rest.split_at(NONCE);
        let plain = self
            .cipher(salt)
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: sealed,
                    aad: name.as_bytes(),
                },
            )
            .ok()?;
        String::from_utf8(plain).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "a secret of at least thirty-two characters";

    #[test]
    fn a_sealed_value_opens_only_with_its_secret_and_name() {
        let sealer = Sealer::new(SECRET).unwrap();
        let sealed = sealer.seal("keystatic-gh-access-token", "ghu_token");
        assert!(!sealed.contains("ghu_token"));
        assert_eq!(
            sealer.open("keystatic-gh-access-token", &sealed).as_deref(),
            Some("ghu_token")
        );
        // Another cookie's name, another secret, a changed byte: nothing.
        assert_eq!(sealer.open("keystatic-gh-refresh-token", &sealed), None);
        let other = Sealer::new("another secret of thirty-two characters!").unwrap();
        assert_eq!(other.open("keystatic-gh-access-token", &sealed), None);
        let mut changed = sealed.into_bytes();
        let last = changed.len() - 1;
        changed[last] = if changed[last] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(changed).unwrap();
        assert_eq!(sealer.open("keystatic-gh-access-token", &changed), None);
    }

    #[test]
    fn each_seal_is_different() {
        let sealer = Sealer::new(SECRET).unwrap();
        assert_ne!(sealer.seal("c", "v"), sealer.seal("c", "v"));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(Sealer::new(&"x".repeat(31)).is_none());
        assert!(Sealer::new(&"x".repeat(32)).is_some());
    }
}
