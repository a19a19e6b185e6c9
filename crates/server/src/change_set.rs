//! Turns a request's additions and deletions into a checked [`ChangeSet`]: base64 decoded, every
//! path allowed by the config, every data file parsed and validated by the gate.

use axum::http::StatusCode;
use base64::Engine;
use content::gate::{Refusal, check_change_set};
use serde_json::json;
use storage::ChangeSet;

use crate::wire::{Addition, Deletion};
use crate::{ApiError, AppState};

pub fn build(
    state: &AppState,
    additions: Vec<Addition>,
    deletions: Vec<Deletion>,
) -> Result<ChangeSet, ApiError> {
    let mut decoded = Vec::with_capacity(additions.len());
    for addition in additions {
        let bytes = decode_base64(&addition.contents).ok_or_else(|| {
            ApiError::bad_request(format!("{}: contents are not valid base64", addition.path))
        })?;
        decoded.push((addition.path, bytes));
    }
    let deletions: Vec<String> = deletions.into_iter().map(|d| d.path).collect();
    check_change_set(&state.config, &decoded, &deletions).map_err(|refusal| match refusal {
        Refusal::PathsNotAllowed(paths) => ApiError::new(
            StatusCode::FORBIDDEN,
            "path_not_allowed",
            format!("The config does not allow writing {}", paths.join(", ")),
        )
        .with_details(json!({ "paths": paths })),
        Refusal::Invalid(problems) => {
            let count = problems.len();
            let noun = if count == 1 { "problem" } else { "problems" };
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_content",
                format!("{count} {noun} in the change set"),
            )
            .with_details(json!({ "problems": problems }))
        }
    })?;
    Ok(ChangeSet {
        additions: decoded,
        deletions,
        ..ChangeSet::default()
    })
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
