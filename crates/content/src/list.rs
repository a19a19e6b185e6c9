//! A collection's list as the admin pages through it: rows found by a search of their slug, name
//! and every column's text, ordered by one column, so that the server hands the browser only the
//! rows it shows.

use std::cmp::Ordering;

use serde_json::{Map, Value as Json};

use crate::config::{Collection, FieldKind};

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

/// The value a row sorts by in `column`.
pub fn sort_value(row: &RowText<'_>, column: &str) -> Json {
    match column {
        SLUG_COLUMN => Json::String(row.slug.to_string()),
        STATUS_COLUMN => row
            .status
            .map_or(Json::Null, |s| Json::String(s.to_string())),
        key => row.columns.get(key).cloned().unwrap_or(Json::Null),
    }
}

/// The list's order of two cells, as the admin's table sorts: text without regard to case,
/// numbers and booleans by value, empty cells last (in either direction, so `descending` is given).
pub fn compare(a: &Json, b: &Json, descending: bool) -> Ordering {
    let order = match (a, b) {
        (Json::Null, Json::Null) => return Ordering::Equal,
        (Json::Null, _) => return Ordering::Greater,
        (_, Json::Null) => return Ordering::Less,
        (Json::Number(a), Json::Number(b)) => {
            let (a, b) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            a.partial_cmp(&b).unwrap_or(Ordering::Equal)
        }
        (Json::Bool(a), Json::Bool(b)) => a.cmp(b),
        (a, b) => text(a).to_lowercase().cmp(&text(b).to_lowercase()),
    };
    if descending { order.reverse() } else { order }
}

fn text(value: &Json) -> String {
    match value {
        Json::String(text) => text.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn empty_cells_go_last_both_ways_and_text_ignores_case() {
        let cells = [json!("beta"), json!(null), json!("Alpha"), json!("gamma")];
        let mut up = cells.to_vec();
        up.sort_by(|a, b| compare(a, b, false));
        assert_eq!(
            up,
            [json!("Alpha"), json!("beta"), json!("gamma"), json!(null)]
        );
        let mut down = cells.to_vec();
        down.sort_by(|a, b| compare(a, b, true));
        assert_eq!(
            down,
            [json!("gamma"), json!("beta"), json!("Alpha"), json!(null)]
        );
        assert_eq!(compare(&json!(9), &json!(10), false), Ordering::Less);
        assert_eq!(compare(&json!(false), &json!(true), false), Ordering::Less);
    }
}
