//! OAuth codes and tokens as a GitHub App issues them: codes used once within ten minutes, access
//! tokens that expire (or never, when the app's expiring tokens are off), refresh tokens used once.
//! All are random, so that a client cannot get by with a token it did not receive.

use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// How long an access token lasts unless told otherwise: GitHub's eight hours.
pub const DEFAULT_ACCESS_TOKEN_LIFETIME: Duration = Duration::from_secs(28_800);
/// How long a refresh token lasts: GitHub's six months.
pub const REFRESH_TOKEN_LIFETIME: Duration = Duration::from_secs(15_897_600);
/// How long an authorization code may wait to be exchanged.
const CODE_LIFETIME: Duration = Duration::from_secs(600);

/// A code the authorize page handed out.
struct Code {
    login: String,
    redirect_uri: String,
    /// PKCE's S256 challenge the code was asked with.
    challenge: Option<String>,
    expires: Instant,
}

/// A token and whose it is; `expires` none for a token that never expires.
struct Held {
    login: String,
    expires: Option<Instant>,
}

impl Held {
    fn live(&self, now: Instant) -> bool {
        self.expires.is_none_or(|at| now < at)
    }
}

/// An installation token: the app acting on the repositories it was restricted to.
#[derive(Debug, Clone)]
pub(crate) struct InstallationToken {
    /// Lowercase repository names.
    pub repositories: BTreeSet<String>,
    /// Whether `contents: write` was granted (else read only).
    pub write: bool,
    expires: Instant,
}

/// How long an installation token lasts: GitHub's hour.
pub const INSTALLATION_TOKEN_LIFETIME: Duration = Duration::from_secs(3600);

/// What a successful exchange answers.
#[derive(Debug, Clone)]
pub(crate) struct Grant {
    pub access_token: String,
    /// Seconds the access token lasts and the refresh token, when tokens expire.
    pub expiry: Option<(u64, String)>,
}

/// Why a code was not exchanged.
pub(crate) enum CodeRefused {
    /// Unknown, used or expired.
    Bad,
    /// The `redirect_uri` differs from the one the code was issued for.
    RedirectMismatch,
    /// The code was issued with a PKCE challenge that the `code_verifier` does not answer.
    Verifier,
}

pub(crate) struct Tokens {
    /// How long new access tokens last; none: they never expire and come without refresh tokens.
    pub lifetime: Option<Duration>,
    codes: HashMap<String, Code>,
    access: HashMap<String, Held>,
    refresh: HashMap<String, Held>,
    installation: HashMap<String, InstallationToken>,
    /// Codes of apps made from a manifest → the app's name; each converted once.
    app_codes: HashMap<String, String>,
}

impl Tokens {
    pub fn new() -> Tokens {
        Tokens {
            lifetime: Some(DEFAULT_ACCESS_TOKEN_LIFETIME),
            codes: HashMap::new(),
            access: HashMap::new(),
            refresh: HashMap::new(),
            installation: HashMap::new(),
            app_codes: HashMap::new(),
        }
    }

    /// A code for the app just made from a manifest named `name`.
    pub fn issue_app_code(&mut self, name: &str) -> String {
        let code = random("", 20, b"0123456789abcdef");
        self.app_codes.insert(code.clone(), name.to_string());
        code
    }

    /// The app's name, once per code.
    pub fn take_app_code(&mut self, code: &str) -> Option<String> {
        self.app_codes.remove(code)
    }

    /// A new code for `login`, redeemable once for a grant; with `challenge` (PKCE's S256), only
    /// with the verifier it was made from.
    pub fn issue_code(
        &mut self,
        login: &str,
        redirect_uri: &str,
        challenge: Option<String>,
    ) -> String {
        let code = random("", 20, b"0123456789abcdef");
        let held = Code {
            login: login.to_string(),
            redirect_uri: redirect_uri.to_string(),
            challenge,
            expires: Instant::now() + CODE_LIFETIME,
        };
        self.codes.insert(code.clone(), held);
        code
    }

    /// Exchanges `code` (used up) for a grant; a `redirect_uri`, when given, must be the one the
    /// code was issued for, and a code issued with a PKCE challenge needs its `verifier`.
    pub fn redeem_code(
        &mut self,
        code: &str,
        redirect_uri: Option<&str>,
        verifier: Option<&str>,
    ) -> Result<Grant, CodeRefused> {
        let now = Instant::now();
        let held = self.codes.get(code).ok_or(CodeRefused::Bad)?;
        if now >= held.expires {
            self.codes.remove(code);
            return Err(CodeRefused::Bad);
        }
        if redirect_uri.is_some_and(|uri| uri != held.redirect_uri) {
            return Err(CodeRefused::RedirectMismatch);
        }
        if let Some(challenge) = &held.challenge
            && verifier.map(s256) != Some(challenge.clone())
        {
            return Err(CodeRefused::Verifier);
        }
        let login = held.login.clone();
        self.codes.remove(code);
        Ok(self.grant(&login))
    }

    /// Exchanges a refresh token (used up) for a new grant; none when unknown, used or expired.
    pub fn refresh(&mut self, token: &str) -> Option<Grant> {
        let held = self.refresh.remove(token)?;
        held.live(Instant::now()).then(|| self.grant(&held.login))
    }

    /// New tokens for `login`, as a finished sign-in gets them.
    pub fn grant(&mut self, login: &str) -> Grant {
        let now = Instant::now();
        let access_token = random("ghu_", 36, ALPHANUMERIC);
        let expires = self.lifetime.map(|lifetime| now + lifetime);
        let held = Held {
            login: login.to_string(),
            expires,
        };
        self.access.insert(access_token.clone(), held);
        let expiry = self.lifetime.map(|lifetime| {
            let refresh_token = random("ghr_", 76, ALPHANUMERIC);
            let held = Held {
                login: login.to_string(),
                expires: Some(now + REFRESH_TOKEN_LIFETIME),
            };
            self.refresh.insert(refresh_token.clone(), held);
            (lifetime.as_secs(), refresh_token)
        });
        Grant {
            access_token,
            expiry,
        }
    }

    /// Whose live access token `token` is.
    pub fn login_for(&self, token: &str) -> Option<&str> {
        let held = self.access.get(token)?;
        held.live(Instant::now()).then_some(held.login.as_str())
    }

    /// A new installation token for `repositories`, writing when `write`.
    pub fn issue_installation(&mut self, repositories: BTreeSet<String>, write: bool) -> String {
        let token = random("ghs_", 36, ALPHANUMERIC);
        let held = InstallationToken {
            repositories,
            write,
            expires: Instant::now() + INSTALLATION_TOKEN_LIFETIME,
        };
        self.installation.insert(token.clone(), held);
        token
    }

    /// The live installation token `token`.
    pub fn installation_for(&self, token: &str) -> Option<&InstallationToken> {
        let held = self.installation.get(token)?;
        (Instant::now() < held.expires).then_some(held)
    }

    /// Revokes an access token; false when there was none such (expired ones are still known).
    pub fn revoke(&mut self, token: &str) -> bool {
        self.access.remove(token).is_some()
    }

    /// Every access and installation token issued so far expires now; refresh tokens stay good.
    pub fn expire_access_tokens(&mut self) {
        let now = Instant::now();
        for held in self.access.values_mut() {
            held.expires = Some(now);
        }
        for held in self.installation.values_mut() {
            held.expires = now;
        }
    }
}

const ALPHANUMERIC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `prefix` and `len` characters of `alphabet` drawn from the system's random source, each equally
/// likely (bytes beyond the last whole round of the alphabet are drawn again).
fn random(prefix: &str, len: usize, alphabet: &[u8]) -> String {
    let limit = 256 - 256 % alphabet.len();
    let mut out = String::from(prefix);
    let mut bytes = [0u8; 64];
    while out.len() < prefix.len() + len {
        getrandom::fill(&mut bytes).expect("the system's random source");
        for byte in bytes {
            if usize::from(byte) < limit && out.len() < prefix.len() + len {
                out.push(char::from(alphabet[usize::from(byte) % alphabet.len()]));
            }
        }
    }
    out
}

/// PKCE's S256: base64url(SHA-256(verifier)), without padding.
fn s256(verifier: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(verifier))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_drawn_from_their_alphabet_at_their_length() {
        let token = random("ghu_", 36, ALPHANUMERIC);
        assert_eq!(token.len(), 40);
        assert!(token[4..].bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_ne!(token, random("ghu_", 36, ALPHANUMERIC));
    }
}
