//! HTTP to GitHub: its REST and GraphQL APIs with a person's token, and what their answers mean as
//! storage errors. The repository's calls (GraphQL, trees, blobs) go straight to GitHub, or through
//! a cloud's `/v1/github/*` with the person's cloud token ([`Route`]): one client, two transports.

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

/// How the repository's calls reach GitHub.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// Straight to GitHub's API, with the person's GitHub token.
    Direct,
    /// Through the cloud at `url` (`/v1/github/*`), with the person's cloud token: the cloud knows
    /// the repository, applies the person's role and calls GitHub with its app's token.
    Cloud { url: String },
}

/// Blobs may be images; the server takes changes of up to 64 MB.
const BODY_LIMIT: u64 = 64 * 1024 * 1024;
/// The version header a cloud's calls carry, as Keystatic's client sends its own.
const CLOUD_VERSION_HEADER: &str = "x-keystatic-version";

#[derive(Clone)]
pub struct Client {
    pub endpoints: Endpoints,
    pub route: Route,
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
        Client::routed(endpoints, Route::Direct)
    }

    /// A client whose repository calls take `route`; `endpoints.web` still names GitHub's pages.
    pub fn routed(endpoints: Endpoints, route: Route) -> Client {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .http_status_as_error(false)
            .user_agent("quire")
            .build()
            .into();
        Client {
            endpoints,
            route,
            agent,
        }
    }

    pub fn api_url(&self, path: &str) -> String {
        format!("{}{path}", self.endpoints.api.trim_end_matches('/'))
    }

    /// The recursive tree `sha` of the repository `full_name`; None when there is none such.
    pub fn tree(&self, token: &str, full_name: &str, sha: &str) -> Result<Option<Vec<u8>>, Error> {
        let url = match &self.route {
            Route::Direct => {
                self.api_url(&format!("/repos/{full_name}/git/trees/{sha}?recursive=1"))
            }
            Route::Cloud { url } => format!("{url}/v1/github/trees/{sha}"),
        };
        self.fetch(token, &url, "application/vnd.github+json")
    }

    /// The bytes of blob `sha` of the repository `full_name`; None when there is none such.
    pub fn blob(&self, token: &str, full_name: &str, sha: &str) -> Result<Option<Vec<u8>>, Error> {
        let url = match &self.route {
            Route::Direct => self.api_url(&format!("/repos/{full_name}/git/blobs/{sha}")),
            Route::Cloud { url } => format!("{url}/v1/github/blob/{sha}"),
        };
        self.fetch(token, &url, "application/vnd.github.raw+json")
    }

    /// A REST GET below the API; None on 404.
    pub fn get(&self, token: &str, path: &str, accept: &str) -> Result<Option<Vec<u8>>, Error> {
        self.fetch(token, &self.api_url(path), accept)
    }

    fn fetch(&self, token: &str, url: &str, accept: &str) -> Result<Option<Vec<u8>>, Error> {
        let mut request = self
            .agent
            .get(url)
            .header("Authorization", &format!("Bearer {token}"))
            .header("Accept", accept)
            .header("X-GitHub-Api-Version", "2022-11-28");
        if let Route::Cloud { .. } = self.route {
            request = request.header(CLOUD_VERSION_HEADER, env!("CARGO_PKG_VERSION"));
        }
        let mut response = request.call().map_err(unreachable)?;
        let path = url.split('?').next().unwrap_or(url);
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
            404 if self.route == Route::Direct => Ok(None),
            403 if self.route == Route::Direct => {
                Err(Error::Forbidden(format!("GitHub refused {path}")))
            }
            status => Err(self.refusal(status, &mut response, path)),
        }
    }

    /// What an answer other than 200 and 401 means: GitHub's status, or the cloud's own words.
    fn refusal(
        &self,
        status: u16,
        response: &mut ureq::http::Response<ureq::Body>,
        what: &str,
    ) -> Error {
        if self.route == Route::Direct {
            return Error::Unavailable(format!("GitHub answered {status} to {what}"));
        }
        #[derive(Deserialize)]
        struct CloudError {
            message: String,
        }
        let message = response
            .body_mut()
            .read_json::<CloudError>()
            .map(|e| e.message)
            .unwrap_or_else(|_| format!("The cloud answered {status} to {what}"));
        match status {
            403 => Error::Forbidden(message),
            _ => Error::Unavailable(message),
        }
    }

    /// A GraphQL call: its `data`, and the errors GitHub gave with it.
    pub fn graphql(
        &self,
        token: &str,
        query: &str,
        variables: Value,
    ) -> Result<(Value, Vec<GraphqlError>), Error> {
        let url = match &self.route {
            Route::Direct => self.endpoints.graphql(),
            Route::Cloud { url } => format!("{url}/v1/github/graphql"),
        };
        let mut request = self
            .agent
            .post(&url)
            .header("Authorization", &format!("Bearer {token}"));
        if let Route::Cloud { .. } = self.route {
            request = request.header(CLOUD_VERSION_HEADER, env!("CARGO_PKG_VERSION"));
        }
        let mut response = request
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
            status => Err(self.refusal(status, &mut response, "a GraphQL call")),
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
