//! What lists show: counts per collection and singleton, and a collection's rows from the index.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Counts per collection and singleton; the change counts only on a branch other than the default one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Summary {
    #[ts(type = "Record<string, CollectionSummary>")]
    pub collections: BTreeMap<String, CollectionSummary>,
    #[ts(type = "Record<string, SingletonSummary>")]
    pub singletons: BTreeMap<String, SingletonSummary>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CollectionSummary {
    pub count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub added: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub changed: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub removed: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SingletonSummary {
    pub exists: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub changed: Option<bool>,
}

/// A column's value as a list shows it (rows carry them as JSON values of these kinds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum ColumnValue {
    Text(String),
    Number(f64),
    Flag(bool),
    #[ts(type = "null")]
    Nothing,
}

/// An entry against the default branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum EntryStatus {
    Added,
    Changed,
    Unchanged,
}

/// One row of a collection list, from the server's content index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EntryListItem {
    pub slug: String,
    /// Git blob SHA-1 of the entry's data file.
    pub sha: String,
    #[ts(type = "Record<string, ColumnValue>")]
    pub columns: serde_json::Map<String, serde_json::Value>,
    /// Why the entry does not open cleanly (`file:line:column: message`), or null.
    pub problem: Option<String>,
    /// Null on the default branch and for local storage.
    pub status: Option<EntryStatus>,
    /// What a relationship column shows for its slug: the related entry's name, by column key
    /// (absent when the related entry is missing or has no name).
    pub labels: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct EntryListResponse {
    /// The rows asked for: every entry, or with `limit`, a page of those the search finds.
    pub entries: Vec<EntryListItem>,
    /// How many entries the search finds (all of them without a search).
    pub total: u32,
    /// Slugs the default branch has and this branch does not; null on the default branch.
    pub removed: Option<Vec<String>>,
}
