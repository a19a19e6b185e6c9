//! `cloudImage`: an image kept elsewhere, stored as `{ src, alt, width, height }`.

use crate::config::model::FieldKind;
use crate::config::reading::Cx;
use crate::config::validation::is_required;
use crate::validate::walk::{Walk, join};
use crate::value::{Node, Pos, Value};

/// The options a cloudImage field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["validation"];

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    FieldKind::CloudImage {
        is_required: is_required(cx, entries, what),
    }
}

/// Records the first problem of a cloud image's stored value (`node` None: absent).
pub(super) fn check(
    walk: &mut Walk<'_>,
    is_required: bool,
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let parts: &[(String, Node)] = match node.map(|n| &n.value) {
        None => &[],
        Some(Value::Object(parts)) => parts,
        Some(_) => return walk.shape(path, "Must be an object", pos),
    };
    for (key, value) in parts {
        let problem = match (key.as_str(), &value.value) {
            (_, Value::Null) => None,
            ("src" | "alt", Value::String(_)) | ("width" | "height", Value::Number(_)) => None,
            ("src" | "alt", _) => Some("Must be a string".to_string()),
            ("width" | "height", _) => Some("Must be a number".to_string()),
            _ => Some(format!("Key on object value \"{key}\" is not allowed")),
        };
        if let Some(message) = problem {
            return walk.shape(&join(path, key), message, value.pos.or(pos));
        }
    }
    let src = parts
        .iter()
        .find(|(k, _)| k == "src")
        .and_then(|(_, n)| n.as_str())
        .unwrap_or_default();
    if is_required && src.is_empty() {
        walk.rule(path, "Image URL is required.", pos);
    }
}
