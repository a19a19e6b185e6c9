//! A collection's `slugSort` (Keystatic's `parseSlugForSort` as data): how its list orders slugs.

use super::model::SlugSort;
use super::reading::{Cx, present};
use crate::value::Node;

/// `slugSort: { pattern, as }`: a regular expression whose first group is the slug's sort key,
/// compared as a `number` or as `text` (the default).
pub(super) fn read_slug_sort(cx: &mut Cx, node: &Node, what: &str) -> Option<SlugSort> {
    let what = format!("{what}: slugSort");
    let entries = cx.mapping(node, &what)?;
    cx.known_keys(entries, &["pattern", "as"], &what);
    let Some(source) = cx.string(entries, "pattern", &what) else {
        cx.error(node, format!("{what}: pattern is required"));
        return None;
    };
    let as_number = match cx.string(entries, "as", &what).as_deref() {
        None | Some("text") => false,
        Some("number") => true,
        Some(other) => {
            let at = present(entries, "as").unwrap_or(node);
            cx.error(
                at,
                format!("{what}: \"as\" is number or text, not \"{other}\""),
            );
            false
        }
    };
    let at = present(entries, "pattern").unwrap_or(node);
    let pattern = cx.regex(at, &source, &format!("{what}.pattern"))?;
    if pattern.captures_len() < 2 {
        cx.error(
            at,
            format!("{what}: pattern \"{source}\" needs a group, (…), around the sort key"),
        );
        return None;
    }
    Some(SlugSort { pattern, as_number })
}
