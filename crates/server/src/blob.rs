//! Reading one file by its blob SHA-1, as both APIs do: only paths the config puts files at.

use std::sync::Arc;

use storage::Storage;

use crate::error::ApiError;
use crate::limits::blocking;
use crate::state::AppState;

/// The bytes at `path` if their blob SHA-1 is `sha`; only paths the config allows (an entry's, or a
/// collection's template).
pub async fn read_blob(
    state: &AppState,
    storage: Arc<dyn Storage>,
    branch: Option<String>,
    sha: String,
    path: String,
) -> Result<Vec<u8>, ApiError> {
    if content::paths::classify(&state.config, &path).is_none()
        && !content::paths::is_template_file(&state.config, &path)
    {
        return Err(ApiError::bad_request(format!(
            "The config does not allow reading {path}"
        )));
    }
    let bytes = blocking(move || storage.read(branch.as_deref(), &path)).await?;
    match bytes {
        Some(bytes) if storage::blob_sha(&bytes) == sha => Ok(bytes),
        _ => Err(ApiError::not_found("No such blob")),
    }
}
