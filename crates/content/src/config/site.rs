//! Reads the whole of `quire.yaml` into a [`Config`]: storage, collections and singletons (their
//! paths, formats and schemas), and the admin's brand and navigation, collecting every problem with
//! its position.

use super::model::*;
use super::reading::{ConfigError, ConfigErrors, Cx, present};
use super::slug_sort::read_slug_sort;
use super::storage_kind::{check_cloud, read_cloud, read_storage};
use crate::kinds::read_schema;
use crate::path_text::{is_collection_glob, is_site_path};
use crate::value::{Node, Value};
use crate::yaml;

/// What `quire check` says of a config that serves, but not as most would expect.
pub fn notes(config: &Config) -> Vec<String> {
    let text_slugs = config.collections.iter().filter_map(|(key, c)| {
        let (_, field) = c.schema.iter().find(|(k, _)| *k == c.slug_field)?;
        matches!(field.kind, FieldKind::Text { .. }).then(|| {
            format!(
                "collection \"{key}\": slugField \"{}\" is a text field, so its value is each entry's file name and is never stored (as Keystatic does); a slug field (kind: slug) keeps a name beside the slug",
                c.slug_field
            )
        })
    });
    // A path that looks absolute is a folder of the site, as Keystatic reads it.
    let paths = config
        .collections
        .iter()
        .map(|(key, c)| (format!("collection \"{key}\""), &c.path))
        .chain(
            config
                .singletons
                .iter()
                .map(|(key, s)| (format!("singleton \"{key}\""), &s.path)),
        );
    let rooted = paths
        .filter(|(_, path)| path.starts_with('/'))
        .map(|(what, path)| {
            format!(
                "{what}: path \"{path}\" is read inside the site, as \"{}\" (Keystatic drops the leading /)",
                path.trim_start_matches('/')
            )
        });
    text_slugs.chain(rooted).collect()
}

/// Parses and checks a config file's text.
pub fn parse(text: &str) -> Result<Config, ConfigErrors> {
    let root = yaml::parse(text).map_err(|e| {
        ConfigErrors(vec![ConfigError {
            pos: Some(e.pos),
            message: e.message,
        }])
    })?;
    let mut cx = Cx::default();
    let config = read_config(&mut cx, &root);
    match config {
        Some(config) if cx.errors.is_empty() => Ok(config),
        _ => Err(ConfigErrors(cx.errors)),
    }
}

fn read_config(cx: &mut Cx, root: &Node) -> Option<Config> {
    let entries = match &root.value {
        Value::Null => &[][..],
        _ => cx.mapping(root, "the config")?,
    };
    cx.known_keys(
        entries,
        &[
            "storage",
            "ui",
            "collections",
            "singletons",
            "collaboration",
            "cloud",
            "locale",
        ],
        "the config",
    );
    let storage = read_storage(cx, present(entries, "storage"));
    let cloud = read_cloud(cx, present(entries, "cloud"));
    let written = present(entries, "cloud").is_some();
    check_cloud(cx, &storage, cloud.as_ref(), written, root);
    let collections = keyed(
        cx,
        present(entries, "collections"),
        "collections",
        read_collection,
    );
    let singletons = keyed(
        cx,
        present(entries, "singletons"),
        "singletons",
        read_singleton,
    );
    let (brand, navigation) = read_ui(cx, present(entries, "ui"), &collections, &singletons);
    for (collection, pos, what) in std::mem::take(&mut cx.references) {
        if !collections.iter().any(|(k, _)| *k == collection) {
            let message = format!("{what}: there is no collection \"{collection}\"");
            cx.errors.push(ConfigError { pos, message });
        }
    }
    let collaboration = cx
        .boolean(entries, "collaboration", "the config")
        .unwrap_or(true);
    let locale = super::locale::read_locale(cx, entries);
    Some(Config {
        storage,
        cloud,
        brand,
        navigation,
        collections,
        singletons,
        collaboration,
        locale,
    })
}

fn keyed<T>(
    cx: &mut Cx,
    node: Option<&Node>,
    what: &str,
    read: fn(&mut Cx, &str, &Node) -> Option<T>,
) -> Vec<(String, T)> {
    let Some(node) = node else { return Vec::new() };
    let Some(entries) = cx.mapping(node, what) else {
        return Vec::new();
    };
    entries
        .iter()
        .filter_map(|(key, value)| Some((key.clone(), read(cx, key, value)?)))
        .collect()
}

fn read_format(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> Format {
    let default = Format {
        data: DataFormat::Yaml,
        content_field: None,
    };
    let Some(node) = present(entries, "format") else {
        return default;
    };
    let data_format = |cx: &mut Cx, node: &Node, text: &str| match text {
        "yaml" => DataFormat::Yaml,
        "json" => DataFormat::Json,
        other => {
            cx.error(
                node,
                format!("{what}: format \"{other}\" is not one of yaml, json"),
            );
            DataFormat::Yaml
        }
    };
    match &node.value {
        Value::String(s) => Format {
            data: data_format(cx, node, s),
            content_field: None,
        },
        Value::Object(format) => {
            cx.known_keys(format, &["data", "contentField"], &format!("{what} format"));
            let data = match (cx.string(format, "data", what), present(format, "data")) {
                (Some(s), Some(at)) => data_format(cx, at, &s),
                _ => DataFormat::Yaml,
            };
            Format {
                data,
                content_field: read_content_field(cx, format, what),
            }
        }
        _ => {
            cx.error(
                node,
                format!(
                    "{what}: format must be yaml, json or a mapping with data and contentField"
                ),
            );
            default
        }
    }
}

fn read_layout(cx: &mut Cx, entries: &[(String, Node)], what: &str) -> EntryLayout {
    match cx.string(entries, "entryLayout", what).as_deref() {
        None | Some("form") => EntryLayout::Form,
        Some("content") => EntryLayout::Content,
        Some(other) => {
            let at = present(entries, "entryLayout").expect("a string was read from it");
            cx.error(
                at,
                format!("{what}: entryLayout \"{other}\" is not one of form, content"),
            );
            EntryLayout::Form
        }
    }
}

fn read_collection(cx: &mut Cx, key: &str, node: &Node) -> Option<Collection> {
    let what = format!("collection \"{key}\"");
    let entries = cx.mapping(node, &what)?;
    cx.known_keys(
        entries,
        &[
            "label",
            "path",
            "slugField",
            "format",
            "entryLayout",
            "columns",
            "previewUrl",
            "template",
            "slugSort",
            "schema",
        ],
        &what,
    );
    let label = cx
        .string(entries, "label", &what)
        .unwrap_or_else(|| key.to_string());
    let path = cx
        .string(entries, "path", &what)
        .unwrap_or_else(|| format!("{key}/*/"));
    if !is_collection_glob(&path) {
        let at = present(entries, "path").unwrap_or(node);
        cx.error(
            at,
            format!("{what}: path \"{path}\" must end with /* or /** or include /*/ or /**/"),
        );
    } else if !is_site_path(&path) {
        let at = present(entries, "path").unwrap_or(node);
        cx.error(at, outside_site(&what, &path));
    }
    let format = read_format(cx, entries, &what);
    let entry_layout = read_layout(cx, entries, &what);
    let schema = read_schema(cx, present(entries, "schema"), &what, node);
    let slug_field = cx.string(entries, "slugField", &what);
    let slug_at = present(entries, "slugField").unwrap_or(node);
    let slug_field = match slug_field {
        None => {
            cx.error(
                node,
                format!("{what}: slugField is required: name the slug field of its schema"),
            );
            String::new()
        }
        Some(name) => {
            match schema.iter().find(|(k, _)| *k == name) {
                None => cx.error(
                    slug_at,
                    format!("{what}: slugField \"{name}\" is not a field of its schema"),
                ),
                // Keystatic takes a text field too: its value is then the file's name (see `notes`).
                Some((_, field))
                    if !matches!(field.kind, FieldKind::Slug { .. } | FieldKind::Text { .. }) =>
                {
                    cx.error(
                        slug_at,
                        format!(
                            "{what}: slugField is a not a slug field (\"{name}\" is {})",
                            field.kind.name()
                        ),
                    )
                }
                Some(_) => {}
            }
            name
        }
    };
    let columns = cx.strings(entries, "columns", &what);
    for column in &columns {
        if !schema.iter().any(|(k, _)| k == column) {
            let at = present(entries, "columns").unwrap_or(node);
            cx.error(
                at,
                format!("{what}: column \"{column}\" is not a field of its schema"),
            );
        }
    }
    check_content_field(cx, &format, &schema, &what, node);
    Some(Collection {
        label,
        path,
        slug_field,
        format,
        entry_layout,
        columns,
        preview_url: cx.string(entries, "previewUrl", &what),
        template: cx.string(entries, "template", &what),
        slug_sort: present(entries, "slugSort").and_then(|node| read_slug_sort(cx, node, &what)),
        schema,
    })
}

fn read_singleton(cx: &mut Cx, key: &str, node: &Node) -> Option<Singleton> {
    let what = format!("singleton \"{key}\"");
    let entries = cx.mapping(node, &what)?;
    cx.known_keys(
        entries,
        &[
            "label",
            "path",
            "format",
            "entryLayout",
            "previewUrl",
            "schema",
        ],
        &what,
    );
    let label = cx
        .string(entries, "label", &what)
        .unwrap_or_else(|| key.to_string());
    let path = cx
        .string(entries, "path", &what)
        .unwrap_or_else(|| format!("{key}/"));
    if path.contains('*') {
        let at = present(entries, "path").unwrap_or(node);
        cx.error(at, format!("{what}: path \"{path}\" cannot include *"));
    } else if !is_site_path(&path) {
        let at = present(entries, "path").unwrap_or(node);
        cx.error(at, outside_site(&what, &path));
    }
    let format = read_format(cx, entries, &what);
    let entry_layout = read_layout(cx, entries, &what);
    let schema = read_schema(cx, present(entries, "schema"), &what, node);
    check_content_field(cx, &format, &schema, &what, node);
    Some(Singleton {
        label,
        path,
        format,
        entry_layout,
        preview_url: cx.string(entries, "previewUrl", &what),
        schema,
    })
}

/// `contentField`: a field's key, or (as Keystatic takes it) the path to a field through objects.
fn read_content_field(cx: &mut Cx, format: &[(String, Node)], what: &str) -> Option<Vec<String>> {
    let node = present(format, "contentField")?;
    let path = match &node.value {
        Value::String(key) => Some(vec![key.clone()]),
        Value::Array(steps) => steps
            .iter()
            .map(|step| match &step.value {
                Value::String(key) => Some(key.clone()),
                _ => None,
            })
            .collect::<Option<Vec<String>>>()
            .filter(|path| !path.is_empty()),
        _ => None,
    };
    if path.is_none() {
        cx.error(
            node,
            format!("{what}: contentField must be a field's key or a list of keys (a path through objects and conditionals' values)"),
        );
    }
    path
}

fn check_content_field(cx: &mut Cx, format: &Format, schema: &Schema, what: &str, node: &Node) {
    let Some((first, _)) = format
        .content_field
        .as_deref()
        .and_then(<[String]>::split_first)
    else {
        return;
    };
    let path = format.content_field.as_deref().unwrap_or_default();
    let name = path.join(".");
    let problem = match schema.iter().find(|(key, _)| key == first) {
        None => Some("is not a field of its schema".to_string()),
        Some((_, field)) => content_extension_below(field, path, 1).err(),
    };
    if let Some(problem) = problem {
        cx.error(node, format!("{what}: contentField \"{name}\" {problem}"));
    }
}

/// The extension of the content at `path[depth..]` below `field` (which sits at `path[..depth]`),
/// through objects and a conditional's `value` (every choice holding content of one extension
/// there, as Keystatic requires), or what keeps the path from naming one.
fn content_extension_below(field: &Field, path: &[String], depth: usize) -> Result<String, String> {
    let held = path[..depth].join(".");
    let Some(step) = path.get(depth) else {
        return field
            .kind
            .content_extension()
            .map(str::to_string)
            .ok_or_else(|| "must be a markdoc, mdx or emptyContent field".to_string());
    };
    if let FieldKind::Object { fields, .. } = &field.kind {
        let (_, inner) = fields
            .iter()
            .find(|(key, _)| key == step)
            .ok_or_else(|| format!("names \"{step}\", which \"{held}\" does not hold"))?;
        return content_extension_below(inner, path, depth + 1);
    }
    let FieldKind::Conditional { values, .. } = &field.kind else {
        return Err(format!(
            "passes through \"{held}\", a {} field; a contentField passes only through objects and a conditional's value",
            field.kind.name()
        ));
    };
    if step != "value" {
        return Err(format!(
            "names \"{step}\" after \"{held}\", a conditional field, which only its \"value\" may follow"
        ));
    }
    let mut found: Option<String> = None;
    for (option, choice) in values {
        let extension = content_extension_below(choice, path, depth + 1)
            .map_err(|problem| format!("{problem} (in the choice \"{option}\" of \"{held}\")"))?;
        match &found {
            Some(first) if *first != extension => {
                return Err(format!(
                    "holds content of two extensions in the choices of \"{held}\" (.{first} and .{extension})"
                ));
            }
            _ => found = Some(extension),
        }
    }
    found.ok_or_else(|| format!("passes through \"{held}\", a conditional field with no choices"))
}

fn read_ui(
    cx: &mut Cx,
    node: Option<&Node>,
    collections: &[(String, Collection)],
    singletons: &[(String, Singleton)],
) -> (Brand, Vec<NavGroup>) {
    let mut brand = Brand {
        name: "Quire".into(),
        mark: None,
    };
    let mut navigation = None;
    if let Some(entries) = node.and_then(|n| cx.mapping(n, "ui")) {
        cx.known_keys(entries, &["brand", "navigation"], "ui");
        if let Some(b) = present(entries, "brand").and_then(|n| cx.mapping(n, "ui.brand")) {
            cx.known_keys(b, &["name", "mark"], "ui.brand");
            brand = Brand {
                name: cx.string(b, "name", "ui.brand").unwrap_or(brand.name),
                mark: cx.string(b, "mark", "ui.brand"),
            };
        }
        if let Some(nav) = present(entries, "navigation") {
            navigation = Some(read_navigation(cx, nav, collections, singletons));
        }
    }
    let navigation = navigation.unwrap_or_else(|| {
        let mut groups = Vec::new();
        if !collections.is_empty() {
            let items = collections
                .iter()
                .map(|(k, _)| NavItem::Collection(k.clone()))
                .collect();
            groups.push(NavGroup {
                label: Some("Collections".into()),
                items,
            });
        }
        if !singletons.is_empty() {
            let items = singletons
                .iter()
                .map(|(k, _)| NavItem::Singleton(k.clone()))
                .collect();
            groups.push(NavGroup {
                label: Some("Singletons".into()),
                items,
            });
        }
        groups
    });
    (brand, navigation)
}

fn read_navigation(
    cx: &mut Cx,
    node: &Node,
    collections: &[(String, Collection)],
    singletons: &[(String, Singleton)],
) -> Vec<NavGroup> {
    let items_of = |cx: &mut Cx, list: &Node| -> Vec<NavItem> {
        let Value::Array(items) = &list.value else {
            cx.error(
                list,
                "ui.navigation: a group must be a list of collection and singleton keys",
            );
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| {
                let key = item.as_str().or_else(|| {
                    cx.error(item, "ui.navigation: every item must be a key or ---");
                    None
                })?;
                if key == "---" {
                    Some(NavItem::Divider)
                } else if collections.iter().any(|(k, _)| k == key) {
                    Some(NavItem::Collection(key.into()))
                } else if singletons.iter().any(|(k, _)| k == key) {
                    Some(NavItem::Singleton(key.into()))
                } else {
                    cx.error(item, format!("Unknown navigation key \"{key}\""));
                    None
                }
            })
            .collect()
    };
    match &node.value {
        Value::Array(_) => vec![NavGroup {
            label: None,
            items: items_of(cx, node),
        }],
        Value::Object(groups) => groups
            .iter()
            .map(|(label, list)| NavGroup {
                label: Some(label.clone()),
                items: items_of(cx, list),
            })
            .collect(),
        _ => {
            cx.error(
                node,
                "ui.navigation must be a list of keys or a mapping of group names to lists",
            );
            Vec::new()
        }
    }
}

/// Why a collection's or singleton's path is refused: it would reach outside the site.
fn outside_site(what: &str, path: &str) -> String {
    format!(
        "{what}: path \"{path}\" is not inside the site: write it relative to the site's root, without .. segments"
    )
}
