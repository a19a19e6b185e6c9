//! Storage that people sign in to (GitHub): how a person signs in, and the storage as they see it.
//! The server keeps the tokens; the browser never holds one.

use std::sync::Arc;

use crate::backend::Storage;
use crate::error::Error;

/// What signing in (or renewing a sign-in) gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokens {
    pub access: String,
    /// Seconds the access token lasts; None when it does not expire.
    pub expires_in: Option<u64>,
    /// Renews the access token; absent when tokens do not expire.
    pub refresh: Option<String>,
    pub refresh_expires_in: Option<u64>,
}

/// The person signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub login: String,
    pub name: Option<String>,
    pub avatar_url: Option<String>,
    pub profile_url: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// The provider said no (a used code, an expired refresh token): sign in again.
    #[error("{0}")]
    Refused(String),
    /// The provider could not be asked, or answered nonsense.
    #[error("{0}")]
    Unavailable(String),
}

pub trait Accounts: Send + Sync {
    /// Where the browser goes to sign in; the provider sends it back to `redirect_uri` with a code
    /// and `state`.
    fn authorize_url(&self, redirect_uri: &str, state: &str) -> String;
    fn exchange_code(&self, code: &str, redirect_uri: &str) -> Result<Tokens, AuthError>;
    fn refresh(&self, refresh_token: &str) -> Result<Tokens, AuthError>;
    /// Ends the token's life at the provider.
    fn revoke(&self, access_token: &str) -> Result<(), AuthError>;
    fn user(&self, access_token: &str) -> Result<User, Error>;
    /// Whether `login` is an active member of the team `org/team`, asked with their token.
    fn in_team(
        &self,
        access_token: &str,
        org: &str,
        team: &str,
        login: &str,
    ) -> Result<bool, Error>;
    /// The site's storage, read and written as this person.
    fn storage(&self, access_token: &str) -> Arc<dyn Storage>;
}
