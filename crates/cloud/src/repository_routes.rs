//! A project's GitHub repository, on the team page (admins and owners): connect one (or none), and
//! see whether the cloud's GitHub App is installed on it, with the link to install it when not.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::audit;
use crate::error::Error;
use crate::extract::{SameOrigin, SignedIn};
use crate::state::Cloud;
use crate::team_routes::managed_project;
use crate::teams::{self, Project};

pub fn routes() -> Router<Cloud> {
    Router::new().route(
        "/api/teams/{team}/projects/{project}/repository",
        get(status).put(connect),
    )
}

/// `{ repository, app, installUrl }`: `app` is `installed`, `missing` (not installed on the
/// repository), `none` (the cloud has no GitHub App) or null (no repository).
async fn describe(cloud: &Cloud, project: &Project) -> Result<Value, Error> {
    let Some(repository) = project.repository.clone() else {
        return Ok(json!({ "repository": null, "app": null, "installUrl": null }));
    };
    let Some(app) = cloud.github().await? else {
        return Ok(json!({ "repository": repository, "app": "none", "installUrl": null }));
    };
    let install_url = app.install_url();
    let lookup = repository.clone();
    let installation = tokio::task::spawn_blocking(move || app.installation(&lookup))
        .await
        .map_err(|err| Error::Unavailable(format!("a GitHub call stopped: {err}")))??;
    let state = if installation.is_some() {
        "installed"
    } else {
        "missing"
    };
    Ok(json!({ "repository": repository, "app": state, "installUrl": install_url }))
}

async fn status(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
    Path((slug, project)): Path<(String, String)>,
) -> Result<Json<Value>, Error> {
    let (_, project) = managed_project(&cloud, &slug, &project, &user).await?;
    Ok(Json(describe(&cloud, &project).await?))
}

#[derive(serde::Deserialize)]
struct Given {
    repository: String,
}

async fn connect(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, project)): Path<(String, String)>,
    Json(given): Json<Given>,
) -> Result<Json<Value>, Error> {
    let (team, project) = managed_project(&cloud, &slug, &project, &user).await?;
    let repository = teams::set_repository(&cloud.db, &project, &given.repository).await?;
    let detail = match &repository {
        Some(repository) => format!(
            "{} connected {} to {repository}",
            user.email,
            project.client_id()
        ),
        None => format!(
            "{} disconnected {} from its repository",
            user.email,
            project.client_id()
        ),
    };
    audit::record(
        &cloud.db,
        &team,
        Some(&user.id),
        "project.repository",
        &detail,
    )
    .await?;
    let project = Project {
        repository,
        ..project
    };
    Ok(Json(describe(&cloud, &project).await?))
}
