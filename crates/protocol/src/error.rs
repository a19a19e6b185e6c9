//! Errors of Quire's own routes: a stable code, a sentence, and details.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What went wrong, for code to act on; the HTTP status gives the class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    BadRequest,
    InvalidBranchName,
    /// Not signed in, or the sign-in ran out.
    Unauthorized,
    Forbidden,
    /// Signed in, but not among the people `storage.allow` names.
    NotAllowed,
    PathNotAllowed,
    NotFound,
    /// The repository does not exist or the person signed in may not read it.
    RepoNotFound,
    /// The repository has no commits yet: the admin shows 'Git repo not initialised'.
    RepoNotInitialised,
    BranchNotFound,
    NoBranches,
    Conflict,
    ProtectedBranch,
    UncommittedChanges,
    InvalidContent,
    TooManyFiles,
    /// A body over the size limit.
    TooLarge,
    /// A body that did not arrive in time.
    TimedOut,
    TooManyRequests,
    StorageUnavailable,
    /// The GitHub App's settings are missing: the admin shows the setup.
    SetupRequired,
    Internal,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ErrorBody {
    pub code: ErrorCode,
    pub message: String,
    #[ts(type = "Record<string, unknown> | null")]
    pub details: serde_json::Value,
}
