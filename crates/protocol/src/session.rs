//! Who is signed in, with storage that people sign in to (GitHub).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The person signed in. Their tokens stay on the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub login: String,
    pub name: Option<String>,
    pub avatar_url: Option<String>,
    /// Their profile page (the user menu's Account link).
    pub profile_url: String,
}

/// The repository on its host, as the person signed in may use it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Repository {
    /// Its page on the host (`https://github.com/owner/name`).
    pub url: String,
    /// Whether they may push; without, the admin is read-only (or offers to fork, see `install_url`).
    pub can_write: bool,
    /// The page of the repository this one is a fork of: the person may push only to their fork,
    /// which the admin then reads and writes.
    pub fork_of: Option<String>,
    /// Where the GitHub App is installed, when its name is known: someone who may only read can
    /// then fork the repository and install the app there to save their changes.
    pub install_url: Option<String>,
    /// The page of a file on a branch: `{branch}` and `{path}` (the site's path), each
    /// percent-encoded segment by segment, are to be filled in.
    pub file_url: String,
}
