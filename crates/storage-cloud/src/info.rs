//! `GET /v1/info`: who holds a token, their role in the project's team, the project's repository
//! and the team's features, as the cloud says.

use serde::Deserialize;

/// The version parameter and header the cloud's calls carry, as Keystatic's client sends its own.
pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// `request` as the holder of `token` sends it to the cloud.
pub(crate) fn as_holder<B>(
    request: ureq::RequestBuilder<B>,
    token: &str,
) -> ureq::RequestBuilder<B> {
    request
        .header("Authorization", &format!("Bearer {token}"))
        .header("x-keystatic-version", VERSION)
}

/// A person's role in the project's team; viewers only read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Admin,
    Editor,
    Viewer,
}

/// What the cloud says of a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloudInfo {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub avatar_url: Option<String>,
    /// Keystatic Cloud names no role: its people edit.
    pub role: Role,
    pub project_name: String,
    /// `owner/name`, once the project is connected to one.
    pub repository: Option<String>,
    /// The repository's page (`https://github.com/owner/name`).
    pub repository_url: Option<String>,
    pub team_name: String,
    pub images: bool,
    pub multiplayer: bool,
}

#[derive(Deserialize)]
struct Answer {
    user: UserAnswer,
    project: ProjectAnswer,
    team: TeamAnswer,
    role: Option<Role>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UserAnswer {
    id: String,
    name: String,
    email: String,
    avatar_url: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProjectAnswer {
    name: String,
    repository: Option<String>,
    repository_url: Option<String>,
}

#[derive(Deserialize)]
struct TeamAnswer {
    name: String,
    #[serde(default)]
    images: bool,
    #[serde(default)]
    multiplayer: bool,
}

/// Asks the cloud at `url` about `token`: `Unauthorized` when it is no sign-in (anymore).
pub fn fetch(agent: &ureq::Agent, url: &str, token: &str) -> Result<CloudInfo, storage::Error> {
    let mut response = as_holder(agent.get(&format!("{url}/v1/info")), token)
        .call()
        .map_err(|e| storage::Error::Unavailable(format!("The cloud could not be reached: {e}")))?;
    match response.status().as_u16() {
        200 => {}
        401 => return Err(storage::Error::Unauthorized),
        status => {
            return Err(storage::Error::Unavailable(format!(
                "The cloud answered {status} to /v1/info"
            )));
        }
    }
    let answer: Answer = response.body_mut().read_json().map_err(|e| {
        storage::Error::Unavailable(format!("The cloud's /v1/info was not understood: {e}"))
    })?;
    Ok(CloudInfo {
        user_id: answer.user.id,
        name: answer.user.name,
        email: answer.user.email,
        avatar_url: answer.user.avatar_url,
        role: answer.role.unwrap_or(Role::Editor),
        project_name: answer.project.name,
        repository: answer.project.repository,
        repository_url: answer.project.repository_url,
        team_name: answer.team.name,
        images: answer.team.images,
        multiplayer: answer.team.multiplayer,
    })
}
