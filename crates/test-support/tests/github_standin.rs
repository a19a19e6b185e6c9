//! The GitHub stand-in, driven over HTTP as Quire's GitHub storage and the browser drive it: the
//! OAuth flow, the REST and GraphQL calls with GitHub's answers and refusals, the control API,
//! and the binary. The repository behind it is checked with the `git` command line, not through
//! the stand-in's own code.

#[path = "github_standin/binary.rs"]
mod binary;
#[path = "github_standin/control.rs"]
mod control;
#[path = "github_standin/create_commit.rs"]
mod create_commit;
#[path = "github_standin/graphql_reads.rs"]
mod graphql_reads;
#[path = "github_standin/installations.rs"]
mod installations;
#[path = "github_standin/oauth.rs"]
mod oauth;
#[path = "github_standin/refs.rs"]
mod refs;
#[path = "github_standin/rest.rs"]
mod rest;

use std::path::Path;

use serde_json::{Value, json};
use test_support::git;
use test_support::github_standin::{Standin, StandinOptions};
use ureq::Agent;
use ureq::http::Response;

pub const OWNER: &str = "acme";
pub const NAME: &str = "site";
pub const CLIENT_ID: &str = "Iv1.standin";
pub const CLIENT_SECRET: &str = "standin-secret";

pub const REPOSITORY: &str = include_str!("../../storage-github/graphql/repository.graphql");
pub const BRANCHES: &str = include_str!("../../storage-github/graphql/branches.graphql");
pub const REF: &str = include_str!("../../storage-github/graphql/ref.graphql");
pub const PULL_REQUESTS: &str = include_str!("../../storage-github/graphql/pull-requests.graphql");
pub const CREATE_COMMIT: &str = include_str!("../../storage-github/graphql/create-commit.graphql");
pub const CREATE_REF: &str = include_str!("../../storage-github/graphql/create-ref.graphql");
pub const DELETE_REF: &str = include_str!("../../storage-github/graphql/delete-ref.graphql");

/// A stand-in over a fresh repository, and an HTTP client that follows no redirects and reads
/// every status as an answer.
pub struct Hub {
    pub dir: tempfile::TempDir,
    pub standin: Standin,
    pub agent: Agent,
}

/// A repository whose `main` holds a few files in nested folders (one executable), with a second
/// branch `feature/x` one commit ahead.
pub fn site_repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path();
    git(root, &["init", "-q"]);
    write(root, "README.md", "# Site\n");
    write(
        root,
        "content/posts/hello.md",
        "---\ntitle: Hello\n---\nHi.\n",
    );
    write(root, "content/posts/deep/nested.md", "nested\n");
    write(root, "content/pages/about.md", "about\n");
    write(root, "run.sh", "#!/bin/sh\n");
    git(root, &["add", "."]);
    git(root, &["update-index", "--chmod=+x", "run.sh"]);
    git(root, &["commit", "-q", "-m", "First"]);
    git(root, &["branch", "feature/x"]);
    git(root, &["checkout", "-q", "feature/x"]);
    write(root, "content/posts/feature.md", "feature\n");
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "Feature"]);
    git(root, &["checkout", "-q", "main"]);
    dir
}

pub fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
    std::fs::write(path, text).expect("write");
}

pub fn options(repo: &Path) -> StandinOptions {
    StandinOptions {
        repo: repo.to_path_buf(),
        owner: OWNER.to_string(),
        name: NAME.to_string(),
        client_id: CLIENT_ID.to_string(),
        client_secret: CLIENT_SECRET.to_string(),
    }
}

pub fn agent() -> Agent {
    Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .build()
        .into()
}

impl Hub {
    /// A stand-in over `site_repository()`.
    pub fn site() -> Hub {
        Hub::over(site_repository())
    }

    pub fn over(dir: tempfile::TempDir) -> Hub {
        let standin = Standin::spawn(options(dir.path()));
        Hub {
            dir,
            standin,
            agent: agent(),
        }
    }

    /// A live token for `octo`, the default user.
    pub fn token(&self) -> String {
        self.standin.access_token_for("octo")
    }

    /// `git` in the repository behind the stand-in.
    pub fn git(&self, args: &[&str]) -> String {
        git(self.dir.path(), args)
    }

    /// `GET` a REST path below the API base with a bearer token.
    pub fn get(&self, path: &str, token: &str) -> Response<ureq::Body> {
        self.agent
            .get(format!("{}{path}", self.standin.api_url()))
            .header("Authorization", format!("Bearer {token}"))
            .call()
            .expect("an answer")
    }

    /// `GET` a REST path and read the JSON answer, with its status.
    pub fn get_json(&self, path: &str, token: &str) -> (u16, Value) {
        read_json(self.get(path, token))
    }

    /// Runs a GraphQL document with `token`; the answer's status must be 200.
    pub fn graphql(&self, token: &str, document: &str, variables: Value) -> Value {
        let (status, body) = self.graphql_status(token, document, variables);
        assert_eq!(status, 200, "{body}");
        body
    }

    pub fn graphql_status(&self, token: &str, document: &str, variables: Value) -> (u16, Value) {
        let answer = self
            .agent
            .post(self.standin.graphql_url())
            .header("Authorization", format!("bearer {token}"))
            .send_json(json!({ "query": document, "variables": variables }))
            .expect("an answer");
        read_json(answer)
    }

    /// The head of `branch` as git sees it.
    pub fn head(&self, branch: &str) -> String {
        self.git(&["rev-parse", &format!("refs/heads/{branch}")])
    }
}

pub fn read_json(mut answer: Response<ureq::Body>) -> (u16, Value) {
    let status = answer.status().as_u16();
    let text = answer.body_mut().read_to_string().expect("a body");
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}"));
    (status, body)
}

/// The single error of a GraphQL answer whose `field` failed, checked for GitHub's shape.
pub fn the_error(answer: &Value, field: &str) -> Value {
    assert_eq!(answer["data"][field], Value::Null, "{answer}");
    let errors = answer["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{answer}");
    assert_eq!(errors[0]["path"], json!([field]), "{answer}");
    errors[0].clone()
}
