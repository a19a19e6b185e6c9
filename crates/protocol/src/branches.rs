//! Branches of storage that has them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Branch {
    pub name: String,
    pub head: String,
    /// Where the remote's host opens a pull request from this branch; null for the default branch or without a known host.
    pub new_pull_request_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct BranchList {
    pub default: String,
    pub branches: Vec<Branch>,
}

/// A pull request open on the host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PullRequest {
    #[ts(type = "number")]
    pub number: u64,
    pub url: String,
}

/// The body of `GET /api/keystatic/v1/pull-request?branch=`: the branch's open pull request, if
/// any (always null for the default branch, and for storage on a host without pull requests).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PullRequestResponse {
    pub pull_request: Option<PullRequest>,
}

/// The body of `POST /api/keystatic/v1/branches`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewBranch {
    pub name: String,
    /// The commit to start from; the default branch's head when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CreatedBranch {
    pub name: String,
    pub head: String,
}
