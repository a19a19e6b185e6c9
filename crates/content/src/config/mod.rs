//! The site configuration (`quire.yaml`): Keystatic's configuration vocabulary in YAML.
//!
//! [`parse`] reads and checks the file, reporting every problem with its line and column, and fills
//! every default, so the rest of Quire works with one normalized [`Config`].
//!
//! Floors, each reading only those below it: `reading.rs` (the reading context, positions, errors)
//! and `model/` (the normalized types: the site, its fields' kinds, content components; with
//! `children.rs`, the one walk over the fields a field holds); `nested.rs` (how composite kinds
//! read their children) and `validation.rs` (shared `validation` options); `components.rs` and
//! `editor_options.rs` (content components and editor options of markdoc and mdx fields) and
//! `document/` (the legacy document field); the field kinds themselves (`crate::kinds`);
//! `slug_sort.rs` (a collection's `slugSort`); `site.rs` (the whole file); and this facade. The
//! server turns the model into the admin's JSON (`config_wire.rs`).

pub(crate) mod children;
pub(crate) mod components;
pub(crate) mod document;
pub(crate) mod editor_options;
mod locale;
pub(crate) mod model;
pub(crate) mod nested;
pub(crate) mod reading;
mod site;
mod slug_sort;
mod storage_kind;
pub(crate) mod validation;

pub use children::{PathPart, Step};
pub use components::EDITOR_NAMES;
pub use document::component_blocks::{LAYOUT_TAGS, MARK_TAGS};
pub use locale::ADMIN_LOCALES;
pub use model::*;
pub use reading::{ConfigError, ConfigErrors};
pub use site::{notes, parse};
