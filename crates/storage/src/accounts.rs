//! Storage that people sign in to (GitHub, or a cloud): how a person signs in, and the storage as
//! they see it. The server keeps the tokens; the browser never holds one.

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

/// Who a site's people sign in with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    /// GitHub, through the site's GitHub App (`/api/keystatic/github/…`).
    Github,
    /// A Quire or Keystatic Cloud (`/api/keystatic/cloud/…`, back at `/keystatic/cloud/oauth/callback`).
    Cloud,
}

impl Provider {
    /// Its name in the admin's routes: `github`, `cloud`.
    pub fn route_name(self) -> &'static str {
        match self {
            Provider::Github => "github",
            Provider::Cloud => "cloud",
        }
    }

    /// Where it sends the browser back to, below the admin's origin.
    pub fn callback_path(self) -> &'static str {
        match self {
            Provider::Github => "/api/keystatic/github/oauth/callback",
            Provider::Cloud => "/keystatic/cloud/oauth/callback",
        }
    }

    /// Its name in messages.
    pub fn display_name(self) -> &'static str {
        match self {
            Provider::Github => "GitHub",
            Provider::Cloud => "The cloud",
        }
    }
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
    /// Who people sign in with: the routes, the callback's address and the words of the admin.
    fn provider(&self) -> Provider {
        Provider::Github
    }
    /// Where the provider is, when people should be told (a cloud's address).
    fn provider_url(&self) -> Option<String> {
        None
    }
    /// Where the browser goes to sign in; the provider sends it back to `redirect_uri` with a code
    /// and `state`. `code_challenge` is PKCE's (S256) for the verifier the exchange then sends.
    fn authorize_url(&self, redirect_uri: &str, state: &str, code_challenge: &str) -> String;
    fn exchange_code(
        &self,
        code: &str,
        redirect_uri: &str,
        code_verifier: &str,
    ) -> Result<Tokens, AuthError>;
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
    /// What a cloud says of the person beyond who they are; none from other providers.
    fn cloud_session(&self, _access_token: &str) -> Result<Option<CloudSession>, Error> {
        Ok(None)
    }
    /// Sends an image (`name`, its `bytes`) to the provider's image service as this person; the
    /// service's answer as it came. Providers without one refuse.
    fn upload_image(
        &self,
        _access_token: &str,
        _name: &str,
        _bytes: &[u8],
    ) -> Result<Relayed, Error> {
        Err(no_image_service())
    }
    /// What the provider's image service says of the image at `url`, as it came.
    fn image_info(&self, _access_token: &str, _url: &str) -> Result<Relayed, Error> {
        Err(no_image_service())
    }
    /// A page of the provider's image library as this person sees it, newest first: `limit`
    /// images from `offset` whose name or alt text holds `search`.
    fn image_library(&self, _access_token: &str, _page: &LibraryPage) -> Result<Relayed, Error> {
        Err(no_image_service())
    }
}

fn no_image_service() -> Error {
    Error::Forbidden(
        "Images are uploaded to a cloud: this site's sign-in has no image service.".into(),
    )
}

/// Which page of an image library.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LibraryPage {
    pub search: String,
    pub offset: u32,
    /// None: the provider's own page size.
    pub limit: Option<u32>,
}

/// An answer of a provider's service, passed on to the admin as it came: the admin reads the
/// service's own words (its refusals' text among them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relayed {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

/// A cloud's word on a person signed in to it: their team, its features, and the cloud's pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloudSession {
    /// The cloud's address.
    pub url: String,
    /// `team/project`.
    pub project: String,
    pub team: String,
    /// The team's image service and library are on.
    pub images: bool,
    /// The team edits together.
    pub multiplayer: bool,
    /// The person may only read (a viewer).
    pub read_only: bool,
}
