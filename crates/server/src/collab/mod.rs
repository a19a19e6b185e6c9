//! Live collaboration: one WebSocket per admin tab at `/api/keystatic/v1/collab`, speaking the
//! y-sync and awareness protocols room by room (see `frame.rs` for the frames). The server keeps
//! each room's document, relays changes between the people in it and says who they are.

mod frame;
pub(crate) mod hub;
mod person;
mod relay;
mod room;
mod route;
pub(crate) mod settings;
mod socket;

pub use hub::Hub;
pub use route::routes;
pub use settings::CollabSettings;
