//! What the cloud's team and link pages call (`/api/teams/…`, `/api/links/…`). Every call checks
//! the caller's role in the team here, whatever the pages show: any member sees the team; admins
//! and owners manage members, invitations, projects and flags and read the audit log; only owners
//! make or unmake owners, and a team always keeps one.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde_json::json;

use crate::error::Error;
use crate::extract::{SameOrigin, SignedIn, UserAgent, optional_user, signed_in_answer};
use crate::links::{self, Use};
use crate::mail::Letter;
use crate::people::{self, User};
use crate::state::Cloud;
use crate::teams::{self, Role, Team};
use crate::{audit, sessions};

pub fn routes() -> Router<Cloud> {
    Router::new()
        .route("/api/teams", get(my_teams))
        .route("/api/teams/{team}", get(team_page).delete(delete_team))
        .route("/api/teams/{team}/flags", put(set_flags))
        .route(
            "/api/teams/{team}/members/{user}",
            put(set_role).delete(remove),
        )
        .route(
            "/api/teams/{team}/members/{user}/password-link",
            post(password_link),
        )
        .route("/api/teams/{team}/invitations", post(invite))
        .route(
            "/api/teams/{team}/invitations/{id}",
            axum::routing::delete(withdraw),
        )
        .route("/api/teams/{team}/projects", post(create_project))
        .route("/api/teams/{team}/projects/{project}", put(rename_project))
        .route(
            "/api/teams/{team}/projects/{project}/origins",
            put(set_origins),
        )
        .route("/api/teams/{team}/audit", get(audit_log))
        .route("/api/links/{token}", get(look))
        .route("/api/links", post(spend))
}

/// The team `slug` and the caller's role in it, which must include `needed`.
async fn member(
    cloud: &Cloud,
    slug: &str,
    user: &User,
    needed: Role,
) -> Result<(Team, Role), Error> {
    let not_found = || Error::NotFound(format!("There is no team {slug} of yours."));
    let team = teams::team_by_slug(&cloud.db, slug)
        .await?
        .ok_or_else(not_found)?;
    let role = teams::role_of(&cloud.db, &team, &user.id)
        .await?
        .ok_or_else(not_found)?;
    if !role.includes(needed) {
        return Err(Error::Forbidden(format!(
            "This needs the role {} or above in {}.",
            needed.name(),
            team.name
        )));
    }
    Ok((team, role))
}

/// Refuses what would leave `team` without an owner.
async fn keeps_an_owner(cloud: &Cloud, team: &Team, losing: &str) -> Result<(), Error> {
    let members = teams::members(&cloud.db, team).await?;
    let owners: Vec<_> = members
        .iter()
        .filter(|m| m.role == Role::Owner.name())
        .collect();
    if owners.len() == 1 && owners[0].user.id == losing {
        return Err(Error::Forbidden(
            "A team keeps at least one owner; make someone else owner first.".into(),
        ));
    }
    Ok(())
}

async fn my_teams(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
) -> Result<Json<serde_json::Value>, Error> {
    let teams = teams::teams_of(&cloud.db, &user).await?;
    let list: Vec<_> = teams
        .iter()
        .map(|(team, role)| json!({ "slug": team.slug, "name": team.name, "role": role.name() }))
        .collect();
    Ok(Json(json!({ "teams": list })))
}

async fn team_page(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
    Path(slug): Path<String>,
) -> Result<Json<serde_json::Value>, Error> {
    let (team, role) = member(&cloud, &slug, &user, Role::Viewer).await?;
    let mut projects = Vec::new();
    for project in teams::projects(&cloud.db, &team).await? {
        let origins = teams::origins(&cloud.db, &project).await?;
        projects.push(json!({ "id": project.client_id(), "slug": project.slug, "name": project.name, "origins": origins, "repository": project.repository }));
    }
    let invitations = if role.includes(Role::Admin) {
        links::pending(&cloud.db, &team).await?
    } else {
        Vec::new()
    };
    Ok(Json(json!({
        "slug": team.slug,
        "name": team.name,
        "images": team.images,
        "multiplayer": team.multiplayer,
        "role": role.name(),
        "members": teams::members(&cloud.db, &team).await?,
        "projects": projects,
        "invitations": invitations,
    })))
}

#[derive(serde::Deserialize)]
struct Flags {
    images: bool,
    multiplayer: bool,
}

async fn set_flags(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path(slug): Path<String>,
    Json(flags): Json<Flags>,
) -> Result<StatusCode, Error> {
    let (team, _) = member(&cloud, &slug, &user, Role::Admin).await?;
    teams::set_flags(&cloud.db, &team, flags.images, flags.multiplayer).await?;
    let detail = format!(
        "{} set images {} and multiplayer {}",
        user.email, flags.images, flags.multiplayer
    );
    audit::record(&cloud.db, &team, Some(&user.id), "team.flags", &detail).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Owners only: the team, its projects and every sign-in to them end.
async fn delete_team(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path(slug): Path<String>,
) -> Result<StatusCode, Error> {
    let (team, _) = member(&cloud, &slug, &user, Role::Owner).await?;
    teams::delete_team(&cloud.db, &team).await?;
    tracing::info!("{} deleted the team {}", user.email, team.slug);
    Ok(StatusCode::NO_CONTENT)
}

#[derive(serde::Deserialize)]
struct RoleChange {
    role: String,
}

async fn set_role(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, target)): Path<(String, String)>,
    Json(change): Json<RoleChange>,
) -> Result<StatusCode, Error> {
    let (team, mine) = member(&cloud, &slug, &user, Role::Admin).await?;
    let role = Role::named(&change.role)?;
    let before = teams::role_of(&cloud.db, &team, &target)
        .await?
        .ok_or_else(|| Error::NotFound("This person is not a member of the team.".into()))?;
    if (role == Role::Owner || before == Role::Owner) && mine != Role::Owner {
        return Err(Error::Forbidden(
            "Only an owner makes or unmakes owners.".into(),
        ));
    }
    if before == Role::Owner && role != Role::Owner {
        keeps_an_owner(&cloud, &team, &target).await?;
    }
    let person = people::by_id(&cloud.db, &target)
        .await?
        .ok_or_else(|| Error::NotFound("There is no such person.".into()))?;
    teams::set_member(&cloud.db, &team, &person, role).await?;
    let detail = format!(
        "{} changed {} from {} to {}",
        user.email,
        person.email,
        before.name(),
        role.name()
    );
    audit::record(&cloud.db, &team, Some(&user.id), "member.role", &detail).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn remove(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, target)): Path<(String, String)>,
) -> Result<StatusCode, Error> {
    // Anyone may leave; taking others out needs an admin.
    let needed = if target == user.id {
        Role::Viewer
    } else {
        Role::Admin
    };
    let (team, mine) = member(&cloud, &slug, &user, needed).await?;
    let before = teams::role_of(&cloud.db, &team, &target)
        .await?
        .ok_or_else(|| Error::NotFound("This person is not a member of the team.".into()))?;
    if before == Role::Owner && mine != Role::Owner {
        return Err(Error::Forbidden(
            "Only an owner takes an owner out of the team.".into(),
        ));
    }
    keeps_an_owner(&cloud, &team, &target).await?;
    teams::remove_member(&cloud.db, &team, &target).await?;
    let email = people::by_id(&cloud.db, &target)
        .await?
        .map(|p| p.email)
        .unwrap_or_default();
    audit::record(
        &cloud.db,
        &team,
        Some(&user.id),
        "member.removed",
        &format!("{} took {email} out of the team", user.email),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(serde::Deserialize)]
struct Invitation {
    email: String,
    role: String,
}

async fn invite(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path(slug): Path<String>,
    Json(given): Json<Invitation>,
) -> Result<Json<serde_json::Value>, Error> {
    let (team, mine) = member(&cloud, &slug, &user, Role::Admin).await?;
    let role = Role::named(&given.role)?;
    if role == Role::Owner && mine != Role::Owner {
        return Err(Error::Forbidden("Only an owner invites owners.".into()));
    }
    let token = links::invite(&cloud.db, &team, &given.email, role, &user).await?;
    let link = cloud.link_url(&token);
    let letter = Letter::Invitation {
        team: &team.name,
        role: role.name(),
        by: &user.name,
        link: &link,
    };
    let to = people::email(&given.email)?;
    Ok(Json(link_answer(&cloud, &to, &link, &letter).await))
}

/// A link to show to copy, and whether it went by email (`mailError`: why it did not, when the
/// cloud has a mail server).
async fn link_answer(
    cloud: &Cloud,
    to: &str,
    link: &str,
    letter: &Letter<'_>,
) -> serde_json::Value {
    match cloud.mail(to, letter).await {
        None => json!({ "link": link, "emailed": false }),
        Some(Ok(())) => json!({ "link": link, "emailed": true }),
        Some(Err(error)) => json!({ "link": link, "emailed": false, "mailError": error }),
    }
}

async fn withdraw(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, id)): Path<(String, String)>,
) -> Result<StatusCode, Error> {
    let (team, _) = member(&cloud, &slug, &user, Role::Admin).await?;
    links::withdraw(&cloud.db, &team, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn password_link(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, target)): Path<(String, String)>,
) -> Result<Json<serde_json::Value>, Error> {
    let (team, mine) = member(&cloud, &slug, &user, Role::Admin).await?;
    let theirs = teams::role_of(&cloud.db, &team, &target)
        .await?
        .ok_or_else(|| Error::NotFound("This person is not a member of the team.".into()))?;
    if theirs == Role::Owner && mine != Role::Owner {
        return Err(Error::Forbidden(
            "Only an owner issues an owner's password link.".into(),
        ));
    }
    let person = people::by_id(&cloud.db, &target)
        .await?
        .ok_or_else(|| Error::NotFound("There is no such person.".into()))?;
    let token = links::password_reset(&cloud.db, &team, &person, &user).await?;
    let link = cloud.link_url(&token);
    let letter = Letter::PasswordReset {
        team: &team.name,
        by: &user.name,
        link: &link,
    };
    Ok(Json(
        link_answer(&cloud, &person.email, &link, &letter).await,
    ))
}

#[derive(serde::Deserialize)]
struct NewProject {
    slug: String,
    name: String,
    #[serde(default)]
    origins: Vec<String>,
}

async fn create_project(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path(slug): Path<String>,
    Json(given): Json<NewProject>,
) -> Result<Response, Error> {
    let (team, _) = member(&cloud, &slug, &user, Role::Admin).await?;
    let project = teams::create_project(&cloud.db, &team, &given.slug, &given.name).await?;
    let origins = teams::set_origins(&cloud.db, &project, &given.origins).await?;
    audit::record(
        &cloud.db,
        &team,
        Some(&user.id),
        "project.created",
        &format!("{} made {}", user.email, project.client_id()),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": project.client_id(), "name": project.name, "origins": origins })),
    )
        .into_response())
}

#[derive(serde::Deserialize)]
struct Origins {
    origins: Vec<String>,
}

/// The team `slug` and its project `project`, which the caller manages (admin or owner).
/// The project `slug/project` of a team `user` belongs to, and their role there, when it is
/// `needed` or above.
pub(crate) async fn project_of(
    cloud: &Cloud,
    slug: &str,
    project: &str,
    user: &User,
    needed: Role,
) -> Result<(teams::Project, Role), Error> {
    let (team, role) = member(cloud, slug, user, needed).await?;
    let project = teams::project(&cloud.db, &format!("{}/{project}", team.slug))
        .await?
        .ok_or_else(|| Error::NotFound("There is no such project.".into()))?;
    Ok((project, role))
}

pub(crate) async fn managed_project(
    cloud: &Cloud,
    slug: &str,
    project: &str,
    user: &User,
) -> Result<(Team, teams::Project), Error> {
    let (team, _) = member(cloud, slug, user, Role::Admin).await?;
    let project = teams::project(&cloud.db, &format!("{}/{project}", team.slug))
        .await?
        .ok_or_else(|| Error::NotFound("There is no such project.".into()))?;
    Ok((team, project))
}

#[derive(serde::Deserialize)]
struct ProjectName {
    name: String,
}

async fn rename_project(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, project)): Path<(String, String)>,
    Json(given): Json<ProjectName>,
) -> Result<Json<serde_json::Value>, Error> {
    let (team, project) = managed_project(&cloud, &slug, &project, &user).await?;
    let name = teams::rename_project(&cloud.db, &project, &given.name).await?;
    let detail = format!(
        "{} renamed {} from {} to {name}",
        user.email,
        project.client_id(),
        project.name
    );
    audit::record(&cloud.db, &team, Some(&user.id), "project.renamed", &detail).await?;
    Ok(Json(json!({ "name": name })))
}

async fn set_origins(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    SignedIn(user): SignedIn,
    Path((slug, project)): Path<(String, String)>,
    Json(given): Json<Origins>,
) -> Result<Json<serde_json::Value>, Error> {
    let (team, project) = managed_project(&cloud, &slug, &project, &user).await?;
    let origins = teams::set_origins(&cloud.db, &project, &given.origins).await?;
    audit::record(
        &cloud.db,
        &team,
        Some(&user.id),
        "project.origins",
        &format!(
            "{} allowed {} for {}",
            user.email,
            origins.join(", "),
            project.client_id()
        ),
    )
    .await?;
    Ok(Json(json!({ "origins": origins })))
}

async fn audit_log(
    State(cloud): State<Cloud>,
    SignedIn(user): SignedIn,
    Path(slug): Path<String>,
) -> Result<Json<serde_json::Value>, Error> {
    let (team, _) = member(&cloud, &slug, &user, Role::Admin).await?;
    Ok(Json(
        json!({ "events": audit::events(&cloud.db, &team, 200).await? }),
    ))
}

async fn look(
    State(cloud): State<Cloud>,
    Path(token): Path<String>,
) -> Result<Json<links::Found>, Error> {
    Ok(Json(links::look(&cloud.db, &token).await?))
}

async fn spend(
    State(cloud): State<Cloud>,
    _: SameOrigin,
    UserAgent(agent): UserAgent,
    headers: axum::http::HeaderMap,
    Json(given): Json<Use>,
) -> Result<Response, Error> {
    let signed_in = optional_user(&cloud, &headers).await?;
    let user = links::spend(&cloud.db, &given, signed_in.as_ref()).await?;
    let token = sessions::start(&cloud.db, &user, &agent).await?;
    Ok(signed_in_answer(&cloud, &user, &token))
}
