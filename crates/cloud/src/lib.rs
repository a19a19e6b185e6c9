//! Quire Cloud (`quire cloud`): the service a site's admin signs people in with when they have no
//! git host account. It holds people (`people.rs`, `avatars.rs`, `password.rs`, `passkeys.rs`,
//! `sessions.rs`, `attempts.rs`), teams with their members, roles and projects (`teams.rs`,
//! `audit.rs`), invitation and password links (`links.rs`, also emailed by `mail.rs` when there is
//! a mail server), the first owner (`setup.rs`), and is the OAuth 2 authorization server with PKCE
//! the admin uses (`oauth.rs`); it reaches each project's GitHub repository with its own GitHub
//! App (`github_app.rs`, given at start or made from the cloud by `github_app_setup.rs`) for the
//! admins signed in (`github_routes.rs`, with `graphql_gate.rs` and `rate.rs`), and keeps
//! projects' images (`image_store.rs`), delivered with transforms (`images/`); over HTTP (`routes.rs`,
//! `team_routes.rs` with every role check, `repository_routes.rs`, `account_routes.rs`,
//! `extract.rs` for who is asking, `pages.rs`, with `state.rs`'s [`Cloud`]) and its own pages
//! (`web.rs`). Everything lives in one database (`db.rs`), SQLite or PostgreSQL, so any number of
//! instances can share it. Console commands for automation are `admin.rs`'s.

mod account_routes;
pub mod admin;
pub mod attempts;
pub mod audit;
mod avatars;
mod db;
mod error;
mod extract;
pub mod github_app;
pub mod github_app_setup;
mod github_routes;
mod graphql_gate;
pub mod image_store;
mod images;
pub mod links;
pub mod mail;
pub mod oauth;
mod pages;
pub mod passkeys;
pub mod password;
pub mod people;
mod rate;
mod repository_routes;
mod routes;
mod secret;
mod sessions;
pub mod setup;
mod state;
mod team_routes;
pub mod teams;
mod web;

pub use db::Db;
pub use error::Error;
pub use state::Cloud;

/// The whole service.
pub fn router(cloud: Cloud) -> axum::Router {
    axum::Router::new()
        .merge(routes::routes())
        .merge(team_routes::routes())
        .merge(account_routes::routes())
        .merge(github_routes::routes())
        .merge(repository_routes::routes())
        .merge(github_app_setup::routes())
        .merge(images::routes())
        .merge(web::routes())
        .layer(axum::middleware::from_fn(web::secure))
        .with_state(cloud)
}
