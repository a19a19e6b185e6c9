//! The extractors that give handlers what a request acts on: [`Store`], the storage (the site's one,
//! or the repository as the person signed in sees it), [`Writer`], the same for a change, and
//! [`OnBranch`], the branch a request names.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::Deserialize;
use storage::Storage;

use crate::branch_name::check_name;
use crate::error::ApiError;
use crate::signin::current_user;
use crate::state::AppState;

/// The storage a request acts on: the site's one storage, or with GitHub storage the repository as
/// the person signed in sees it (401 `unauthorized` when no one is).
pub struct Store(pub Arc<dyn Storage>);

impl FromRequestParts<AppState> for Store {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match state.personal_sign_in() {
            None if state.setup.is_some() => {
                Err(crate::signin::setup_required(state, &parts.headers))
            }
            None => Ok(Store(state.storage.clone())),
            Some(sign_in) => {
                let token = sign_in
                    .access_token(&parts.headers)
                    .ok_or_else(|| sign_in.unauthorized())?;
                if !sign_in.allow.is_empty() {
                    sign_in.admitted(&token).await?;
                }
                Ok(Store(sign_in.accounts.storage(&token)))
            }
        }
    }
}

/// The storage a request that changes content acts on, once it is known that the person may
/// change it, with one of their few turns to send changes (`limits.rs`), held until the request
/// ends. Extracted before the body is read, so someone who may not write (signed out, or without
/// push access) is refused before their body arrives, and a person's slow bodies hold only their
/// own turns.
pub struct Writer {
    pub storage: Arc<dyn Storage>,
    _turn: Option<crate::limits::KeyTurn>,
}

impl FromRequestParts<AppState> for Writer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Store(storage) = Store::from_request_parts(parts, state).await?;
        // Turns are the person's (however many sign-ins they hold), else their address's; a
        // request that came through no connection (the router driven directly) names no one.
        let sender = match current_user(state, &parts.headers).await? {
            Some(user) => Some(format!("person:{}", user.login.to_ascii_lowercase())),
            None => crate::client::address(parts).map(crate::client::address_key),
        };
        let turn = match sender {
            Some(sender) => Some(state.permits.sender_turn(&sender).await?),
            None => None,
        };
        if state.personal_sign_in().is_some() {
            let asked = storage.clone();
            let writable = move || asked.hosting().map_or(Ok(true), |h| h.writable());
            if !crate::limits::blocking(writable).await? {
                return Err(ApiError::new(
                    axum::http::StatusCode::FORBIDDEN,
                    protocol::ErrorCode::Forbidden,
                    "You may read this repository but not change it",
                ));
            }
        }
        Ok(Writer {
            storage,
            _turn: turn,
        })
    }
}

/// `?branch=NAME`, checked; absent means the default branch.
pub struct OnBranch {
    pub branch: Option<String>,
}

impl FromRequestParts<AppState> for OnBranch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        #[derive(Deserialize)]
        struct Raw {
            branch: Option<String>,
        }
        let Query(raw) = Query::<Raw>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::bad_request(e.body_text()))?;
        if let Some(name) = &raw.branch {
            check_name(name)?;
        }
        Ok(OnBranch { branch: raw.branch })
    }
}
