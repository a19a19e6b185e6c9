//! The content index: which entries a collection has and what its list shows for each.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Map, Value as Json};

use crate::config::{Collection, Config, FieldKind};
use crate::entry::parse_entry_file;
use crate::kinds::column_value;
use crate::paths::CollectionLayout;
use crate::validate::{EntryContext, SlugContext, validate_entry};

/// One row of a collection list.
#[derive(Debug, Clone, PartialEq)]
pub struct EntrySummary {
    pub slug: String,
    pub data_path: String,
    pub columns: Map<String, Json>,
    /// The slug field's text (the entry's name), which a search also looks at.
    pub title: Option<String>,
    /// Why the entry does not open cleanly (`line:column: message` or `field: message`).
    pub problem: Option<String>,
}

/// The entries of a collection among the repository's file paths, sorted by slug.
pub fn entries_in<'a>(
    collection: &Collection,
    paths: impl IntoIterator<Item = &'a str>,
) -> Vec<(String, String)> {
    let layout = CollectionLayout::new(collection);
    let mut entries: Vec<(String, String)> = paths
        .into_iter()
        .filter_map(|path| Some((layout.slug_of_data_file(path)?, path.to_string())))
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries
}

/// Rows already read, by data file path and blob SHA, so a list only parses files that changed.
#[derive(Debug, Default)]
pub struct SummaryCache {
    rows: std::collections::HashMap<String, (String, Arc<EntrySummary>)>,
}

impl SummaryCache {
    /// The row of `slug`, whose data file at `data_path` has blob `sha`; `read` fetches the bytes
    /// when the file is new or changed (None: it vanished meanwhile).
    pub fn row(
        &mut self,
        collection: &Collection,
        slug: &str,
        data_path: &str,
        sha: &str,
        read: impl FnOnce() -> Option<Vec<u8>>,
    ) -> Option<Arc<EntrySummary>> {
        if let Some((known, row)) = self.rows.get(data_path)
            && known == sha
            && row.slug == slug
        {
            return Some(row.clone());
        }
        let row = Arc::new(summarize(collection, slug, data_path, &read()?));
        self.rows
            .insert(data_path.to_string(), (sha.to_string(), row.clone()));
        Some(row)
    }
}

/// The relationship columns of a collection's list, which show the related entry's name (its slug
/// field's text) rather than its slug.
pub struct RelatedColumns {
    columns: Vec<(String, Collection, CollectionLayout)>,
}

impl RelatedColumns {
    pub fn new(config: &Config, collection: &Collection) -> RelatedColumns {
        let columns = collection
            .columns
            .iter()
            .filter_map(|column| {
                let (_, field) = collection.schema.iter().find(|(k, _)| k == column)?;
                let FieldKind::Relationship { collection, .. } = &field.kind else {
                    return None;
                };
                let related = config.collection(collection)?.clone();
                let layout = CollectionLayout::new(&related);
                Some((column.clone(), related, layout))
            })
            .collect();
        RelatedColumns { columns }
    }

    /// The names `row`'s relationship columns show, by column; `sha_of` gives a path's blob in the
    /// tree the list reads (only entries there are looked at) and `read` its bytes.
    pub fn labels<'t>(
        &self,
        row: &EntrySummary,
        cache: &mut SummaryCache,
        sha_of: impl Fn(&str) -> Option<&'t str>,
        read: impl Fn(&str) -> Option<Vec<u8>>,
    ) -> BTreeMap<String, String> {
        let mut labels = BTreeMap::new();
        for (column, related, layout) in &self.columns {
            let Some(slug) = row.columns.get(column).and_then(Json::as_str) else {
                continue;
            };
            let path = layout.data_file(slug);
            // A value that is no slug of the related collection names no entry.
            if layout.slug_of_data_file(&path).as_deref() != Some(slug) {
                continue;
            }
            let Some(sha) = sha_of(&path) else {
                continue;
            };
            let name = cache
                .row(related, slug, &path, sha, || read(&path))
                .and_then(|entry| entry.title.clone());
            if let Some(name) = name {
                labels.insert(column.clone(), name);
            }
        }
        labels
    }
}

/// Reads one entry's data file for its list row.
pub fn summarize(
    collection: &Collection,
    slug: &str,
    data_path: &str,
    bytes: &[u8],
) -> EntrySummary {
    let mut summary = EntrySummary {
        slug: slug.into(),
        data_path: data_path.into(),
        columns: Map::new(),
        title: None,
        problem: None,
    };
    let file = match parse_entry_file(
        bytes,
        collection.format.data,
        collection.format.content_field.is_some(),
    ) {
        Ok(file) => file,
        Err(err) => {
            summary.problem = Some(err.to_string());
            return summary;
        }
    };
    let nested = CollectionLayout::new(collection).nested;
    let context = EntryContext {
        slug: Some(SlugContext {
            field: &collection.slug_field,
            slug: Some(slug),
            nested,
            taken: &[],
        }),
    };
    summary.problem = validate_entry(&collection.schema, &file.data, context)
        .first()
        .map(|p| {
            if p.field.is_empty() {
                p.message.clone()
            } else {
                format!("{}: {}", p.field, p.message)
            }
        });
    summary.title = file
        .data
        .get(&collection.slug_field)
        .and_then(|node| node.as_str())
        .map(String::from);
    for column in &collection.columns {
        let Some((_, field)) = collection.schema.iter().find(|(k, _)| k == column) else {
            continue;
        };
        let value = file
            .data
            .get(column)
            .map(|node| column_value(&field.kind, node))
            .unwrap_or(Json::Null);
        summary.columns.insert(column.clone(), value);
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;

    const PATHS: &[&str] = &[
        "posts/a/index.yaml",
        "posts/b/index.yaml",
        "posts/b/image.png",
        "posts/c/index.json",
        "posts/d.yaml",
        "posts/nested/e/index.yaml",
        "postsX/f/index.yaml",
        "packages/button/docs/index.yaml",
        "packages/card/index.yaml",
    ];

    fn slugs(path: &str) -> Vec<String> {
        let config = config::parse(&format!(
            "collections:\n  c:\n    path: {path}\n    slugField: title\n    schema:\n      title: {{ kind: slug, label: Title }}\n"
        ))
        .expect("valid config");
        let collection = config.collection("c").expect("collection");
        entries_in(collection, PATHS.iter().copied())
            .into_iter()
            .map(|(slug, _)| slug)
            .collect()
    }

    #[test]
    fn entries_are_found_by_their_data_files() {
        assert_eq!(
            slugs("posts/*/"),
            ["a", "b"],
            "index entries with the right extension"
        );
        assert_eq!(slugs("posts/*"), ["d"], "outer entries by their file");
        assert_eq!(
            slugs("posts/**/"),
            ["a", "b", "nested/e"],
            "nested only under **"
        );
        assert_eq!(
            slugs("packages/*/docs/"),
            ["button"],
            "the suffix after the slug"
        );
    }
}
