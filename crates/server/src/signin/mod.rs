//! Signing in, for storage that people sign in to (GitHub, or a cloud): Keystatic's routes under
//! `/api/keystatic/github/` or `/api/keystatic/cloud/` (`routes.rs`), each person's sign-in held in sealed cookies
//! (`session.rs`, `seal.rs`), who is asking (`people.rs`), and the GitHub App's creation while its
//! settings are missing (`setup.rs`, `setup_routes.rs`).

mod people;
mod routes;
mod seal;
pub(crate) mod session;
pub(crate) mod setup;
mod setup_routes;

pub use people::{cloud_session, current_user};
pub use routes::{provider_routes, renew_expired};
pub use seal::{SECRET_MIN, Sealer};
pub use session::SignIn;
pub use setup::{AppCreated, Setup};
pub(crate) use setup_routes::required as setup_required;
