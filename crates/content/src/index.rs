//! The content index: which entries a collection has and what its list shows for each.
//!
//! A row is read from the entry's data file; a relationship column also shows the related entry's
//! name ([`RelatedColumns`]). Rows already read are kept by file and version in a bounded
//! [`SummaryCache`] that every list of a server shares, locked only to look a row up or keep it,
//! never while a file is read. [`crate::list`] searches, orders and pages the rows.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

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

/// Rows already read, by data file path and blob SHA (several branches' versions side by side), so
/// a list only parses files that changed. Shared by every list of the server: the lock is held only
/// to look a row up or keep it, never while a file is read, so one slow list holds up no other.
/// Bounded: once a generation holds `capacity` rows, the rows not used since the generation before
/// it are dropped.
#[derive(Debug)]
pub struct SummaryCache {
    capacity: usize,
    rows: Mutex<Generations>,
}

#[derive(Debug, Default)]
struct Generations {
    recent: HashMap<(String, String), Arc<EntrySummary>>,
    older: HashMap<(String, String), Arc<EntrySummary>>,
}

impl Default for SummaryCache {
    fn default() -> SummaryCache {
        SummaryCache::with_capacity(50_000)
    }
}

impl SummaryCache {
    /// A cache that keeps at most about twice `capacity` rows.
    pub fn with_capacity(capacity: usize) -> SummaryCache {
        SummaryCache {
            capacity: capacity.max(1),
            rows: Mutex::default(),
        }
    }

    /// The row of `slug`, whose data file at `data_path` has blob `sha`; `read` fetches the bytes
    /// (with no lock held) when the file is new or changed (None: it vanished meanwhile).
    pub fn row(
        &self,
        collection: &Collection,
        slug: &str,
        data_path: &str,
        sha: &str,
        read: impl FnOnce() -> Option<Vec<u8>>,
    ) -> Option<Arc<EntrySummary>> {
        let key = (data_path.to_string(), sha.to_string());
        if let Some(row) = self.lock().take(&key)
            && row.slug == slug
        {
            return Some(row);
        }
        let row = Arc::new(summarize(collection, slug, data_path, &read()?));
        self.lock().keep(key, row.clone(), self.capacity);
        Some(row)
    }

    /// How many rows are kept.
    pub fn len(&self) -> usize {
        let rows = self.lock();
        rows.recent.len() + rows.older.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Generations> {
        self.rows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Generations {
    /// The row kept under `key`; one of the older generation becomes recent again.
    fn take(&mut self, key: &(String, String)) -> Option<Arc<EntrySummary>> {
        if let Some(row) = self.recent.get(key) {
            return Some(row.clone());
        }
        let row = self.older.remove(key)?;
        self.recent.insert(key.clone(), row.clone());
        Some(row)
    }

    fn keep(&mut self, key: (String, String), row: Arc<EntrySummary>, capacity: usize) {
        if self.recent.len() >= capacity {
            self.older = std::mem::take(&mut self.recent);
        }
        self.recent.insert(key, row);
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
        cache: &SummaryCache,
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

    #[test]
    fn the_row_cache_keeps_each_version_and_stays_bounded() {
        let config = config::parse(
            "collections:\n  c:\n    path: posts/*\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n",
        )
        .expect("valid config");
        let collection = config.collection("c").expect("collection");
        let cache = SummaryCache::with_capacity(2);
        let reads = std::cell::Cell::new(0);
        let row = |sha: &str, title: &str| {
            cache
                .row(collection, "a", "posts/a.yaml", sha, || {
                    reads.set(reads.get() + 1);
                    Some(format!("title: {title}\n").into_bytes())
                })
                .and_then(|row| row.title.clone())
        };
        assert_eq!(row("1", "One").as_deref(), Some("One"));
        assert_eq!(row("2", "Two").as_deref(), Some("Two"));
        // Two branches' versions of one file are both kept.
        assert_eq!(row("1", "ignored").as_deref(), Some("One"));
        assert_eq!(reads.get(), 2);
        for n in 3..10 {
            row(&n.to_string(), "More");
        }
        assert!(cache.len() <= 4, "bounded: {}", cache.len());
        assert_eq!(
            row("1", "Again").as_deref(),
            Some("Again"),
            "read anew once dropped"
        );
    }
}
