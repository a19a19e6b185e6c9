//! A person's sign-in: the sealed cookies that hold their tokens (the browser can neither read nor
//! forge them), who each token belongs to and whether they may come in, and renewals shared by
//! the requests that need them at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};
use storage::{Accounts, AuthError, Tokens, User};

use super::seal::Sealer;
use crate::error::ApiError;

/// Which of a site's sign-ins a route serves: the site's own (GitHub, or a cloud), or a cloud's
/// beside GitHub's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Which {
    Site,
    CloudBeside,
}

/// The cookies that hold a sign-in's tokens: Keystatic's names for the site's own sign-in, others
/// for a sign-in to a cloud beside GitHub's (for its images), so that the two never meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cookies {
    pub access: &'static str,
    pub refresh: &'static str,
}

const SITE_COOKIES: Cookies = Cookies {
    access: "keystatic-gh-access-token",
    refresh: "keystatic-gh-refresh-token",
};
const BESIDE_COOKIES: Cookies = Cookies {
    access: "quire-cloud-access-token",
    refresh: "quire-cloud-refresh-token",
};
/// Who a token belongs to is asked again after this long.
const USER_TTL: Duration = Duration::from_secs(300);
const USERS_KEPT: usize = 1024;

/// Who each token (by its SHA-256) belongs to, whether they are allowed in, and since when that
/// is known.
type Users = Mutex<HashMap<[u8; 32], (User, bool, Instant)>>;

/// Renewals by refresh token (its SHA-256): requests that come together with the same expired
/// sign-in (a screen's calls at once) share one renewal, as GitHub takes each refresh token once.
/// The new tokens are shared only for a few seconds: a copy of the old cookie presented later
/// gets nothing (GitHub refuses the used token). Each token has its own lock, so one slow answer
/// from GitHub holds up only the requests that wait for it.
type Renewals = Mutex<HashMap<[u8; 32], Arc<Renewal>>>;
const RENEWAL_SHARED: Duration = Duration::from_secs(5);

struct Renewal {
    since: Instant,
    /// GitHub's answer once it came: new tokens, or its refusal.
    answer: Mutex<Option<Result<Tokens, String>>>,
}

/// Everything signing in needs.
#[derive(Clone)]
pub struct SignIn {
    pub accounts: Arc<dyn Accounts>,
    pub sealer: Sealer,
    /// Who may use the admin (logins and `org/team` names); empty: everyone the provider lets read.
    pub allow: Vec<String>,
    /// Where a repository's owner installs the GitHub App (its slug's page), shown when the
    /// repository is not found.
    pub install_url: Option<String>,
    /// The address people reach the admin at (`https://cms.example.com`), behind a proxy; None:
    /// the request's own host, over http.
    pub public_url: Option<String>,
    /// People may sign in (to a cloud, for its images and their name), but the content is the
    /// site's own storage whether they do or not: `storage: local` (or `git`) with `cloud.project`.
    pub optional: bool,
    pub(crate) cookies: Cookies,
    users: Arc<Users>,
    renewals: Arc<Renewals>,
}

impl SignIn {
    pub fn new(accounts: Arc<dyn Accounts>, sealer: Sealer, public_url: Option<String>) -> SignIn {
        SignIn {
            accounts,
            sealer,
            public_url: public_url.map(|url| url.trim_end_matches('/').to_string()),
            install_url: None,
            allow: Vec::new(),
            optional: false,
            cookies: SITE_COOKIES,
            users: Arc::default(),
            renewals: Arc::default(),
        }
    }

    /// Cookies are `Secure` when people reach the admin over https.
    pub(crate) fn secure(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|url| url.starts_with("https://"))
    }

    /// A cookie's name as this server sets it: over https with the `__Host-` prefix, which the
    /// browser keeps to this host alone (a sibling subdomain can neither set nor replace it).
    pub(crate) fn cookie_name(&self, base: &str) -> String {
        if self.secure() {
            format!("__Host-{base}")
        } else {
            base.to_string()
        }
    }

    /// The value sealed into the cookie `base`, when the request carries one this server sealed.
    pub(crate) fn open_cookie(&self, headers: &HeaderMap, base: &str) -> Option<String> {
        cookie(headers, &self.cookie_name(base)).and_then(|value| self.sealer.open(base, value))
    }

    /// The access token of the person making the request, if their cookie holds one.
    pub(crate) fn access_token(&self, headers: &HeaderMap) -> Option<String> {
        self.open_cookie(headers, self.cookies.access)
    }

    /// The same sign-in, offered beside GitHub's (a cloud, for its images): optional, and in
    /// cookies of its own.
    pub fn beside_github(self) -> SignIn {
        SignIn {
            optional: true,
            cookies: BESIDE_COOKIES,
            ..self
        }
    }

    /// Forgets who `token` belongs to (at logout: the next request asks the provider again).
    pub(crate) fn forget(&self, token: &str) {
        let key: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        self.users.lock().expect("not poisoned").remove(&key);
    }

    /// New tokens for `refresh`; one renewal per refresh token, however many ask at once.
    pub(crate) fn renew(&self, refresh: &str) -> Result<Tokens, AuthError> {
        let key: [u8; 32] = Sha256::digest(refresh.as_bytes()).into();
        let renewal = {
            let mut renewals = self
                .renewals
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            renewals.retain(|_, renewal| renewal.since.elapsed() < RENEWAL_SHARED);
            renewals
                .entry(key)
                .or_insert_with(|| {
                    Arc::new(Renewal {
                        since: Instant::now(),
                        answer: Mutex::new(None),
                    })
                })
                .clone()
        };
        let mut answer = renewal
            .answer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match answer.as_ref() {
            Some(Ok(tokens)) => return Ok(tokens.clone()),
            Some(Err(refusal)) => return Err(AuthError::Refused(refusal.clone())),
            None => {}
        }
        let result = self.accounts.refresh(refresh);
        match &result {
            Ok(tokens) => *answer = Some(Ok(tokens.clone())),
            Err(AuthError::Refused(refusal)) => *answer = Some(Err(refusal.clone())),
            // GitHub could not be asked: the next request asks again.
            Err(AuthError::Unavailable(_)) => {}
        }
        result
    }

    /// Who holds `token`, and whether `allow` lets them in, asked of the provider at most every
    /// few minutes.
    pub(crate) fn person(&self, token: &str) -> Result<(User, bool), storage::Error> {
        let key: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        if let Some((user, allowed, at)) = self.users.lock().expect("not poisoned").get(&key)
            && at.elapsed() < USER_TTL
        {
            return Ok((user.clone(), *allowed));
        }
        let user = self.accounts.user(token)?;
        // Logins first: they need no call. A team GitHub will not tell about (the app may lack
        // the organization's Members permission) lets no one in, and says so in the log.
        let (teams, logins): (Vec<&String>, Vec<&String>) =
            self.allow.iter().partition(|entry| entry.contains('/'));
        let mut allowed = self.allow.is_empty()
            || logins
                .iter()
                .any(|login| login.eq_ignore_ascii_case(&user.login));
        for entry in teams {
            if allowed {
                break;
            }
            let Some((org, team)) = entry.split_once('/') else {
                continue;
            };
            allowed = match self.accounts.in_team(token, org, team, &user.login) {
                Ok(member) => member,
                Err(storage::Error::Unauthorized) => return Err(storage::Error::Unauthorized),
                Err(err) => {
                    tracing::warn!("asking GitHub whether {} is in {entry}: {err}", user.login);
                    false
                }
            };
        }
        let mut users = self.users.lock().expect("not poisoned");
        if users.len() >= USERS_KEPT {
            users.clear();
        }
        users.insert(key, (user.clone(), allowed, Instant::now()));
        Ok((user, allowed))
    }

    /// No one is signed in; the sign-in screen also offers to install the app, when its page is
    /// known.
    /// Who people sign in with (`signIn`, and a cloud's address as `cloudUrl`) goes with it, as the
    /// admin has no config yet to say.
    pub(crate) fn unauthorized(&self) -> ApiError {
        let mut details = serde_json::json!({
            "signIn": self.accounts.provider().route_name(),
        });
        if let Some(url) = &self.install_url {
            details["installUrl"] = url.clone().into();
        }
        if let Some(url) = self.accounts.provider_url() {
            details["cloudUrl"] = url.into();
        }
        ApiError::unauthorized().with_details(details)
    }

    /// The person holding `token`, when `allow` lets them in.
    pub(crate) async fn admitted(&self, token: &str) -> Result<User, ApiError> {
        let sign_in = self.clone();
        let token = token.to_string();
        let (user, allowed) = crate::limits::blocking(move || sign_in.person(&token)).await?;
        if !allowed {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                protocol::ErrorCode::NotAllowed,
                format!(
                    "{} may not use this admin; ask its owners to add you to storage.allow in quire.yaml",
                    user.login
                ),
            ));
        }
        Ok(user)
    }
}

/// The value of the cookie `name` in a request's `Cookie` headers.
pub(crate) fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}
