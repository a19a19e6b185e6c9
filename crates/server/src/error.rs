//! The one error type of Quire's API: a stable code, a sentence, and details, as JSON.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use protocol::{ErrorBody, ErrorCode};
use serde_json::{Value, json};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
    pub details: Value,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            details: Value::Null,
        }
    }

    pub fn with_details(mut self, details: Value) -> ApiError {
        self.details = details;
        self
    }

    /// A body that could not be read as the route's JSON: too large (413), too slow (408), or
    /// not what the route takes (400).
    pub fn unreadable_body(rejection: axum::extract::rejection::JsonRejection) -> ApiError {
        let status = rejection.status();
        let code = match status {
            StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLarge,
            StatusCode::REQUEST_TIMEOUT => ErrorCode::TimedOut,
            _ => return ApiError::bad_request(rejection.body_text()),
        };
        ApiError::new(status, code, rejection.body_text())
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, message)
    }

    /// No one is signed in, or the sign-in has run out: the admin renews it once, else asks the
    /// person to sign in.
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            ErrorCode::Unauthorized,
            "Sign in to use the admin",
        )
    }

    /// The server is busy with other requests (429): the client tries again after `Retry-After`.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManyRequests,
            message,
        )
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }

    /// Logs the cause and tells the client only that something failed.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        tracing::error!("internal error: {cause}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            "Something went wrong on the server; see its log",
        )
    }
}

impl From<storage::Error> for ApiError {
    fn from(err: storage::Error) -> ApiError {
        match err {
            storage::Error::Conflict(paths) => ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::Conflict,
                "This entry has been updated since it was opened. Nothing was saved.",
            )
            .with_details(json!({ "paths": paths })),
            storage::Error::Protected(_) => ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::ProtectedBranch,
                "Changes must be made via pull request to this branch. Create a new branch to save changes.",
            ),
            storage::Error::Dirty(paths) => ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::UncommittedChanges,
                format!(
                    "the working tree has uncommitted changes to {}; commit or discard them first",
                    paths.join(", ")
                ),
            )
            .with_details(json!({ "paths": paths })),
            storage::Error::Refused { path, reason } => ApiError::new(
                StatusCode::FORBIDDEN,
                ErrorCode::PathNotAllowed,
                format!("{path}: {reason}"),
            )
            .with_details(json!({ "paths": [path] })),
            storage::Error::NoSuchBranch(branch) => ApiError::new(
                StatusCode::NOT_FOUND,
                ErrorCode::BranchNotFound,
                format!("The branch {branch} does not exist in this repository."),
            ),
            storage::Error::NoBranches => ApiError::new(
                StatusCode::NOT_FOUND,
                ErrorCode::NoBranches,
                "This site's storage has no branches",
            ),
            storage::Error::Invalid(message) => ApiError::bad_request(message),
            storage::Error::Unavailable(reason) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::StorageUnavailable,
                reason,
            ),
            storage::Error::Unauthorized => ApiError::unauthorized(),
            storage::Error::RepoNotFound(repo) => ApiError::new(
                StatusCode::NOT_FOUND,
                ErrorCode::RepoNotFound,
                format!("The repository {repo} was not found, or you may not read it"),
            )
            .with_details(json!({ "repo": repo })),
            storage::Error::NotInitialised(repo) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::RepoNotInitialised,
                format!(
                    "The Git repo {repo} must be initialised before use: it has no commits yet. Make a first commit (a README will do), then reload."
                ),
            )
            .with_details(json!({ "repo": repo })),
            storage::Error::Forbidden(message) => {
                ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
            }
            err @ storage::Error::Io { .. } => ApiError::internal(err),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            code: self.code,
            message: self.message,
            details: self.details,
        };
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("2"),
            );
        }
        response
    }
}
