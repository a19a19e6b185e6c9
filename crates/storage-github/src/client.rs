//! HTTP to GitHub: its REST and GraphQL APIs with a person's token, and what their answers mean as
//! storage errors.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};
use storage::Error;

/// Where GitHub is: `https://github.com` and `https://api.github.com`, a GitHub Enterprise Server
/// (`https://ghe.example.com` and `https://ghe.example.com/api/v3`), or a stand-in for tests.
#[derive(Debug, Clone)]
pub struct Endpoints {
    pub web: String,
    pub api: String,
}

impl Endpoints {
    pub fn github_com() -> Endpoints {
        Endpoints {
            web: "https://github.com".into(),
            api: "https://api.github.com".into(),
        }
    }

    /// GitHub's GraphQL endpoint: `/graphql` on api.github.com, `/api/graphql` on a GitHub
    /// Enterprise Server, whose REST API is at `/api/v3`.
    pub fn graphql(&self) -> String {
        let api = self.api.trim_end_matches('/');
        match api.strip_suffix("/v3") {
            Some(base) => format!("{base}/graphql"),
            None => format!("{api}/graphql"),
        }
    }
}

/// Blobs may be images; the server takes changes of up to 64 MB.
const BODY_LIMIT: u64 = 64 * 1024 * 1024;

#[derive(Clone)]
pub struct Client {
    pub endpoints: Endpoints,
    pub agent: ureq::Agent,
}

/// A GraphQL error as GitHub words it.
#[derive(Debug, Clone, Deserialize)]
pub struct GraphqlError {
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub message: String,
}

impl Client {
    pub fn new(endpoints: Endpoints) -> Client {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .http_status_as_error(false)
            .user_agent("quire")
            .build()
            .into();
        Client { endpoints, agent }
    }

    pub fn api_url(&self, path: &str) -> String {
        format!("{}{path}", self.endpoints.api.trim_end_matches('/'))
    }

    /// A REST GET; None on 404.
    pub fn get(&self, token: &str, path: &str, accept: &str) -> Result<Option<Vec<u8>>, Error> {
        let mut response = self
            .agent
            .get(&self.api_url(path))
            .header("Authorization", &format!("Bearer {token}"))
            .header("Accept", accept)
            .header("X-GitHub-Api-Version", "2022-11-28")
            .call()
            .map_err(unreachable)?;
        match response.status().as_u16() {
            200 => Ok(Some(
                response
                    .body_mut()
                    .with_config()
                    .limit(BODY_LIMIT)
                    .read_to_vec()
                    .map_err(unreachable)?,
            )),
            401 => Err(Error::Unauthorized),
            403 => Err(Error::Forbidden(format!("GitHub refused {path}"))),
            404 => Ok(None),
            status => Err(Error::Unavailable(format!(
                "GitHub answered {status} to {path}"
            ))),
        }
    }

    /// A GraphQL call: its `data`, and the errors GitHub gave with it.
    pub fn graphql(
        &self,
        token: &str,
        query: &str,
        variables: Value,
    ) -> Result<(Value, Vec<GraphqlError>), Error> {
        let mut response = self
            .agent
            .post(&self.endpoints.graphql())
            .header("Authorization", &format!("Bearer {token}"))
            .send_json(json!({ "query": query, "variables": variables }))
            .map_err(unreachable)?;
        #[derive(Deserialize)]
        struct Answer {
            #[serde(default)]
            data: Value,
            #[serde(default)]
            errors: Vec<GraphqlError>,
        }
        match response.status().as_u16() {
            200 => {
                let answer: Answer = response.body_mut().read_json().map_err(|e| {
                    Error::Unavailable(format!("GitHub's answer was not JSON: {e}"))
                })?;
                Ok((answer.data, answer.errors))
            }
            401 => Err(Error::Unauthorized),
            status => Err(Error::Unavailable(format!(
                "GitHub answered {status} to a GraphQL call"
            ))),
        }
    }
}

/// GraphQL errors no storage error stands for: GitHub's words, as an outage.
pub fn unexpected(errors: &[GraphqlError]) -> Error {
    let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
    Error::Unavailable(if messages.is_empty() {
        "GitHub's answer was not understood".into()
    } else {
        format!("GitHub: {}", messages.join("; "))
    })
}

pub fn unreachable(err: ureq::Error) -> Error {
    Error::Unavailable(format!("GitHub could not be reached: {err}"))
}
