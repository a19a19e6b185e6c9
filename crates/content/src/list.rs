//! A collection's list as the admin pages through it: rows found by a search of their slug, name
//! and every column's text, ordered by one column, so that the server hands the browser only the
//! rows it shows.
//!
//! Slugs order by a collection's `slugSort` key where it has one. Text orders by the Unicode root
//! collation, as the browser's `localeCompare` does (`vectors/list/order.json` holds both sides).

use std::cmp::Ordering;
use std::sync::LazyLock;

use icu_collator::CollatorBorrowed;
use icu_collator::options::CollatorOptions;
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

/// The largest page a request may ask for.
pub const MAX_PAGE: usize = 1000;

/// One page of a collection's list, as asked for: what to search for, the column to sort by and
/// which way, and which rows of the result.
pub struct Request {
    pub search: Option<Search>,
    pub column: String,
    pub descending: bool,
    pub offset: usize,
    pub limit: usize,
}

impl Request {
    /// The request for a page of `collection`'s list: sorted by `sort` (the first configured column
    /// by default), `direction` `ascending` (the default) or `descending`, at most `limit` rows
    /// (up to [`MAX_PAGE`]; every row without it). Err says what is wrong with the request.
    pub fn new(
        collection: &Collection,
        search: Option<&str>,
        sort: Option<&str>,
        direction: Option<&str>,
        offset: usize,
        limit: Option<usize>,
    ) -> Result<Request, String> {
        let descending = match direction {
            None | Some("ascending") => false,
            Some("descending") => true,
            Some(other) => {
                return Err(format!(
                    "direction is ascending or descending, not \"{other}\""
                ));
            }
        };
        let first_column = collection
            .columns
            .iter()
            .find(|c| collection.schema.iter().any(|(k, _)| k == *c))
            .map_or(SLUG_COLUMN, String::as_str);
        let column = sort.unwrap_or(first_column).to_string();
        let sortable = column == SLUG_COLUMN
            || column == STATUS_COLUMN
            || collection.columns.contains(&column);
        if !sortable {
            return Err(format!("\"{column}\" is not a column of the list"));
        }
        Ok(Request {
            search: search.and_then(Search::new),
            column,
            descending,
            offset,
            limit: limit.map_or(usize::MAX, |l| l.min(MAX_PAGE)),
        })
    }
}

/// A row of the list, as the search and the sort read it.
pub trait ListRow {
    fn text(&self) -> RowText<'_>;
}

/// The rows of `rows` that the request's search finds, in its order (ties keep the order they came
/// in: entries come sorted by slug), and how many there are before paging: the page and the total.
pub fn page<T: ListRow>(
    collection: &Collection,
    request: &Request,
    rows: impl IntoIterator<Item = T>,
) -> (Vec<T>, usize) {
    let mut found: Vec<(SortKey, T)> = rows
        .into_iter()
        .filter(|row| {
            request
                .search
                .as_ref()
                .is_none_or(|search| search.matches(collection, &row.text()))
        })
        .map(|row| (sort_key(collection, &row.text(), &request.column), row))
        .collect();
    found.sort_by(|(a, _), (b, _)| compare(a, b, request.descending));
    let total = found.len();
    let page = found
        .into_iter()
        .skip(request.offset)
        .take(request.limit)
        .map(|(_, row)| row)
        .collect();
    (page, total)
}

/// A cell as the list orders it, worked out once per row.
#[derive(Debug, Clone, PartialEq)]
pub enum SortKey {
    Empty,
    Number(f64),
    Bool(bool),
    Text(String),
}

impl SortKey {
    pub fn of(value: &Json) -> SortKey {
        match value {
            Json::Null => SortKey::Empty,
            Json::Number(number) => SortKey::Number(number.as_f64().unwrap_or(0.0)),
            Json::Bool(value) => SortKey::Bool(*value),
            Json::String(text) => SortKey::Text(text.clone()),
            other => SortKey::Text(other.to_string()),
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
            None => SortKey::Text(row.slug.to_string()),
            Some(sort) => slug_key(sort, row.slug),
        },
        STATUS_COLUMN => row
            .status
            .map_or(SortKey::Empty, |s| SortKey::Text(s.to_string())),
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
        SortKey::Text(key.as_str().to_string())
    }
}

/// Text in the order of the Unicode Collation Algorithm's root collation, as the browser's
/// `localeCompare` orders it (which Keystatic's list uses): `Émile` beside `Emma`, case a tie-break.
static COLLATOR: LazyLock<CollatorBorrowed<'static>> = LazyLock::new(|| {
    CollatorBorrowed::try_new(Default::default(), CollatorOptions::default())
        .expect("the root collation is compiled in")
});

/// The list's order of two cells: text collated, numbers and booleans by value, empty cells last
/// (in either direction, so `descending` is given).
pub fn compare(a: &SortKey, b: &SortKey, descending: bool) -> Ordering {
    let order = match (a, b) {
        (SortKey::Empty, SortKey::Empty) => return Ordering::Equal,
        (SortKey::Empty, _) => return Ordering::Greater,
        (_, SortKey::Empty) => return Ordering::Less,
        (SortKey::Number(a), SortKey::Number(b)) => a.partial_cmp(b).unwrap_or(Ordering::Equal),
        (SortKey::Bool(a), SortKey::Bool(b)) => a.cmp(b),
        (a, b) => COLLATOR.compare(&a.text(), &b.text()),
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
    fn text_sorts_as_the_shared_vector_says() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../vectors/list/order.json");
        let vector: Json =
            serde_json::from_str(&std::fs::read_to_string(path).expect("vector")).expect("json");
        let sorted: Vec<String> = serde_json::from_value(vector["sorted"].clone()).expect("texts");
        let mut keys: Vec<SortKey> = sorted
            .iter()
            .rev()
            .map(|t| SortKey::Text(t.clone()))
            .collect();
        keys.sort_by(|a, b| compare(a, b, false));
        let got: Vec<String> = keys.iter().map(|key| key.text().into_owned()).collect();
        assert_eq!(got, sorted);
    }

    #[test]
    fn text_is_collated_as_the_browser_does() {
        let mut names = ["Zoe", "émile", "Emma", "eve", "Ørjan", "Adam", "zack"]
            .map(|name| SortKey::Text(name.into()));
        names.sort_by(|a, b| compare(a, b, false));
        let names: Vec<String> = names.iter().map(|key| key.text().into_owned()).collect();
        assert_eq!(
            names,
            ["Adam", "émile", "Emma", "eve", "Ørjan", "zack", "Zoe"]
        );
        // Case decides only between texts that are otherwise the same, lower case first.
        assert_eq!(
            compare(
                &SortKey::Text("apple".into()),
                &SortKey::Text("Apple".into()),
                false
            ),
            Ordering::Less
        );
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
