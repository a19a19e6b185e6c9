//! The gate: checks a change set against the config before anything is written. Every file must be
//! one the config puts there (see [`crate::entry_files`]) for an entry that exists or that the change
//! set creates; data files must parse and hold valid values; images must be images.
//!
//! A passed check says which data files it relied on ([`Checked`]): the data files whose presence
//! placed the change set's files. The write then expects them unchanged, so that another writer
//! cannot slip in between the check and the commit.

use std::collections::{BTreeMap, BTreeSet};

use crate::config::{Config, Schema};
use crate::entry::parse_entry_file;
use crate::entry_files::{Accept, Claim, EntryId, Role, area_owners, claims};
use crate::image_bytes::{IMAGE_KINDS, is_image};
use crate::paths::{CollectionLayout, FileRole};
use crate::validate::{EntryContext, SlugContext, validate_entry};

/// Why a change set is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    OutOfPlace(Vec<OutOfPlace>),
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
}

/// A file the config does not put where the change set puts it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{path} ({reason})")]
pub struct OutOfPlace {
    pub path: String,
    pub reason: String,
}

/// What a passed check relied on.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Checked {
    /// Data files whose presence placed the change set's files, with the blob SHA the check saw
    /// (None: absent). The write must find them so, or another writer got in between.
    pub relied_on: Vec<(String, Option<String>)>,
}

/// The data files whose presence decides where the files at `paths` belong: look them up and pass
/// those that exist to [`check_change_set`].
pub fn entries_to_look_up<'a>(
    config: &Config,
    paths: impl IntoIterator<Item = &'a str>,
) -> BTreeSet<String> {
    paths
        .into_iter()
        .flat_map(|path| {
            claims(config, path)
                .into_iter()
                .map(|c| c.entry)
                .chain(area_owners(config, path))
        })
        .map(|entry| entry.data_file)
        .collect()
}

/// Checks every path of a change set and the contents of every file it adds. `stored` holds the
/// blob SHA of every data file [`entries_to_look_up`] named that exists now.
/// Problems read `path: message` (`path:line:column: message` for syntax errors).
pub fn check_change_set(
    config: &Config,
    additions: &[(String, Vec<u8>)],
    deletions: &[String],
    stored: &BTreeMap<String, String>,
) -> Result<Checked, Refusal> {
    let added: BTreeSet<&str> = additions.iter().map(|(p, _)| p.as_str()).collect();
    let deleted: BTreeSet<&str> = deletions.iter().map(String::as_str).collect();
    // An entry is there after the change when its data file is added, or stays.
    let exists_after = |entry: &EntryId| {
        added.contains(entry.data_file.as_str())
            || (stored.contains_key(&entry.data_file)
                && !deleted.contains(entry.data_file.as_str()))
    };
    let mut relied_on: BTreeSet<String> = BTreeSet::new();
    let mut out_of_place = Vec::new();
    let mut problems = Vec::new();
    for (path, bytes) in additions {
        let all = claims(config, path);
        let placed: Vec<&Claim> = all.iter().filter(|c| exists_after(&c.entry)).collect();
        let Some(first) = placed.first() else {
            out_of_place.push(OutOfPlace {
                path: path.clone(),
                reason: match all.first() {
                    Some(claim) => format!("{} does not exist", claim.entry),
                    None => "no field of the config writes a file there".into(),
                },
            });
            continue;
        };
        // Where a path can be read more than one way, one reading that holds is enough.
        let found: Vec<Vec<String>> = placed
            .iter()
            .map(|claim| check_contents(config, path, bytes, claim))
            .collect();
        match found.iter().position(Vec::is_empty) {
            Some(at) => {
                relied_on.insert(placed[at].entry.data_file.clone());
            }
            None => {
                relied_on.insert(first.entry.data_file.clone());
                problems.extend(found.into_iter().next().unwrap_or_default());
            }
        }
    }
    for path in deletions {
        let owners = area_owners(config, path);
        match owners
            .iter()
            .find(|entry| stored.contains_key(&entry.data_file))
        {
            Some(owner) => {
                relied_on.insert(owner.data_file.clone());
            }
            None => out_of_place.push(OutOfPlace {
                path: path.clone(),
                reason: match owners.first() {
                    Some(entry) => format!("{entry} does not exist"),
                    None => "not a file of any entry".into(),
                },
            }),
        }
    }
    if !out_of_place.is_empty() {
        return Err(Refusal::OutOfPlace(out_of_place));
    }
    if !problems.is_empty() {
        return Err(Refusal::Invalid(problems));
    }
    Ok(Checked {
        relied_on: relied_on
            .into_iter()
            .map(|path| {
                let sha = stored.get(&path).cloned();
                (path, sha)
            })
            .collect(),
    })
}

/// Problems of an added file's bytes, given what it is to its entry.
fn check_contents(config: &Config, path: &str, bytes: &[u8], claim: &Claim) -> Vec<String> {
    match claim.role {
        Role::Data => {
            let role = match &claim.entry.slug {
                Some(slug) => FileRole::CollectionData {
                    collection: claim.entry.key.clone(),
                    slug: slug.clone(),
                },
                None => FileRole::SingletonData {
                    singleton: claim.entry.key.clone(),
                },
            };
            check_file(config, path, bytes, &role)
        }
        Role::Content if std::str::from_utf8(bytes).is_err() => {
            vec![format!("{path}: the file is not UTF-8 text")]
        }
        Role::Content | Role::Asset(Accept::Files) => Vec::new(),
        Role::Asset(Accept::Images) => {
            let extension = path.rsplit_once('.').map_or("", |(_, ext)| ext);
            if is_image(extension, bytes) {
                Vec::new()
            } else {
                vec![format!(
                    "{path}: the file is not {IMAGE_KINDS} as its name says"
                )]
            }
        }
    }
}

/// Problems of one data file, given what it is.
pub fn check_file(config: &Config, path: &str, bytes: &[u8], role: &FileRole) -> Vec<String> {
    match role {
        FileRole::CollectionData { collection, slug } => {
            let Some(c) = config.collection(collection) else {
                return Vec::new();
            };
            let nested = CollectionLayout::new(c).nested;
            let slug = SlugContext {
                field: &c.slug_field,
                slug: Some(slug),
                nested,
                taken: &[],
            };
            check_data(
                path,
                bytes,
                &c.schema,
                c.format.data,
                c.format.content_field.is_some(),
                Some(slug),
            )
        }
        FileRole::SingletonData { singleton } => {
            let Some(s) = config.singleton(singleton) else {
                return Vec::new();
            };
            check_data(
                path,
                bytes,
                &s.schema,
                s.format.data,
                s.format.content_field.is_some(),
                None,
            )
        }
        FileRole::EntryFile { .. } => Vec::new(),
    }
}

fn check_data(
    path: &str,
    bytes: &[u8],
    schema: &Schema,
    format: crate::config::DataFormat,
    has_content_field: bool,
    slug: Option<SlugContext<'_>>,
) -> Vec<String> {
    let file = match parse_entry_file(bytes, format, has_content_field) {
        Ok(file) => file,
        Err(err) => return vec![format!("{path}:{err}")],
    };
    validate_entry(schema, &file.data, EntryContext { slug })
        .into_iter()
        .map(|p| {
            if p.field.is_empty() {
                format!("{path}: {}", p.message)
            } else {
                format!("{path}: {}: {}", p.field, p.message)
            }
        })
        .collect()
}
