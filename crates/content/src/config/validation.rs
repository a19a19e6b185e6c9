//! The `validation` options several kinds share: `isRequired`, and `{ min, max }` bounds on how
//! many items a list (or children a component) holds.

use super::model::Length;
use super::reading::{Cx, present};
use crate::value::Node;

/// `validation: { isRequired }`, the only rule of many kinds.
pub(crate) fn is_required(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> bool {
    let Some(validation) = present(entries, "validation").and_then(|v| cx.mapping(v, what)) else {
        return false;
    };
    cx.known_keys(validation, &["isRequired"], &format!("{what} validation"));
    cx.boolean(validation, "isRequired", what).unwrap_or(false)
}

/// `validation: { length: { min, max } }` of list kinds.
pub(crate) fn length(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> Length {
    bounds(cx, entries, "length", what)
}

/// `validation: { <key>: { min, max } }`: how many items a list (or children a component) holds.
pub(crate) fn bounds(cx: &mut Cx, entries: &[(String, Node)], key: &str, what: &str) -> Length {
    let mut length = Length::default();
    let Some(validation) = present(entries, "validation").and_then(|v| cx.mapping(v, what)) else {
        return length;
    };
    cx.known_keys(validation, &[key], &format!("{what} validation"));
    let Some(bounds) = present(validation, key).and_then(|v| cx.mapping(v, what)) else {
        return length;
    };
    cx.known_keys(bounds, &["min", "max"], &format!("{what} validation.{key}"));
    let count = |cx: &mut Cx, bound: &str| {
        let n = cx.number(bounds, bound, what)?;
        if n < 0.0 || n.fract() != 0.0 {
            let at = present(bounds, bound)?;
            cx.error(
                at,
                format!("{what}: {key}.{bound} must be a whole number of at least 0"),
            );
            return None;
        }
        Some(n as usize)
    };
    length.min = count(cx, "min").unwrap_or(0);
    length.max = count(cx, "max");
    if let (Some(max), Some(at)) = (length.max, present(bounds, "max"))
        && max < length.min
    {
        cx.error(
            at,
            format!(
                "{what}: {key}.max ({max}) is less than {key}.min ({})",
                length.min
            ),
        );
    }
    length
}
