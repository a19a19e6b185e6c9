//! The `github` storage kind: a repository on GitHub, read and written through GitHub's API as the
//! person signed in, and GitHub's OAuth sign-in. Every call is made by Quire's server with that
//! person's token; the browser never sees one.
//!
//! Trees and blobs are cached by their git ids and shared between people, but only ever handed to
//! someone whose own token has just shown GitHub that they can read the repository.
//!
//! Calls are blocking (ureq): the server runs storage off its async workers. The GraphQL documents
//! sent are files in `graphql/`; `client.rs` holds the endpoints (github.com, GitHub Enterprise
//! Server's `/api/v3`, or a stand-in).

mod cache;
mod client;
mod graphql;
mod info;
mod links;
mod manifest;
mod oauth;
mod repo;
mod site;

use std::sync::Arc;

use storage::{Accounts, AuthError, Storage, Tokens, User};

pub use client::{Endpoints, Route};
pub use manifest::{AppCredentials, convert_manifest};
pub use site::Repository;

/// A repository reached by `route`, its caches shared by everyone's storage: the storage of the
/// `cloud` kind is this, through a cloud.
pub struct SharedRepository {
    shared: Arc<repo::Shared>,
}

impl SharedRepository {
    pub fn new(endpoints: Endpoints, route: Route, repository: Repository) -> SharedRepository {
        let client = client::Client::routed(endpoints, route);
        SharedRepository {
            shared: Arc::new(repo::Shared::new(client, repository)),
        }
    }

    /// The repository as the holder of `token` sees it; `read_only` whatever GitHub says.
    pub fn storage(&self, token: &str, read_only: bool) -> Arc<dyn Storage> {
        let storage = repo::GithubStorage::new(self.shared.clone(), token.to_string());
        Arc::new(if read_only {
            storage.read_only()
        } else {
            storage
        })
    }
}

/// The site's repository on GitHub and the GitHub App people sign in through.
pub struct Github {
    shared: Arc<repo::Shared>,
    app: oauth::App,
}

impl Github {
    pub fn new(
        endpoints: Endpoints,
        client_id: String,
        client_secret: String,
        repository: Repository,
    ) -> Github {
        let client = client::Client::new(endpoints);
        Github {
            app: oauth::App {
                client: client.clone(),
                client_id,
                client_secret,
            },
            shared: Arc::new(repo::Shared::new(client, repository)),
        }
    }
}

impl Accounts for Github {
    fn authorize_url(&self, redirect_uri: &str, state: &str, code_challenge: &str) -> String {
        self.app.authorize_url(redirect_uri, state, code_challenge)
    }

    fn exchange_code(
        &self,
        code: &str,
        redirect_uri: &str,
        code_verifier: &str,
    ) -> Result<Tokens, AuthError> {
        self.app.exchange_code(code, redirect_uri, code_verifier)
    }

    fn refresh(&self, refresh_token: &str) -> Result<Tokens, AuthError> {
        self.app.refresh(refresh_token)
    }

    fn revoke(&self, access_token: &str) -> Result<(), AuthError> {
        self.app.revoke(access_token)
    }

    fn user(&self, access_token: &str) -> Result<User, storage::Error> {
        self.app.user(access_token)
    }

    fn in_team(
        &self,
        access_token: &str,
        org: &str,
        team: &str,
        login: &str,
    ) -> Result<bool, storage::Error> {
        self.app.in_team(access_token, org, team, login)
    }

    fn storage(&self, access_token: &str) -> Arc<dyn Storage> {
        Arc::new(repo::GithubStorage::new(
            self.shared.clone(),
            access_token.to_string(),
        ))
    }
}
