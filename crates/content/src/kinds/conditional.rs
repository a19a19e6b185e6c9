//! `conditional`: `{ discriminant, value }`, where a select or checkbox discriminant picks the field
//! that holds the value.

use crate::config::model::{Field, FieldKind};
use crate::config::nested::ReadFields;
use crate::config::reading::{Cx, present};
use crate::validate::walk::{self, CheckFields, Walk, join};
use crate::value::{Node, Pos, Value};

/// The options a conditional field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["discriminant", "values"];

pub(super) fn read(
    cx: &mut Cx,
    entries: &[(String, Node)],
    what: &str,
    node: &Node,
) -> Option<FieldKind> {
    let Some(discriminant_node) = present(entries, "discriminant") else {
        cx.error(node, format!("{what}: discriminant is required"));
        return None;
    };
    let discriminant = cx.field("discriminant", discriminant_node, what)?;
    let Some((expected, _)) = choices(&discriminant.kind) else {
        cx.error(
            discriminant_node,
            format!("{what}: the discriminant must be a select or checkbox field"),
        );
        return None;
    };
    let values_node = present(entries, "values");
    let values = cx.schema(values_node, &format!("{what} values"), node);
    for value in &expected {
        if !values.iter().any(|(k, _)| k == value) {
            cx.error(
                values_node.unwrap_or(node),
                format!("{what}: values needs a field for \"{value}\""),
            );
        }
    }
    for (key, _) in &values {
        if !expected.contains(key) {
            cx.error(
                values_node.unwrap_or(node),
                format!("{what}: values has \"{key}\", which the discriminant cannot take"),
            );
        }
    }
    Some(FieldKind::Conditional {
        discriminant: Box::new(discriminant),
        values,
    })
}

/// Records the problems of a conditional's stored value (`node` None: absent, read as the
/// discriminant's default): its shape, then the discriminant's, then the chosen value's.
pub(super) fn check(
    walk: &mut Walk<'_>,
    discriminant: &Field,
    values: &[(String, Field)],
    node: Option<&Node>,
    path: &str,
    pos: Option<Pos>,
) {
    let Some(parts) = tagged(walk, node, path, pos) else {
        return;
    };
    let part = |key: &str| walk::present(parts.iter().find(|(k, _)| k == key).map(|(_, n)| n));
    let chosen = part("discriminant");
    // Stored without its discriminant, the value's field is unknown: reading it as the default
    // would drop the value on the next save.
    if walk::present(node).is_some() && chosen.is_none() {
        let message = format!("{} is required", discriminant.label);
        return walk.shape(&join(path, "discriminant"), message, pos);
    }
    let before = walk.faults.len();
    walk.field(discriminant, chosen, &join(path, "discriminant"), pos);
    if walk.faults.len() > before {
        // Which field the value belongs to is unknown: the entry cannot be opened.
        for problem in &mut walk.faults[before..] {
            problem.is_shape = true;
        }
        return;
    }
    let Some(key) = chosen_option(discriminant, chosen) else {
        return;
    };
    if let Some((_, field)) = values.iter().find(|(k, _)| *k == key) {
        walk.field(field, part("value"), &join(path, "value"), pos);
    }
}

/// The option a conditional's stored discriminant chooses (`true` or `false` for a checkbox), or
/// the discriminant's default when it is absent; None when it holds no option.
pub(crate) fn chosen_option(discriminant: &Field, chosen: Option<&Node>) -> Option<String> {
    match chosen.map(|n| &n.value) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Bool(b)) => Some(b.to_string()),
        None => choices(&discriminant.kind).map(|(_, default)| default),
        Some(_) => None,
    }
}

/// The values a discriminant can take and the one it takes when absent; None for a kind that
/// cannot choose (only select and checkbox fields can).
fn choices(kind: &FieldKind) -> Option<(Vec<String>, String)> {
    if let FieldKind::Select {
        options,
        default_value,
    } = kind
    {
        return Some((
            options.iter().map(|(_, v)| v.clone()).collect(),
            default_value.clone(),
        ));
    }
    if let FieldKind::Checkbox { default_value } = kind {
        return Some((
            vec!["true".into(), "false".into()],
            default_value.to_string(),
        ));
    }
    None
}

/// A mapping that may hold only `discriminant` and `value` (a conditional, or an item of blocks).
pub(super) fn tagged<'n>(
    walk: &mut Walk<'_>,
    node: Option<&'n Node>,
    path: &str,
    pos: Option<Pos>,
) -> Option<&'n [(String, Node)]> {
    let parts: &[(String, Node)] = match walk::present(node).map(|n| &n.value) {
        None => &[],
        Some(Value::Object(parts)) => parts,
        Some(_) => {
            walk.shape(path, "Must be an object", pos);
            return None;
        }
    };
    if let Some((key, _)) = parts
        .iter()
        .find(|(k, _)| k != "discriminant" && k != "value")
    {
        walk.shape(
            path,
            format!("Key on object value \"{key}\" is not allowed"),
            pos,
        );
        return None;
    }
    Some(parts)
}
