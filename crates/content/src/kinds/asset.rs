//! `file` and `image`: a file stored beside the entry or below the field's `directory`, named in
//! the data file by its file name (or its public path).

use crate::config::model::FieldKind;
use crate::config::reading::{Cx, present};
use crate::config::validation::is_required;
use crate::path_text::{fix_path, is_clean_path};
use crate::validate::fault::{Fault, required_name};
use crate::value::{Node, Value};

/// The options a file or image field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["directory", "publicPath", "validation", "transformFilename"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str, image: bool) -> FieldKind {
    let directory = cx
        .string(entries, "directory", what)
        .map(|d| fix_path(&d).to_string());
    if let (Some(dir), Some(at)) = (&directory, present(entries, "directory"))
        && !is_clean_path(dir)
    {
        cx.error(
            at,
            format!("{what}: directory must be a relative folder inside the site"),
        );
    }
    FieldKind::Asset {
        image,
        directory,
        public_path: cx.string(entries, "publicPath", what),
        is_required: is_required(cx, entries, what),
    }
}

/// The problem with a file or image field's stored name (`None`: absent or null), if any.
pub(super) fn check(label: &str, is_required: bool, value: Option<&Value>) -> Result<(), Fault> {
    match value {
        // The value names a file to read: anything but a string keeps the entry shut.
        Some(other) if !matches!(other, Value::String(_)) => {
            Err(Fault::Shape("Must be a string".into()))
        }
        _ => required_name(label, is_required, value),
    }
}
