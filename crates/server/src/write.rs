//! The one write pipeline. Every route that changes content (Keystatic's `update`, Quire's v1
//! `commit`) hands its request here and nothing else calls [`Storage::commit`]:
//! decode → paths → content gate → store (the backend refuses protected branches and stale
//! heads and files) → push outcome.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use axum::http::StatusCode;
use base64::Engine;
use content::gate::{self, Refusal};
use serde_json::json;
use storage::{ChangeSet, Storage};

use protocol::ErrorCode;

use crate::error::ApiError;
use crate::limits;
use crate::state::AppState;
use protocol::{Addition, CommitWarning, Deletion, WarningCode};

/// A change to make, as a route received it.
pub struct Request {
    /// None: the default branch (the only one of storage without branches).
    pub branch: Option<String>,
    pub additions: Vec<Addition>,
    pub deletions: Vec<Deletion>,
    /// The blob SHA the editor read for every path it touches (None: the file did not exist).
    /// Keystatic's route names none; Quire's requires one for every path.
    pub expected: Option<Vec<(String, Option<String>)>>,
    /// The branch head the editor started from.
    pub expected_head: Option<String>,
    pub message: String,
    /// Who made the change, as they named themselves (git storage authors the commit with it).
    pub author: Option<protocol::CommitAuthor>,
}

/// What a write did.
pub struct Outcome {
    /// The files written (with their new blob SHAs) and deleted (None).
    pub changed: Vec<(String, Option<String>)>,
    /// The branch's new head, for storage with commits.
    pub head: Option<String>,
    /// Something that went wrong after the change landed (the change stays), which the editor
    /// should hear of.
    pub warnings: Vec<CommitWarning>,
}

/// Checks `request` and, when every check passes, stores it.
pub async fn write(
    state: &AppState,
    storage: Arc<dyn Storage>,
    request: Request,
) -> Result<Outcome, ApiError> {
    // The body is in: only now does the write wait for one of the server's few permits.
    let _permit = state.permits.write().await?;
    let state = state.clone();
    limits::run(limits::Work::Write, move || {
        write_now(&state, storage.as_ref(), request)
    })
    .await?
}

fn write_now(
    state: &AppState,
    storage: &dyn Storage,
    request: Request,
) -> Result<Outcome, ApiError> {
    let branch = request.branch.as_deref();
    let author = request.author.map(author).transpose()?;
    let files = request.additions.len() + request.deletions.len();
    if files > limits::FILES_PER_CHANGE_SET {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::TooManyFiles,
            format!(
                "A change holds at most {} files; this one has {files}",
                limits::FILES_PER_CHANGE_SET
            ),
        ));
    }
    let additions = decode(request.additions)?;
    let deletions: Vec<String> = request.deletions.into_iter().map(|d| d.path).collect();
    if let Some(expected) = &request.expected {
        let touched: BTreeSet<&str> = additions
            .iter()
            .map(|(p, _)| p.as_str())
            .chain(deletions.iter().map(String::as_str))
            .collect();
        let named: BTreeSet<&str> = expected.iter().map(|(p, _)| p.as_str()).collect();
        if let Some(missing) = touched.difference(&named).next() {
            return Err(ApiError::bad_request(format!(
                "expected must give the sha read for every path written or deleted; \"{missing}\" is missing"
            )));
        }
        // Naming any other path would tell whether it exists, and its hash, whatever it is.
        if let Some(stray) = named.difference(&touched).next() {
            return Err(ApiError::bad_request(format!(
                "expected names \"{stray}\", which the change neither writes nor deletes"
            )));
        }
    }

    let paths = additions
        .iter()
        .map(|(p, _)| p.as_str())
        .chain(deletions.iter().map(String::as_str));
    let mut stored = BTreeMap::new();
    for data_file in gate::entries_to_look_up(&state.config, paths) {
        if let Some(bytes) = storage.read(branch, &data_file)? {
            stored.insert(data_file, storage::blob_sha(&bytes));
        }
    }
    let checked =
        gate::check_change_set(&state.config, &additions, &deletions, &stored).map_err(refused)?;

    let mut expected = request.expected.unwrap_or_default();
    for (path, sha) in checked.relied_on {
        if !expected.iter().any(|(p, _)| *p == path) {
            expected.push((path, sha));
        }
    }
    let change = ChangeSet {
        additions,
        deletions,
        expected,
        expected_head: request.expected_head,
        message: request.message,
        author,
    };
    let committed = storage.commit(branch, &change)?;
    let changed = change
        .additions
        .iter()
        .map(|(path, bytes)| (path.clone(), Some(storage::blob_sha(bytes))))
        .chain(change.deletions.iter().map(|path| (path.clone(), None)))
        .collect();
    let warnings = committed
        .push_failed
        .map(|failed| CommitWarning {
            code: WarningCode::PushFailed,
            message: format!(
                "Saved, but pushing to {} failed: {}",
                failed.remote, failed.reason
            ),
        })
        .into_iter()
        .collect::<Vec<_>>();
    for warning in &warnings {
        tracing::warn!("{}", warning.message);
    }
    Ok(Outcome {
        changed,
        head: committed.head,
        warnings,
    })
}

/// The longest name and email a commit's author may give.
const AUTHOR_NAME_MAX: usize = 100;
const AUTHOR_EMAIL_MAX: usize = 254;

/// Checks the author a request names: git refuses empty names and emails and angle brackets in
/// either, and a control character would forge lines of the commit's header.
fn author(given: protocol::CommitAuthor) -> Result<storage::Author, ApiError> {
    let name = given.name.trim();
    let email = given.email.trim();
    let unfit = |text: &str| text.chars().any(|c| c.is_control() || c == '<' || c == '>');
    let problem = if name.is_empty() || name.chars().count() > AUTHOR_NAME_MAX || unfit(name) {
        Some(format!(
            "author.name must be 1 to {AUTHOR_NAME_MAX} characters without angle brackets or control characters"
        ))
    } else if email.len() > AUTHOR_EMAIL_MAX
        || unfit(email)
        || email.chars().any(char::is_whitespace)
        || !matches!(email.split_once('@'), Some((local, domain)) if !local.is_empty() && !domain.is_empty())
    {
        Some(format!(
            "author.email must be an address such as name@example.com, at most {AUTHOR_EMAIL_MAX} bytes"
        ))
    } else {
        None
    };
    match problem {
        Some(message) => Err(ApiError::bad_request(message)),
        None => Ok(storage::Author {
            name: name.to_string(),
            email: email.to_string(),
        }),
    }
}

fn decode(additions: Vec<Addition>) -> Result<Vec<(String, Vec<u8>)>, ApiError> {
    additions
        .into_iter()
        .map(|addition| match decode_base64(&addition.contents) {
            Some(bytes) => Ok((addition.path, bytes)),
            None => Err(ApiError::bad_request(format!(
                "{}: contents are not valid base64",
                addition.path
            ))),
        })
        .collect()
}

/// Standard or URL-safe alphabet, padded or not, as Keystatic's server accepts.
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let normalized: String = text
        .trim_end_matches('=')
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(normalized)
        .ok()
}

fn refused(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::OutOfPlace(files) => {
            let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
            let lines: Vec<String> = files.iter().map(ToString::to_string).collect();
            ApiError::new(
                StatusCode::FORBIDDEN,
                ErrorCode::PathNotAllowed,
                format!("The config does not allow writing {}", lines.join("; ")),
            )
            .with_details(json!({ "paths": paths }))
        }
        Refusal::Invalid(problems) => {
            let count = problems.len();
            let noun = if count == 1 { "problem" } else { "problems" };
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::InvalidContent,
                format!("{count} {noun} in the change set"),
            )
            .with_details(json!({ "problems": problems }))
        }
    }
}
