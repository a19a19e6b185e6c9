//! Teams, their members and roles, and their projects with the admin origins allowed to sign in.

use sqlx::Row;

use crate::db::{Db, now};
use crate::error::Error;
use crate::people::User;
use crate::secret;

/// What a member may do. Each role may do everything the roles after it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// Everything, including deleting the team.
    Owner,
    /// Members, projects and the team's flags.
    Admin,
    /// Edit content and upload images.
    Editor,
    /// Read only.
    Viewer,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Owner, Role::Admin, Role::Editor, Role::Viewer];

    pub fn name(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Admin => "admin",
            Role::Editor => "editor",
            Role::Viewer => "viewer",
        }
    }

    pub fn named(name: &str) -> Result<Role, Error> {
        Role::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "\"{name}\" is not a role; use owner, admin, editor or viewer."
                ))
            })
    }

    /// Whether this role includes everything `other` may do.
    pub fn includes(self, other: Role) -> bool {
        self <= other
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub images: bool,
    pub multiplayer: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Project {
    pub id: String,
    pub team: Team,
    pub slug: String,
    pub name: String,
    /// The GitHub repository it edits (`owner/name`), once connected.
    pub repository: Option<String>,
}

impl Project {
    /// `team/project`: the OAuth client id a site's config names.
    pub fn client_id(&self) -> String {
        format!("{}/{}", self.team.slug, self.slug)
    }
}

/// A team or project slug: 1 to 40 lowercase letters, digits and dashes, not starting with a dash.
pub fn slug(given: &str) -> Result<String, Error> {
    let valid = (1..=40).contains(&given.len())
        && !given.starts_with('-')
        && given
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if valid {
        Ok(given.to_string())
    } else {
        Err(Error::Invalid(format!(
            "\"{given}\" is not a slug: use 1 to 40 lowercase letters, digits and dashes."
        )))
    }
}

fn team(row: &sqlx::any::AnyRow) -> Result<Team, Error> {
    Ok(Team {
        id: row.try_get("team_id")?,
        slug: row.try_get("team_slug")?,
        name: row.try_get("team_name")?,
        images: row.try_get::<i64, _>("images")? != 0,
        multiplayer: row.try_get::<i64, _>("multiplayer")? != 0,
    })
}

/// The columns [`team`] reads.
macro_rules! team_columns {
    () => {
        "teams.id AS team_id, teams.slug AS team_slug, teams.name AS team_name, teams.images, teams.multiplayer"
    };
}

/// Makes a team; `Taken` when the slug is.
pub async fn create_team(db: &Db, slug_given: &str, name: &str) -> Result<Team, Error> {
    let slug = slug(slug_given)?;
    let name = crate::people::name(name)?;
    if team_by_slug(db, &slug).await?.is_some() {
        return Err(Error::Taken(format!("The team {slug} exists already.")));
    }
    let id = secret::id();
    sqlx::query("INSERT INTO teams (id, slug, name, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(&slug)
        .bind(&name)
        .bind(now())
        .execute(&db.pool)
        .await?;
    Ok(Team {
        id,
        slug,
        name,
        images: false,
        multiplayer: false,
    })
}

pub async fn team_by_slug(db: &Db, slug: &str) -> Result<Option<Team>, Error> {
    let row = sqlx::query(concat!(
        "SELECT ",
        team_columns!(),
        " FROM teams WHERE slug = $1"
    ))
    .bind(slug)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(team).transpose()
}

/// Sets a team's flags (the spec's cloud info carries them).
pub async fn set_flags(db: &Db, team: &Team, images: bool, multiplayer: bool) -> Result<(), Error> {
    sqlx::query("UPDATE teams SET images = $1, multiplayer = $2 WHERE id = $3")
        .bind(i64::from(images))
        .bind(i64::from(multiplayer))
        .bind(&team.id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Deletes `team` with its members' roles, projects (and the sign-ins to them), links and log;
/// the people keep their accounts.
pub async fn delete_team(db: &Db, team: &Team) -> Result<(), Error> {
    sqlx::query("DELETE FROM teams WHERE id = $1")
        .bind(&team.id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Gives `user` the role `role` in `team`, whether or not they were a member.
pub async fn set_member(db: &Db, team: &Team, user: &User, role: Role) -> Result<(), Error> {
    let updated = sqlx::query("UPDATE members SET role = $1 WHERE team_id = $2 AND user_id = $3")
        .bind(role.name())
        .bind(&team.id)
        .bind(&user.id)
        .execute(&db.pool)
        .await?;
    if updated.rows_affected() == 0 {
        sqlx::query("INSERT INTO members (team_id, user_id, role) VALUES ($1, $2, $3)")
            .bind(&team.id)
            .bind(&user.id)
            .bind(role.name())
            .execute(&db.pool)
            .await?;
    }
    Ok(())
}

/// `user`'s role in `team`; `None` when they are no member.
pub async fn role_of(db: &Db, team: &Team, user_id: &str) -> Result<Option<Role>, Error> {
    let row = sqlx::query("SELECT role FROM members WHERE team_id = $1 AND user_id = $2")
        .bind(&team.id)
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    match row {
        Some(row) => Ok(Some(Role::named(&row.try_get::<String, _>("role")?)?)),
        None => Ok(None),
    }
}

/// Makes a project of `team`; `Taken` when the team has one by that slug.
pub async fn create_project(
    db: &Db,
    team: &Team,
    slug_given: &str,
    name: &str,
) -> Result<Project, Error> {
    let slug = slug(slug_given)?;
    let name = crate::people::name(name)?;
    if project(db, &format!("{}/{slug}", team.slug))
        .await?
        .is_some()
    {
        return Err(Error::Taken(format!(
            "The project {}/{slug} exists already.",
            team.slug
        )));
    }
    let id = secret::id();
    sqlx::query(
        "INSERT INTO projects (id, team_id, slug, name, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&id)
    .bind(&team.id)
    .bind(&slug)
    .bind(&name)
    .bind(now())
    .execute(&db.pool)
    .await?;
    Ok(Project {
        id,
        team: team.clone(),
        slug,
        name,
        repository: None,
    })
}

/// Renames `project` (1 to 100 characters, as a person's name); the name it has now.
pub async fn rename_project(db: &Db, project: &Project, given: &str) -> Result<String, Error> {
    let name = crate::people::name(given)?;
    sqlx::query("UPDATE projects SET name = $1 WHERE id = $2")
        .bind(&name)
        .bind(&project.id)
        .execute(&db.pool)
        .await?;
    Ok(name)
}

/// A GitHub repository as `owner/name`: an owner of 1 to 39 letters, digits and single dashes, not
/// starting or ending with one, and a name of 1 to 100 letters, digits, dots, dashes and
/// underscores that is not `.` or `..`, as GitHub allows them. Surrounding spaces and a pasted
/// `https://github.com/` are taken off.
pub fn repository(given: &str) -> Result<String, Error> {
    let trimmed = given.trim();
    let trimmed = trimmed
        .strip_prefix("https://github.com/")
        .unwrap_or(trimmed)
        .trim_end_matches('/');
    let trimmed = trimmed.strip_suffix(".git").unwrap_or(trimmed);
    let valid = trimmed.split_once('/').is_some_and(|(owner, name)| {
        (1..=39).contains(&owner.len())
            && owner.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !owner.starts_with('-')
            && !owner.ends_with('-')
            && !owner.contains("--")
            && (1..=100).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
            && name != "."
            && name != ".."
    });
    if valid {
        Ok(trimmed.to_string())
    } else {
        Err(Error::Invalid(format!(
            "\"{}\" is not a GitHub repository: write it as owner/name, such as acme/website.",
            given.trim()
        )))
    }
}

/// Connects `project` to the GitHub repository `given` (checked by [`repository`]), or
/// disconnects it with an empty one; the repository it has now.
pub async fn set_repository(
    db: &Db,
    project: &Project,
    given: &str,
) -> Result<Option<String>, Error> {
    let repository = match given.trim() {
        "" => None,
        _ => Some(repository(given)?),
    };
    sqlx::query("UPDATE projects SET repository = $1 WHERE id = $2")
        .bind(&repository)
        .bind(&project.id)
        .execute(&db.pool)
        .await?;
    Ok(repository)
}

/// The project `team/project`.
pub async fn project(db: &Db, client_id: &str) -> Result<Option<Project>, Error> {
    let Some((team_slug, project_slug)) = client_id.split_once('/') else {
        return Ok(None);
    };
    let row = sqlx::query(concat!(
        "SELECT projects.id, projects.slug, projects.name, projects.repository, ",
        team_columns!(),
        " FROM projects JOIN teams ON teams.id = projects.team_id WHERE teams.slug = $1 AND projects.slug = $2"
    ))
    .bind(team_slug)
    .bind(project_slug)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|row| {
        Ok(Project {
            id: row.try_get("id")?,
            slug: row.try_get("slug")?,
            name: row.try_get("name")?,
            repository: row.try_get("repository")?,
            team: team(&row)?,
        })
    })
    .transpose()
}

/// An admin's origin as it is stored and compared (`https://example.com`, `http://localhost:8788`).
pub fn origin(given: &str) -> Result<String, Error> {
    let refuse = || {
        Error::Invalid(format!(
            "\"{given}\" is not an origin such as https://cms.example.com."
        ))
    };
    let url = url::Url::parse(given.trim()).map_err(|_| refuse())?;
    let bare = url.path() == "/" && url.query().is_none() && url.fragment().is_none();
    if !matches!(url.scheme(), "https" | "http")
        || url.host_str().is_none()
        || !bare
        || !url.username().is_empty()
    {
        return Err(refuse());
    }
    Ok(url.origin().ascii_serialization())
}

/// Allows admins at `origin` to sign in to `project`.
pub async fn allow_origin(db: &Db, project: &Project, given: &str) -> Result<String, Error> {
    let origin = origin(given)?;
    if !origins(db, project).await?.contains(&origin) {
        sqlx::query("INSERT INTO project_origins (project_id, origin) VALUES ($1, $2)")
            .bind(&project.id)
            .bind(&origin)
            .execute(&db.pool)
            .await?;
    }
    Ok(origin)
}

/// The admin origins allowed to sign in to `project`.
pub async fn origins(db: &Db, project: &Project) -> Result<Vec<String>, Error> {
    let rows =
        sqlx::query("SELECT origin FROM project_origins WHERE project_id = $1 ORDER BY origin")
            .bind(&project.id)
            .fetch_all(&db.pool)
            .await?;
    rows.iter().map(|row| Ok(row.try_get("origin")?)).collect()
}

/// A member as the team page lists them.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Member {
    pub user: User,
    pub role: &'static str,
}

/// The members of `team`, by name.
pub async fn members(db: &Db, team: &Team) -> Result<Vec<Member>, Error> {
    let rows = sqlx::query("SELECT users.id, users.email, users.name, users.avatar_url, members.role FROM members JOIN users ON users.id = members.user_id WHERE members.team_id = $1 ORDER BY users.name, users.email")
        .bind(&team.id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(Member {
                user: User {
                    id: row.try_get("id")?,
                    email: row.try_get("email")?,
                    name: row.try_get("name")?,
                    avatar_url: row.try_get("avatar_url")?,
                },
                role: Role::named(&row.try_get::<String, _>("role")?)?.name(),
            })
        })
        .collect()
}

/// Takes `user` out of `team`.
pub async fn remove_member(db: &Db, team: &Team, user_id: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM members WHERE team_id = $1 AND user_id = $2")
        .bind(&team.id)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The teams `user` belongs to, with their role in each.
pub async fn teams_of(db: &Db, user: &User) -> Result<Vec<(Team, Role)>, Error> {
    let rows = sqlx::query(concat!(
        "SELECT members.role, ",
        team_columns!(),
        " FROM members JOIN teams ON teams.id = members.team_id WHERE members.user_id = $1 ORDER BY teams.name"
    ))
    .bind(&user.id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| Ok((team(row)?, Role::named(&row.try_get::<String, _>("role")?)?)))
        .collect()
}

/// The projects of `team`, by slug.
pub async fn projects(db: &Db, team: &Team) -> Result<Vec<Project>, Error> {
    let rows = sqlx::query(
        "SELECT id, slug, name, repository FROM projects WHERE team_id = $1 ORDER BY slug",
    )
    .bind(&team.id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Project {
                id: row.try_get("id")?,
                team: team.clone(),
                slug: row.try_get("slug")?,
                name: row.try_get("name")?,
                repository: row.try_get("repository")?,
            })
        })
        .collect()
}

/// Replaces the admin origins allowed to sign in to `project`.
pub async fn set_origins(
    db: &Db,
    project: &Project,
    given: &[String],
) -> Result<Vec<String>, Error> {
    // Every origin is checked before any is replaced.
    let checked = given
        .iter()
        .map(|o| origin(o))
        .collect::<Result<Vec<_>, _>>()?;
    sqlx::query("DELETE FROM project_origins WHERE project_id = $1")
        .bind(&project.id)
        .execute(&db.pool)
        .await?;
    for allowed in &checked {
        allow_origin(db, project, allowed).await?;
    }
    origins(db, project).await
}
