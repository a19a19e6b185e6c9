//! `quire cloud admin …`: console commands for automation and tests. Each can run again with the
//! same arguments and change nothing the second time.

use crate::audit;
use crate::db::Db;
use crate::error::Error;
use crate::people::{self, User};
use crate::teams::{self, Project, Role, Team};

/// Makes an account, or says the existing one is there (its password is not changed).
pub async fn create_user(
    db: &Db,
    email: &str,
    name: &str,
    password: &str,
) -> Result<(User, bool), Error> {
    if let Some((user, _)) = people::by_email(db, email).await? {
        return Ok((user, false));
    }
    Ok((people::create(db, email, name, password).await?, true))
}

pub async fn create_team(db: &Db, slug: &str, name: &str) -> Result<(Team, bool), Error> {
    if let Some(team) = teams::team_by_slug(db, slug).await? {
        return Ok((team, false));
    }
    Ok((teams::create_team(db, slug, name).await?, true))
}

async fn team(db: &Db, slug: &str) -> Result<Team, Error> {
    teams::team_by_slug(db, slug).await?.ok_or_else(|| {
        Error::NotFound(format!(
            "There is no team {slug}; make it with create-team."
        ))
    })
}

/// Makes `team/project`, allowing the admin origins given.
pub async fn create_project(
    db: &Db,
    client_id: &str,
    name: &str,
    origins: &[String],
) -> Result<(Project, bool), Error> {
    let Some((team_slug, project_slug)) = client_id.split_once('/') else {
        return Err(Error::Invalid(format!(
            "\"{client_id}\" is not TEAM/PROJECT."
        )));
    };
    let (project, made) = match teams::project(db, client_id).await? {
        Some(project) => (project, false),
        None => (
            teams::create_project(db, &team(db, team_slug).await?, project_slug, name).await?,
            true,
        ),
    };
    for origin in origins {
        teams::allow_origin(db, &project, origin).await?;
    }
    Ok((project, made))
}

/// Gives the account of `email` the role in `team`.
pub async fn add_member(db: &Db, team_slug: &str, email: &str, role: &str) -> Result<(), Error> {
    let role = Role::named(role)?;
    let team = team(db, team_slug).await?;
    let (user, _) = people::by_email(db, email).await?.ok_or_else(|| {
        Error::NotFound(format!(
            "There is no account for {email}; make it with create-user."
        ))
    })?;
    let before = teams::role_of(db, &team, &user.id).await?;
    if before == Some(role) {
        return Ok(());
    }
    teams::set_member(db, &team, &user, role).await?;
    let detail = match before {
        Some(before) => format!(
            "{} changed from {} to {}",
            user.email,
            before.name(),
            role.name()
        ),
        None => format!("{} joined as {}", user.email, role.name()),
    };
    audit::record(db, &team, None, "member.role", &detail).await
}

/// Sets a team's `images` and `multiplayer` flags.
pub async fn set_flags(
    db: &Db,
    team_slug: &str,
    images: bool,
    multiplayer: bool,
) -> Result<(), Error> {
    teams::set_flags(db, &team(db, team_slug).await?, images, multiplayer).await
}

/// A token of the account of `email` for the project `team/project`, as a sign-in would give, for
/// automation (a build that reads the repository through the cloud) and tests.
pub async fn issue_token(db: &Db, client_id: &str, email: &str) -> Result<String, Error> {
    let project = teams::project(db, client_id)
        .await?
        .ok_or_else(|| Error::NotFound(format!("There is no project {client_id}.")))?;
    let (user, _) = people::by_email(db, email).await?.ok_or_else(|| {
        Error::NotFound(format!(
            "There is no account for {email}; make it with create-user."
        ))
    })?;
    if teams::role_of(db, &project.team, &user.id).await?.is_none() {
        return Err(Error::Forbidden(format!(
            "{email} is not a member of {}; add them with add-member.",
            project.team.slug
        )));
    }
    Ok(crate::oauth::issue(db, &project, &user).await?.access_token)
}
