//! Change sets: Keystatic's `update` and Quire's `commit`, and what a commit answers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A file to write: its path and its bytes in base64.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Addition {
    pub path: String,
    pub contents: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Deletion {
    pub path: String,
}

/// The body of Keystatic's `POST /api/keystatic/update`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct UpdateRequest {
    pub additions: Vec<Addition>,
    pub deletions: Vec<Deletion>,
}

/// A change set: every path added or deleted names the blob SHA-1 read at open, or null for a new file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CommitRequest {
    pub additions: Vec<Addition>,
    pub deletions: Vec<Deletion>,
    pub expected: BTreeMap<String, Option<String>>,
    /// Git storage: the branch to commit to (the default one when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub branch: Option<String>,
    /// Git storage: the commit the editor started from; the server refuses the commit if the branch moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expected_head: Option<String>,
    /// Git storage: the commit message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    /// Git storage: the person who made the change, the commit's author (the server's own
    /// identity stays its committer). Storage that knows its people (GitHub) ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub author: Option<CommitAuthor>,
}

/// The name and email a person gave, to author their commits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CommitAuthor {
    pub name: String,
    pub email: String,
}

/// What went wrong after a commit landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum WarningCode {
    /// The commit stays; pushing it on to the remote failed.
    PushFailed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CommitWarning {
    pub code: WarningCode,
    pub message: String,
}

/// A commit's answer: the files it changed, the branch's head after it, and what went wrong after
/// it landed. The rest of the branch is as the editor read it (the commit checked that).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CommitResponse {
    pub changed: Vec<ChangedFile>,
    pub head: Option<String>,
    pub warnings: Vec<CommitWarning>,
}

/// A file a commit wrote (its new blob SHA) or deleted (`sha` null).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChangedFile {
    pub path: String,
    pub sha: Option<String>,
}
