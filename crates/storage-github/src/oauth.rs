//! GitHub's OAuth web flow for a GitHub App: the page people approve on, exchanging its code for
//! tokens, renewing them, revoking them at logout, and who a token belongs to.

use base64::Engine;
use serde::Deserialize;
use serde_json::json;
use storage::{AuthError, Tokens, User};

use crate::client::Client;

pub struct App {
    pub client: Client,
    pub client_id: String,
    pub client_secret: String,
}

/// GitHub answers token requests with 200 and either tokens or an error.
#[derive(Deserialize)]
struct TokenAnswer {
    access_token: Option<String>,
    expires_in: Option<u64>,
    refresh_token: Option<String>,
    refresh_token_expires_in: Option<u64>,
    error: Option<String>,
    error_description: Option<String>,
}

impl App {
    pub fn authorize_url(&self, redirect_uri: &str, state: &str, code_challenge: &str) -> String {
        let mut url = url::Url::parse(&format!(
            "{}/login/oauth/authorize",
            self.client.endpoints.web.trim_end_matches('/')
        ))
        .expect("the GitHub URL was checked at start");
        url.query_pairs_mut()
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("state", state)
            .append_pair("code_challenge", code_challenge)
            .append_pair("code_challenge_method", "S256");
        url.into()
    }

    fn token(&self, form: &[(&str, &str)]) -> Result<Tokens, AuthError> {
        let url = format!(
            "{}/login/oauth/access_token",
            self.client.endpoints.web.trim_end_matches('/')
        );
        let mut fields = vec![
            ("client_id", self.client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
        ];
        fields.extend_from_slice(form);
        let mut response = self
            .client
            .agent
            .post(&url)
            .header("Accept", "application/json")
            .send_form(fields)
            .map_err(|e| AuthError::Unavailable(format!("GitHub could not be reached: {e}")))?;
        let status = response.status();
        if !status.is_success() {
            return Err(AuthError::Unavailable(format!(
                "Bad response: {} {}",
                status.as_u16(),
                status.canonical_reason().unwrap_or_default()
            )));
        }
        let answer: TokenAnswer = response
            .body_mut()
            .read_json()
            .map_err(|e| AuthError::Unavailable(format!("GitHub's answer was not JSON: {e}")))?;
        match (answer.access_token, answer.error) {
            (Some(access), None) => Ok(Tokens {
                access,
                expires_in: answer.expires_in,
                refresh: answer.refresh_token,
                refresh_expires_in: answer.refresh_token_expires_in,
            }),
            (_, error) => Err(AuthError::Refused(
                answer
                    .error_description
                    .or(error)
                    .unwrap_or_else(|| "no token in GitHub's answer".into()),
            )),
        }
    }

    pub fn exchange_code(
        &self,
        code: &str,
        redirect_uri: &str,
        code_verifier: &str,
    ) -> Result<Tokens, AuthError> {
        self.token(&[
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("code_verifier", code_verifier),
        ])
    }

    pub fn refresh(&self, refresh_token: &str) -> Result<Tokens, AuthError> {
        self.token(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
        ])
    }

    pub fn revoke(&self, access_token: &str) -> Result<(), AuthError> {
        let basic = base64::engine::general_purpose::STANDARD
            .encode(format!("{}:{}", self.client_id, self.client_secret));
        let url = self
            .client
            .api_url(&format!("/applications/{}/token", self.client_id));
        let response = self
            .client
            .agent
            .delete(&url)
            .header("Authorization", &format!("Basic {basic}"))
            .header("Accept", "application/vnd.github+json")
            .force_send_body()
            .send_json(json!({ "access_token": access_token }))
            .map_err(|e| AuthError::Unavailable(format!("GitHub could not be reached: {e}")))?;
        match response.status().as_u16() {
            204 | 404 => Ok(()),
            status => Err(AuthError::Unavailable(format!(
                "GitHub answered {status} when the token was revoked"
            ))),
        }
    }

    pub fn user(&self, access_token: &str) -> Result<User, storage::Error> {
        #[derive(Deserialize)]
        struct Answer {
            login: String,
            name: Option<String>,
            avatar_url: Option<String>,
            html_url: Option<String>,
        }
        let bytes = self
            .client
            .get(access_token, "/user", "application/vnd.github+json")?
            .ok_or(storage::Error::Unauthorized)?;
        let answer: Answer = serde_json::from_slice(&bytes).map_err(|e| {
            storage::Error::Unavailable(format!("GitHub's /user was not JSON: {e}"))
        })?;
        let profile_url = answer.html_url.unwrap_or_else(|| {
            format!(
                "{}/{}",
                self.client.endpoints.web.trim_end_matches('/'),
                answer.login
            )
        });
        Ok(User {
            login: answer.login,
            name: answer.name,
            avatar_url: answer.avatar_url,
            profile_url,
        })
    }

    /// GitHub answers 404 for someone who is not a member (or may not see the team).
    pub fn in_team(
        &self,
        access_token: &str,
        org: &str,
        team: &str,
        login: &str,
    ) -> Result<bool, storage::Error> {
        #[derive(Deserialize)]
        struct Membership {
            state: String,
        }
        let path = format!("/orgs/{org}/teams/{team}/memberships/{login}");
        let bytes = match self
            .client
            .get(access_token, &path, "application/vnd.github+json")
        {
            Ok(Some(bytes)) => bytes,
            // 404: not a member, or not one this person may see; 403: the app may not ask.
            Ok(None) | Err(storage::Error::Forbidden(_)) => return Ok(false),
            Err(err) => return Err(err),
        };
        let membership: Membership = serde_json::from_slice(&bytes).map_err(|e| {
            storage::Error::Unavailable(format!("GitHub's team membership was not JSON: {e}"))
        })?;
        Ok(membership.state == "active")
    }
}
