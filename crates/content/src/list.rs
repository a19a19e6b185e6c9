//! A collection's list as the admin pages through it: rows found by a search of their slug, name
//! and every column's text, ordered by one column, so that the server hands the browser only the
//! rows it shows.

use std::cmp::Ordering;

use serde_json::{Map, Value as Json};

use crate::config::{Collection, FieldKind, SlugSort};

/// The column of the slug (a collection without configured columns lists its slugs).
pub const SLUG_COLUMN: &str = "__slug";
/// The column of each entry's status against the default branch.
pub const STATUS_COLUMN: &str = "__status";

/// What one row offers to a search and a sort.
pub struct RowText<'a> {
    pub slug: &'a str,
    pub title: Option<&'a str>,
    pub columns: &'a Map<String, Json>,
    /// The entry's status as the list names it (`added`, `changed`, `unchanged`), on a branch.
    pub status: Option<&'a str>,
}

/// A search, lowercased once: a row matches when its slug, name or a column's text holds it.
pub struct Search(String);

impl Search {
    /// None for an empty search, which every row matches.
    pub fn new(term: &str) -> Option<Search> {
        let term = term.trim();
        (!term.is_empty()).then(|| Search(term.to_lowercase()))
    }

    pub fn matches(&self, collection: &Collection, row: &RowText<'_>) -> bool {
        let holds = |text: &str| text.to_lowercase().contains(&self.0);
        if holds(row.slug) || row.title.is_some_and(holds) {
            return true;
        }
        row.columns.iter().any(|(key, value)| {
            let label = select_label(collection, key, value);
            label.is_some_and(holds)
                || match value {
                    Json::String(text) => holds(text),
                    Json::Number(number) => holds(&number.to_string()),
                    _ => false,
                }
        })
    }
}

/// The label a select column shows for its value.
fn select_label<'a>(collection: &'a Collection, key: &str, value: &Json) -> Option<&'a str> {
    let (_, field) = collection.schema.iter().find(|(k, _)| k == key)?;
    let FieldKind::Select { options, .. } = &field.kind else {
        return None;
    };
    let value = value.as_str()?;
    options
        .iter()
        .find(|(_, v)| v == value)
        .map(|(label, _)| label.as_str())
}

/// A cell as the list orders it, worked out once per row: text is lowercased once, not at every
/// comparison of a sort.
#[derive(Debug, Clone, PartialEq)]
pub enum SortKey {
    Empty,
    Number(f64),
    Bool(bool),
    /// Lowercased.
    Text(String),
}

impl SortKey {
    pub fn of(value: &Json) -> SortKey {
        match value {
            Json::Null => SortKey::Empty,
            Json::Number(number) => SortKey::Number(number.as_f64().unwrap_or(0.0)),
            Json::Bool(value) => SortKey::Bool(*value),
            Json::String(text) => SortKey::Text(text.to_lowercase()),
            other => SortKey::Text(other.to_string().to_lowercase()),
        }
    }

    fn text(&self) -> std::borrow::Cow<'_, str> {
        match self {
            SortKey::Empty => "".into(),
            SortKey::Number(number) => number.to_string().into(),
            SortKey::Bool(value) => value.to_string().into(),
            SortKey::Text(text) => text.as_str().into(),
        }
    }
}

/// The key a row sorts by in `column`.
pub fn sort_key(collection: &Collection, row: &RowText<'_>, column: &str) -> SortKey {
    match column {
        SLUG_COLUMN => match &collection.slug_sort {
            None => SortKey::Text(row.slug.to_lowercase()),
            Some(sort) => slug_key(sort, row.slug),
        },
        STATUS_COLUMN => row
            .status
            .map_or(SortKey::Empty, |s| SortKey::Text(s.to_lowercase())),
        key => row.columns.get(key).map_or(SortKey::Empty, SortKey::of),
    }
}

/// The sort key `sort` takes from `slug`; Empty (after the others) when it does not match.
fn slug_key(sort: &SlugSort, slug: &str) -> SortKey {
    let Some(key) = sort.pattern.captures(slug).and_then(|c| c.get(1)) else {
        return SortKey::Empty;
    };
    if sort.as_number {
        key.as_str()
            .parse::<f64>()
            .map_or(SortKey::Empty, SortKey::Number)
    } else {
        SortKey::Text(key.as_str().to_lowercase())
    }
}

/// The list's order of two cells, as the admin's table sorts: text without regard to case,
/// numbers and booleans by value, empty cells last (in either direction, so `descending` is given).
pub fn compare(a: &SortKey, b: &SortKey, descending: bool) -> Ordering {
    let order = match (a, b) {
        (SortKey::Empty, SortKey::Empty) => return Ordering::Equal,
        (SortKey::Empty, _) => return Ordering::Greater,
        (_, SortKey::Empty) => return Ordering::Less,
        (SortKey::Number(a), SortKey::Number(b)) => a.partial_cmp(b).unwrap_or(Ordering::Equal),
        (SortKey::Bool(a), SortKey::Bool(b)) => a.cmp(b),
        (a, b) => a.text().cmp(&b.text()),
    };
    if descending { order.reverse() } else { order }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_slug_sort_orders_by_the_key_it_takes_from_each_slug() {
        let config = crate::config::parse(
            "collections:\n  docs:\n    path: docs/*\n    slugField: title\n    slugSort: { pattern: '^(\\d+)-', as: number }\n    schema:\n      title: { kind: slug, label: Title }\n",
        )
        .expect("valid config");
        let docs = config.collection("docs").expect("docs");
        let columns = Map::new();
        let key = |slug: &str| {
            let row = RowText {
                slug,
                title: None,
                columns: &columns,
                status: None,
            };
            sort_key(docs, &row, SLUG_COLUMN)
        };
        let mut slugs = ["10-deploy", "intro", "2-setup", "1-start"];
        slugs.sort_by(|a, b| compare(&key(a), &key(b), false));
        assert_eq!(slugs, ["1-start", "2-setup", "10-deploy", "intro"]);
    }

    #[test]
    fn empty_cells_go_last_both_ways_and_text_ignores_case() {
        let cells = [json!("beta"), json!(null), json!("Alpha"), json!("gamma")];
        let sorted = |descending| {
            let mut cells = cells.to_vec();
            cells.sort_by(|a, b| compare(&SortKey::of(a), &SortKey::of(b), descending));
            cells
        };
        assert_eq!(
            sorted(false),
            [json!("Alpha"), json!("beta"), json!("gamma"), json!(null)]
        );
        assert_eq!(
            sorted(true),
            [json!("gamma"), json!("beta"), json!("Alpha"), json!(null)]
        );
        let key = |value: Json| SortKey::of(&value);
        assert_eq!(
            compare(&key(json!(9)), &key(json!(10)), false),
            Ordering::Less
        );
        assert_eq!(
            compare(&key(json!(false)), &key(json!(true)), false),
            Ordering::Less
        );
    }
}
