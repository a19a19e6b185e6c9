//! `slug`: a name and the slug made from it. A collection's slug field names its entries: the slug
//! is then taken from the entry's path, must differ from the other entries', and may hold `/` only
//! under a `**` glob.

use super::text;
use crate::config::model::{FieldKind, TextValidation};
use crate::config::reading::{Cx, present};
use crate::validate::fault::{Fault, string_or_empty};
use crate::validate::walk::SlugContext;
use crate::value::{Node, Value};

/// The options a slug field takes, besides its kind, label and description.
pub(super) const OPTIONS: &[&str] = &["name", "slug"];

/// `name.label` or `name.description` as written (`read` reports what is wrong with them).
pub(super) fn name_option(entries: &[(String, Node)], option: &str) -> Option<String> {
    let Value::Object(name) = &present(entries, "name")?.value else {
        return None;
    };
    match &present(name, option)?.value {
        Value::String(text) => Some(text.clone()),
        _ => None,
    }
}

pub(super) fn read(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> FieldKind {
    let name = present(entries, "name").and_then(|n| cx.mapping(n, &format!("{what} name")));
    let slug = present(entries, "slug").and_then(|n| cx.mapping(n, &format!("{what} slug")));
    let (mut name_default, mut name_validation) =
        (String::new(), text::validation(cx, None, what, 0));
    if let Some(name) = name {
        cx.known_keys(
            name,
            &["label", "description", "defaultValue", "validation"],
            &format!("{what} name"),
        );
        name_default = cx.string(name, "defaultValue", what).unwrap_or_default();
        name_validation = text::validation(cx, present(name, "validation"), what, 0);
    }
    let (mut slug_label, mut slug_description) = ("Slug".to_string(), None);
    let mut slug_validation = text::validation(cx, None, what, 1);
    if let Some(slug) = slug {
        cx.known_keys(
            slug,
            &["label", "description", "validation"],
            &format!("{what} slug"),
        );
        slug_label = cx.string(slug, "label", what).unwrap_or(slug_label);
        slug_description = cx.string(slug, "description", what);
        slug_validation = text::validation(cx, present(slug, "validation"), what, 1);
    }
    FieldKind::Slug {
        name_default,
        name_validation,
        slug_label,
        slug_description,
        slug_validation,
    }
}

/// The first problem with a slug field's stored value: `{ name, slug }`, or the name alone when
/// `slug` (the collection's rules, for its slug field) takes the slug from the entry's path.
pub(super) fn check(
    label: &str,
    value: Option<&Value>,
    name_validation: &TextValidation,
    slug_label: &str,
    slug_validation: &TextValidation,
    slug: Option<SlugContext<'_>>,
) -> Result<(), Fault> {
    let from_path = slug.and_then(|context| context.slug);
    let (name, slug_text) = match (from_path, value) {
        (Some(from_path), _) => (string_or_empty(value)?, from_path.to_string()),
        (None, None) => (String::new(), String::new()),
        (None, Some(Value::Object(parts))) => {
            if let Some((key, _)) = parts.iter().find(|(k, _)| k != "name" && k != "slug") {
                return Err(Fault::Shape(format!(
                    "Key on object value \"{key}\" is not allowed"
                )));
            }
            let part = |key: &str| match parts.iter().find(|(k, _)| k == key).map(|(_, n)| &n.value)
            {
                Some(Value::String(s)) => Ok(s.clone()),
                _ => Err(Fault::Shape("Must be a string".into())),
            };
            (part("name")?, part("slug")?)
        }
        (None, Some(_)) => return Err(Fault::Shape("Must be an object".into())),
    };
    text::rule(label, &name, name_validation)?;
    check_slug_text(slug_label, &slug_text, slug_validation, slug)
}

/// A slug held to its text rules (`validation`), Keystatic's rules for slugs, and (with the
/// collection's `context`) uniqueness. A text field that is its collection's `slugField` (Keystatic
/// allows it) is checked this way too: its value is the slug taken from the file's path.
pub(super) fn check_slug_text(
    label: &str,
    slug: &str,
    validation: &TextValidation,
    context: Option<SlugContext<'_>>,
) -> Result<(), Fault> {
    text::rule(label, slug, validation)?;
    rule(label, slug, context.is_some_and(|c| c.nested))?;
    if context.is_some_and(|c| c.taken.iter().any(|taken| taken == slug)) {
        return Err(Fault::Rule(format!("{label} must be unique")));
    }
    Ok(())
}

/// Keystatic's rules for a slug: no `.` or `..`, no slashes (one per segment under `**`), no spaces
/// at either end.
fn rule(label: &str, slug: &str, nested: bool) -> Result<(), Fault> {
    let segments: Vec<&str> = if nested {
        slug.split('/').collect()
    } else {
        vec![slug]
    };
    for bad in ["..", "."] {
        if segments.contains(&bad) {
            return Err(Fault::Rule(format!("{label} must not be {bad}")));
        }
    }
    if nested && slug.contains('\\') {
        return Err(Fault::Rule(format!("{label} must not contain backslashes")));
    }
    if !nested && slug.contains(['/', '\\']) {
        return Err(Fault::Rule(format!("{label} must not contain slashes")));
    }
    if slug.trim() != slug {
        return Err(Fault::Rule(format!(
            "{label} must not start or end with spaces"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::config;

    fn title(field: &str) -> (String, Option<String>) {
        let text = format!(
            "collections:\n  posts:\n    path: posts/*\n    slugField: title\n    schema:\n      title: {field}\n"
        );
        let config = config::parse(&text).unwrap_or_else(|e| panic!("{}", e.render("quire.yaml")));
        let field = &config.collection("posts").expect("posts").schema[0].1;
        (field.label.clone(), field.description.clone())
    }

    #[test]
    fn a_slug_field_is_labelled_by_its_name_as_in_keystatic() {
        assert_eq!(
            title("{ kind: slug, name: { label: Headline, description: As readers see it } }"),
            ("Headline".into(), Some("As readers see it".into()))
        );
        // A label of its own wins; without either, the key names it.
        assert_eq!(
            title("{ kind: slug, label: Title, name: { label: Headline } }"),
            ("Title".into(), None)
        );
        assert_eq!(title("{ kind: slug }"), ("title".into(), None));
    }
}
