//! `quire cloud`: runs Quire Cloud over its data folder (SQLite inside it) or a PostgreSQL
//! database, and `quire cloud admin …`, the console commands that make accounts, teams, projects
//! and members for automation and tests.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, Subcommand};

#[derive(Args)]
pub struct CloudArgs {
    /// The folder that holds the cloud's data (its SQLite database and its images); made when
    /// missing.
    #[arg(long, global = true, default_value = "quire-cloud")]
    data: PathBuf,
    /// A PostgreSQL database (`postgres://user@host/db`) to keep the data in instead of SQLite,
    /// shared by several instances.
    #[arg(
        long,
        global = true,
        env = "QUIRE_CLOUD_DATABASE_URL",
        value_name = "URL"
    )]
    database: Option<String>,
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8790)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// The address people reach the cloud at, behind a TLS proxy (`https://cloud.example.com`):
    /// its pages' origin, and whether cookies are sent over https only.
    #[arg(long = "public-url", value_name = "URL")]
    public_url: Option<String>,
    /// An SMTP server to email invitation and password links through
    /// (`smtp://user:password@host:587?tls=required`, `smtps://…:465`); without one, links are only
    /// shown to copy.
    #[arg(long = "smtp-url", env = "QUIRE_CLOUD_SMTP_URL", value_name = "URL")]
    smtp_url: Option<String>,
    /// Who the emails come from (`Quire Cloud <cloud@example.com>`); by default
    /// quire-cloud@ the public address's host.
    #[arg(
        long = "mail-from",
        env = "QUIRE_CLOUD_MAIL_FROM",
        value_name = "ADDRESS"
    )]
    mail_from: Option<String>,
    /// Where projects' images are kept: S3-compatible object storage (`s3://bucket/prefix`, with
    /// the usual AWS settings from the environment), which several instances share; by default the
    /// data folder's `images/`.
    #[arg(long, env = "QUIRE_CLOUD_IMAGES", value_name = "URL")]
    images: Option<String>,
    #[command(flatten)]
    github: GithubAppArgs,
    #[command(subcommand)]
    command: Option<CloudCommand>,
}

/// The cloud's GitHub App, through which projects reach their repositories.
#[derive(Args)]
struct GithubAppArgs {
    /// The GitHub App's id (its settings page shows it).
    #[arg(
        long = "github-app-id",
        env = "QUIRE_CLOUD_GITHUB_APP_ID",
        value_name = "ID"
    )]
    id: Option<u64>,
    /// The file holding the GitHub App's private key (PEM, as GitHub hands it out).
    #[arg(
        long = "github-app-key-file",
        env = "QUIRE_CLOUD_GITHUB_APP_KEY_FILE",
        value_name = "FILE"
    )]
    key_file: Option<PathBuf>,
    /// The app's slug, for the install link the team page shows (`github.com/apps/{slug}`).
    #[arg(
        long = "github-app-slug",
        env = "QUIRE_CLOUD_GITHUB_APP_SLUG",
        value_name = "SLUG"
    )]
    slug: Option<String>,
    /// GitHub's address (a GitHub Enterprise Server's, or a stand-in's).
    #[arg(
        long = "github-url",
        env = "QUIRE_GITHUB_URL",
        default_value = "https://github.com",
        value_name = "URL"
    )]
    web_url: String,
    /// GitHub's REST API (`https://ghe.example.com/api/v3` for a GitHub Enterprise Server).
    #[arg(
        long = "github-api-url",
        env = "QUIRE_GITHUB_API_URL",
        default_value = "https://api.github.com",
        value_name = "URL"
    )]
    api_url: String,
}

/// The cloud's GitHub: where it is, and its app when one is given (else the cloud makes it from
/// its pages).
struct GithubSetting {
    endpoints: storage_github::Endpoints,
    app: Option<cloud::github_app::GithubApp>,
}

impl GithubAppArgs {
    /// Where GitHub is, and the app when its id and key are given; an error when only one of them
    /// is.
    fn setting(self) -> anyhow::Result<GithubSetting> {
        let endpoints = storage_github::Endpoints {
            web: self.web_url.trim_end_matches('/').to_string(),
            api: self.api_url.trim_end_matches('/').to_string(),
        };
        let (id, key_file) = match (self.id, self.key_file) {
            (None, None) => {
                return Ok(GithubSetting {
                    endpoints,
                    app: None,
                });
            }
            (Some(id), Some(key_file)) => (id, key_file),
            _ => anyhow::bail!(
                "the GitHub App needs both its id (--github-app-id) and its key (--github-app-key-file)"
            ),
        };
        let private_key_pem = std::fs::read_to_string(&key_file)
            .with_context(|| format!("cannot read the GitHub App's key {}", key_file.display()))?;
        let config = cloud::github_app::GithubAppConfig {
            id,
            private_key_pem,
            slug: self.slug,
            web_url: endpoints.web.clone(),
            api_url: endpoints.api.clone(),
        };
        let app = cloud::github_app::GithubApp::new(config)
            .map_err(|err| anyhow::anyhow!("{}: {err}", key_file.display()))?;
        Ok(GithubSetting {
            endpoints,
            app: Some(app),
        })
    }
}

#[derive(Subcommand)]
enum CloudCommand {
    /// Console commands for automation: each can run again and changes nothing the second time.
    #[command(subcommand)]
    Admin(AdminCommand),
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Make an account (an existing one is left as it is).
    CreateUser {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// A file whose first line is the password (never a command-line argument, which others
        /// on the machine can read).
        #[arg(long = "password-file")]
        password_file: PathBuf,
    },
    /// Make a team.
    CreateTeam {
        slug: String,
        #[arg(long)]
        name: String,
    },
    /// Make a project of a team, and allow admins at the given origins to sign in to it.
    CreateProject {
        /// TEAM/PROJECT, the id a site's config names.
        id: String,
        #[arg(long)]
        name: String,
        /// An admin's origin (`https://cms.example.com`); may be given more than once.
        #[arg(long = "allow-origin", value_name = "ORIGIN")]
        origins: Vec<String>,
        /// The GitHub repository it edits, `owner/name`.
        #[arg(long, value_name = "OWNER/NAME")]
        repository: Option<String>,
    },
    /// Give an account a role in a team: owner, admin, editor or viewer.
    AddMember {
        team: String,
        email: String,
        #[arg(long)]
        role: String,
    },
    /// Print a token of an account for a project (12 hours), as signing in would give, for
    /// automation that reads or writes the repository through the cloud.
    IssueToken {
        /// TEAM/PROJECT.
        project: String,
        email: String,
    },
    /// Switch a team's images and multiplayer on or off.
    SetFlags {
        team: String,
        #[arg(long)]
        images: bool,
        #[arg(long)]
        multiplayer: bool,
    },
}

pub fn cloud(args: CloudArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let db = open(&args.data, args.database.as_deref()).await?;
        match args.command {
            Some(CloudCommand::Admin(command)) => admin(&db, command).await,
            None => {
                let mail = args.smtp_url.map(|url| (url, args.mail_from));
                let github = args.github.setting()?;
                let images = images(&args.data, args.images.as_deref()).await?;
                serve(
                    db,
                    SocketAddr::new(args.host, args.port),
                    args.public_url,
                    mail,
                    github,
                    images,
                )
                .await
            }
        }
    })
}

/// The image store `--images` names, or the data folder's `images/`; checked that it answers.
async fn images(data: &Path, url: Option<&str>) -> anyhow::Result<cloud::image_store::Images> {
    use cloud::image_store::{Images, S3Settings};
    let images = match url {
        Some(url) => Images::in_s3(url, S3Settings::from_env()),
        None => Images::in_folder(&data.join("images")),
    }
    .map_err(anyhow::Error::msg)?;
    images.check().await.map_err(anyhow::Error::msg)?;
    Ok(images)
}

async fn open(data: &Path, database: Option<&str>) -> anyhow::Result<cloud::Db> {
    let url = match database {
        Some(url) => url.to_string(),
        None => {
            std::fs::create_dir_all(data)
                .with_context(|| format!("cannot make the data folder {}", data.display()))?;
            cloud::Db::sqlite_url(data)
        }
    };
    Ok(cloud::Db::open(&url).await?)
}

/// Serves the cloud on `listen`, reached at `public_url`, emailing through `mail` (an SMTP
/// server's address, and who the emails come from).
async fn serve(
    db: cloud::Db,
    listen: SocketAddr,
    public_url: Option<String>,
    mail: Option<(String, Option<String>)>,
    github: GithubSetting,
    images: cloud::image_store::Images,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("cannot listen on {listen}"))?;
    let bound = listener.local_addr()?;
    let public_url = match public_url {
        Some(url) => url::Url::parse(&url)
            .with_context(|| format!("--public-url {url} is not an address"))?,
        None => url::Url::parse(&format!("http://{bound}"))?,
    };
    let host = public_url.domain().unwrap_or("localhost").to_string();
    let mut cloud = cloud::Cloud::new(db, public_url).with_images(images);
    if let Some((smtp_url, from)) = mail {
        let from = from.unwrap_or_else(|| format!("Quire Cloud <quire-cloud@{host}>"));
        cloud = cloud.with_mailer(cloud::mail::Mailer::new(&smtp_url, &from)?);
    }
    cloud = match github.app {
        Some(app) => cloud.with_github(app),
        None => cloud.with_github_at(github.endpoints),
    };
    println!("Quire Cloud is running at {}", cloud.origin());
    if let Some(token) = cloud::github_app_setup::link(&cloud).await? {
        println!(
            "The cloud has no GitHub App, so projects cannot reach their repositories yet. Make it on GitHub from this link (it works once):\n  {}/github-app#{token}",
            cloud.origin()
        );
    }
    if let Some(token) = cloud::setup::link(cloud.db()).await? {
        println!(
            "No one has an account yet. Make the first owner at this link (it works once):\n  {}",
            cloud.setup_url(&token)
        );
    }
    let app = cloud::router(cloud).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            tokio::signal::ctrl_c().await.ok();
        })
        .await
        .context("the cloud stopped")
}

async fn admin(db: &cloud::Db, command: AdminCommand) -> anyhow::Result<()> {
    let said = |made: bool, what: String| {
        println!("{what} {}", if made { "made" } else { "exists already" });
    };
    match command {
        AdminCommand::CreateUser {
            email,
            name,
            password_file,
        } => {
            let text = std::fs::read_to_string(&password_file)
                .with_context(|| format!("cannot read {}", password_file.display()))?;
            let password = text.lines().next().unwrap_or_default();
            let (user, made) = cloud::admin::create_user(db, &email, &name, password).await?;
            said(made, format!("The account {}", user.email));
        }
        AdminCommand::CreateTeam { slug, name } => {
            let (team, made) = cloud::admin::create_team(db, &slug, &name).await?;
            said(made, format!("The team {}", team.slug));
        }
        AdminCommand::CreateProject {
            id,
            name,
            origins,
            repository,
        } => {
            let (project, made) = cloud::admin::create_project(db, &id, &name, &origins).await?;
            said(made, format!("The project {}", project.client_id()));
            if let Some(repository) = repository {
                cloud::teams::set_repository(db, &project, &repository).await?;
                println!("{} edits {repository}", project.client_id());
            }
        }
        AdminCommand::AddMember { team, email, role } => {
            cloud::admin::add_member(db, &team, &email, &role).await?;
            println!("{email} is {role} of {team}");
        }
        AdminCommand::IssueToken { project, email } => {
            println!("{}", cloud::admin::issue_token(db, &project, &email).await?);
        }
        AdminCommand::SetFlags {
            team,
            images,
            multiplayer,
        } => {
            cloud::admin::set_flags(db, &team, images, multiplayer).await?;
            println!("{team}: images {images}, multiplayer {multiplayer}");
        }
    }
    Ok(())
}
