//! `quire cloud`: runs Quire Cloud over its data folder (SQLite inside it) or a PostgreSQL
//! database, and `quire cloud admin …`, the console commands that make accounts, teams, projects
//! and members for automation and tests.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, Subcommand};

#[derive(Args)]
pub struct CloudArgs {
    /// The folder that holds the cloud's data (its SQLite database, later its images); made when
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
    #[command(subcommand)]
    command: Option<CloudCommand>,
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
    },
    /// Give an account a role in a team: owner, admin, editor or viewer.
    AddMember {
        team: String,
        email: String,
        #[arg(long)]
        role: String,
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
                serve(
                    db,
                    SocketAddr::new(args.host, args.port),
                    args.public_url,
                    mail,
                )
                .await
            }
        }
    })
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
    let mut cloud = cloud::Cloud::new(db, public_url);
    if let Some((smtp_url, from)) = mail {
        let from = from.unwrap_or_else(|| format!("Quire Cloud <quire-cloud@{host}>"));
        cloud = cloud.with_mailer(cloud::mail::Mailer::new(&smtp_url, &from)?);
    }
    println!("Quire Cloud is running at {}", cloud.origin());
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
        AdminCommand::CreateProject { id, name, origins } => {
            let (project, made) = cloud::admin::create_project(db, &id, &name, &origins).await?;
            said(made, format!("The project {}", project.client_id()));
        }
        AdminCommand::AddMember { team, email, role } => {
            cloud::admin::add_member(db, &team, &email, &role).await?;
            println!("{email} is {role} of {team}");
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
