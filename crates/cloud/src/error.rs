//! What can go wrong in the cloud, each with the status and words a caller sees.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request itself is wrong (a missing or malformed value), said in `0`.
    #[error("{0}")]
    Invalid(String),
    /// No one is signed in, or the sign-in has ended.
    #[error("Sign in first.")]
    SignedOut,
    /// The person is signed in but their role does not allow this.
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// Something that exists already (an email, a slug).
    #[error("{0}")]
    Taken(String),
    /// A body over its limit, said in `0`.
    #[error("{0}")]
    TooLarge(String),
    /// Too many attempts; try again after this many seconds.
    #[error("Too many attempts. Try again in {0} seconds.")]
    TooMany(i64),
    /// GitHub cannot be reached or refused the cloud itself (not the person), said in `0`.
    #[error("{0}")]
    Upstream(String),
    /// The database cannot be reached or migrated.
    #[error("{0}")]
    Unavailable(String),
}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Error {
        Error::Unavailable(format!("database: {err}"))
    }
}

impl Error {
    /// The status it answers with, and its code in the JSON body.
    pub(crate) fn status(&self) -> (StatusCode, &'static str) {
        match self {
            Error::Invalid(_) => (StatusCode::BAD_REQUEST, "invalid"),
            Error::SignedOut => (StatusCode::UNAUTHORIZED, "signed_out"),
            Error::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            Error::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            Error::Taken(_) => (StatusCode::CONFLICT, "taken"),
            Error::TooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            Error::TooMany(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many"),
            Error::Upstream(_) => (StatusCode::BAD_GATEWAY, "upstream"),
            Error::Unavailable(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let (status, code) = self.status();
        let message = match &self {
            Error::Unavailable(detail) => {
                tracing::error!("{detail}");
                "Something went wrong on the cloud; see its log.".to_string()
            }
            other => other.to_string(),
        };
        (
            status,
            axum::Json(json!({ "code": code, "message": message })),
        )
            .into_response()
    }
}
