//! Quire's content model: the site config, field kinds and their validation, entry files and the
//! paths entries live at, the gate that checks change sets, and the content index.
//!
//! Pure: no I/O, no async, and no panic on user content; problems come back as values.

pub mod body;
pub mod config;
pub mod config_schema;
pub mod entry;
pub mod entry_area;
pub mod entry_files;
pub mod gate;
mod image_bytes;
pub mod index;
pub mod kinds;
pub mod list;
mod path_text;
pub mod paths;
pub mod status;
mod timestamp;
pub mod validate;
pub mod value;
pub mod yaml;
mod yaml_wording;
