//! How the entries of a branch compare with the default branch: added, changed or unchanged, and
//! which were removed. An entry's files are its data file and every file in its folder.

use std::collections::BTreeMap;

use crate::config::{Collection, Singleton};
use crate::index::entries_in;
use crate::paths::{CollectionLayout, singleton_data_file, singleton_dir};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStatus {
    Added,
    Changed,
    Unchanged,
}

impl EntryStatus {
    pub fn name(self) -> &'static str {
        match self {
            EntryStatus::Added => "added",
            EntryStatus::Changed => "changed",
            EntryStatus::Unchanged => "unchanged",
        }
    }
}

/// A tree's files (`path → blob sha`), sorted for prefix lookups.
pub type Files<'a> = BTreeMap<&'a str, &'a str>;

/// The files of an entry: its data file and everything under `dir/`.
fn entry_files<'a>(files: &Files<'a>, data_file: &str, dir: &str) -> Vec<(&'a str, &'a str)> {
    let prefix = format!("{dir}/");
    let mut found: Vec<(&str, &str)> = files
        .range::<str, _>((
            std::ops::Bound::Included(prefix.as_str()),
            std::ops::Bound::Unbounded,
        ))
        .take_while(|(path, _)| path.starts_with(&prefix))
        .map(|(p, s)| (*p, *s))
        .collect();
    if let Some((path, sha)) = files.get_key_value(data_file)
        && !found.iter().any(|(p, _)| p == path)
    {
        found.push((path, sha));
    }
    found
}

/// Each entry of a collection on a branch with its status against the default branch, and the
/// slugs that the branch removed.
pub fn collection_status(
    collection: &Collection,
    branch: &Files<'_>,
    default: &Files<'_>,
) -> (Vec<(String, EntryStatus)>, Vec<String>) {
    let layout = CollectionLayout::new(collection);
    let on_branch = entries_in(collection, branch.keys().copied());
    let on_default = entries_in(collection, default.keys().copied());
    let statuses = on_branch
        .iter()
        .map(|(slug, data_file)| {
            let dir = layout.entry_dir(slug);
            let status = if !default.contains_key(data_file.as_str()) {
                EntryStatus::Added
            } else if entry_files(branch, data_file, &dir) == entry_files(default, data_file, &dir)
            {
                EntryStatus::Unchanged
            } else {
                EntryStatus::Changed
            };
            (slug.clone(), status)
        })
        .collect();
    // Both lists are sorted by slug.
    let removed = on_default
        .into_iter()
        .filter(|(slug, _)| on_branch.binary_search_by(|(s, _)| s.cmp(slug)).is_err())
        .map(|(slug, _)| slug)
        .collect();
    (statuses, removed)
}

/// Whether a singleton differs between a branch and the default branch.
pub fn singleton_changed(singleton: &Singleton, branch: &Files<'_>, default: &Files<'_>) -> bool {
    let data_file = singleton_data_file(singleton);
    let dir = singleton_dir(singleton);
    entry_files(branch, &data_file, dir) != entry_files(default, &data_file, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_compare_every_file_of_an_entry() {
        let config = crate::config::parse(
            "collections:\n  posts:\n    path: posts/*/\n    slugField: t\n    schema: { t: { kind: slug, label: T } }\nsingletons:\n  site: { path: site, schema: { a: { kind: text, label: A } } }\n",
        )
        .expect("config");
        let default: Files = [
            ("posts/a/index.yaml", "1"),
            ("posts/b/index.yaml", "2"),
            ("posts/b/image.png", "3"),
            ("posts/c/index.yaml", "4"),
            ("site.yaml", "5"),
        ]
        .into_iter()
        .collect();
        let branch: Files = [
            ("posts/a/index.yaml", "1"),
            ("posts/b/index.yaml", "2"),
            ("posts/b/image.png", "33"),
            ("posts/d/index.yaml", "6"),
            ("site.yaml", "5"),
        ]
        .into_iter()
        .collect();
        let posts = config.collection("posts").expect("posts");
        let (statuses, removed) = collection_status(posts, &branch, &default);
        let names: Vec<(&str, &str)> = statuses
            .iter()
            .map(|(s, st)| (s.as_str(), st.name()))
            .collect();
        assert_eq!(
            names,
            [("a", "unchanged"), ("b", "changed"), ("d", "added")]
        );
        assert_eq!(removed, ["c"]);
        assert!(!singleton_changed(
            config.singleton("site").expect("site"),
            &branch,
            &default
        ));
    }
}
