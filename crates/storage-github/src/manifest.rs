//! GitHub's app-manifest flow: the code GitHub gives after creating an app from a manifest is
//! exchanged, once, for the new app's settings.

use serde::Deserialize;

use crate::client::{Client, Endpoints};

/// What a new GitHub App's settings are: GitHub hands them out once.
#[derive(Clone, Deserialize)]
pub struct AppCredentials {
    /// The app's id, which its JWTs name.
    pub id: u64,
    pub slug: String,
    /// The app's private key (PEM), which signs its JWTs.
    pub pem: String,
    pub client_id: String,
    pub client_secret: String,
}

/// `POST {api}/app-manifests/{code}/conversions`.
pub fn convert_manifest(endpoints: &Endpoints, code: &str) -> Result<AppCredentials, String> {
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err("GitHub sent back a code that is not one".into());
    }
    let client = Client::new(endpoints.clone());
    let url = client.api_url(&format!("/app-manifests/{code}/conversions"));
    let mut response = client
        .agent
        .post(&url)
        .header("Accept", "application/vnd.github+json")
        .send_empty()
        .map_err(|e| format!("GitHub could not be reached: {e}"))?;
    let status = response.status();
    if !status.is_success() {
        let body = response.body_mut().read_to_string().unwrap_or_default();
        return Err(format!(
            "Bad response: {} {}\n{body}",
            status.as_u16(),
            status.canonical_reason().unwrap_or_default()
        ));
    }
    response
        .body_mut()
        .read_json()
        .map_err(|e| format!("GitHub's new app was not understood: {e}"))
}
