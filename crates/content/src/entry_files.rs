//! Which files an entry may hold, derived from its schema and slug as Keystatic lays them out
//! (keystatic-formats.md §2.1, §2.5, §2.6): its data file, a file per content field kept outside
//! it (`<entry dir>/<prop path>.<ext>`), a file per asset field (`<prop path>.<ext>` in the entry's
//! folder or below `<directory>/<slug>/`), and the images and component assets in each content
//! field's folder. Array items stand for any one segment (an index, or the item's slug).
//!
//! A path can mean more than one thing (with `**` globs a slug may nest folders), so a path yields
//! every [`Claim`] that explains it; whoever writes decides which of them hold (the entry exists).

use crate::config::{Collection, Config, Field, FieldKind, PathPart, Schema, Singleton};
use crate::paths::{CollectionLayout, fix_path, is_clean_path, singleton_data_file, singleton_dir};

/// The entry a file belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EntryId {
    /// The collection's or singleton's key.
    pub key: String,
    /// None for a singleton.
    pub slug: Option<String>,
    /// Where the entry's data file is: the entry exists when this file does.
    pub data_file: String,
}

impl std::fmt::Display for EntryId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.slug {
            Some(slug) => write!(f, "the entry \"{slug}\" of {}", self.key),
            None => write!(f, "the singleton {}", self.key),
        }
    }
}

/// What an asset file may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Accept {
    /// Images only: an image extension, and bytes that are that kind of image.
    Images,
    /// Any file (`kind: file`).
    Files,
}

/// What a file is to its entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Data,
    /// The text of a content field kept in a file of its own.
    Content,
    Asset(Accept),
}

/// One way a path belongs to an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub entry: EntryId,
    pub role: Role,
}

/// Every way the config explains `path` as a file of some entry; empty when nothing writes it.
pub fn claims(config: &Config, path: &str) -> Vec<Claim> {
    let mut out = Vec::new();
    if !is_clean_path(path) {
        return out;
    }
    for (key, collection) in &config.collections {
        collection_claims(key, collection, path, &mut out);
    }
    for (key, singleton) in &config.singletons {
        singleton_claims(key, singleton, path, &mut out);
    }
    out
}

/// The entries whose own area `path` lies in: their data file, anything in their folder, and (for
/// collection entries) anything below `<directory>/<slug>/` of their asset directories. Files an
/// entry keeps there that no field writes (left by an older schema, say) can be deleted with it.
pub fn area_owners(config: &Config, path: &str) -> Vec<EntryId> {
    let mut owners: Vec<EntryId> = claims(config, path).into_iter().map(|c| c.entry).collect();
    if !is_clean_path(path) {
        return owners;
    }
    let segments: Vec<&str> = path.split('/').collect();
    for (key, collection) in &config.collections {
        let layout = CollectionLayout::new(collection);
        let entry = |slug: &str| collection_entry(key, &layout, slug);
        for (slug, rest) in entry_dir_splits(&layout, &segments) {
            if !rest.is_empty() {
                owners.push(entry(&slug));
            }
        }
        for directory in directories(&patterns(&collection.schema)) {
            for (slug, rest) in directory_splits(directory, layout.nested, &segments) {
                if !rest.is_empty() {
                    owners.push(entry(&slug));
                }
            }
        }
    }
    for (key, singleton) in &config.singletons {
        let dir = singleton_dir(singleton);
        if below(dir, &segments).is_some_and(|rest| !rest.is_empty()) {
            owners.push(singleton_entry(key, singleton));
        }
    }
    owners.sort();
    owners.dedup();
    owners
}

fn collection_entry(key: &str, layout: &CollectionLayout, slug: &str) -> EntryId {
    EntryId {
        key: key.to_string(),
        slug: Some(slug.to_string()),
        data_file: layout.data_file(slug),
    }
}

fn singleton_entry(key: &str, singleton: &Singleton) -> EntryId {
    EntryId {
        key: key.to_string(),
        slug: None,
        data_file: singleton_data_file(singleton),
    }
}

fn collection_claims(key: &str, collection: &Collection, path: &str, out: &mut Vec<Claim>) {
    let layout = CollectionLayout::new(collection);
    if let Some(slug) = layout.slug_of_data_file(path) {
        out.push(Claim {
            entry: collection_entry(key, &layout, &slug),
            role: Role::Data,
        });
    }
    let patterns = patterns_of(
        &collection.schema,
        collection.format.content_field.as_deref(),
    );
    let segments: Vec<&str> = path.split('/').collect();
    for (slug, rest) in entry_dir_splits(&layout, &segments) {
        for role in matching(&patterns, &Root::EntryDir, &rest) {
            out.push(Claim {
                entry: collection_entry(key, &layout, &slug),
                role,
            });
        }
    }
    for directory in directories(&patterns) {
        for (slug, rest) in directory_splits(directory, layout.nested, &segments) {
            let root = Root::Directory(directory.to_string());
            for role in matching(&patterns, &root, &rest) {
                out.push(Claim {
                    entry: collection_entry(key, &layout, &slug),
                    role,
                });
            }
        }
    }
}

fn singleton_claims(key: &str, singleton: &Singleton, path: &str, out: &mut Vec<Claim>) {
    let entry = || singleton_entry(key, singleton);
    if singleton_data_file(singleton) == path {
        out.push(Claim {
            entry: entry(),
            role: Role::Data,
        });
    }
    let patterns = patterns_of(&singleton.schema, singleton.format.content_field.as_deref());
    let segments: Vec<&str> = path.split('/').collect();
    let mut roots = vec![(Root::EntryDir, singleton_dir(singleton))];
    roots.extend(directories(&patterns).map(|dir| (Root::Directory(dir.to_string()), dir)));
    for (root, dir) in roots {
        if let Some(rest) = below(dir, &segments) {
            for role in matching(&patterns, &root, rest) {
                out.push(Claim {
                    entry: entry(),
                    role,
                });
            }
        }
    }
}

/// The segments below `dir` (all of them when `dir` is the site root), if `segments` lie below it.
fn below<'p, 's>(dir: &str, segments: &'p [&'s str]) -> Option<&'p [&'s str]> {
    if dir.is_empty() {
        return Some(segments);
    }
    let count = dir.split('/').count();
    let inside = segments.len() >= count && dir.split('/').zip(segments).all(|(a, b)| a == *b);
    inside.then(|| &segments[count..])
}

/// Each way of reading `segments` as `<base>/<slug><suffix>/<rest>`: the slug and the rest.
fn entry_dir_splits<'s>(
    layout: &CollectionLayout,
    segments: &[&'s str],
) -> Vec<(String, Vec<&'s str>)> {
    let Some(after_base) = below(&layout.base, segments) else {
        return Vec::new();
    };
    let suffix = layout.suffix.trim_start_matches('/');
    slug_splits(after_base, layout.nested)
        .into_iter()
        .filter_map(|(slug, rest)| Some((slug, below(suffix, rest)?.to_vec())))
        .collect()
}

/// Each way of reading `segments` as `<directory>/<slug>/<rest>`.
fn directory_splits<'s>(
    directory: &str,
    nested: bool,
    segments: &[&'s str],
) -> Vec<(String, Vec<&'s str>)> {
    let Some(after) = below(directory, segments) else {
        return Vec::new();
    };
    slug_splits(after, nested)
        .into_iter()
        .map(|(slug, rest)| (slug, rest.to_vec()))
        .collect()
}

/// The slug's segments first (one, or with `**` any number), then the rest.
fn slug_splits<'p, 's>(segments: &'p [&'s str], nested: bool) -> Vec<(String, &'p [&'s str])> {
    let most = if nested { segments.len() } else { 1 };
    (1..=most.min(segments.len()))
        .map(|n| (segments[..n].join("/"), &segments[n..]))
        .collect()
}

/// Where a pattern's path starts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Root {
    /// The entry's folder (a singleton's folder).
    EntryDir,
    /// A field's `directory`: `<directory>/<slug>/` for collection entries, `<directory>/` for singletons.
    Directory(String),
}

/// One segment of a prop path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Key(String),
    /// An array item: its index, or its slug when the array has a `slugField`.
    Item,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tail {
    /// `<last segment>.<extension>`: a content field's text.
    Content(String),
    /// `<last segment>.<extension>` with an extension the kind allows: an asset field's file.
    Asset(Accept),
    /// Any file below the segments: a content field's images and its components' assets.
    Below(Accept),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern {
    root: Root,
    segments: Vec<Segment>,
    tail: Tail,
}

/// The file patterns of a schema. The content field kept in the data file (at `content_field`,
/// its path) has no file of its own, but its images still have a folder.
fn patterns_of(schema: &Schema, content_field: Option<&[String]>) -> Vec<Pattern> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    for (key, field) in schema {
        path.push(Segment::Key(key.clone()));
        walk(field, &mut path, content_field, &mut out);
        path.pop();
    }
    out
}

pub(crate) fn patterns(schema: &Schema) -> Vec<Pattern> {
    patterns_of(schema, None)
}

/// The `directory` of every pattern rooted in one.
pub(crate) fn directories(patterns: &[Pattern]) -> impl Iterator<Item = &str> {
    let mut seen: Vec<&str> = Vec::new();
    for pattern in patterns {
        if let Root::Directory(dir) = &pattern.root
            && !seen.contains(&dir.as_str())
        {
            seen.push(dir);
        }
    }
    seen.into_iter()
}

fn walk(
    field: &Field,
    path: &mut Vec<Segment>,
    content_field: Option<&[String]>,
    out: &mut Vec<Pattern>,
) {
    let in_data_file = content_field.is_some_and(|keys| {
        keys.len() == path.len()
            && keys
                .iter()
                .zip(path.iter())
                .all(|(key, segment)| matches!(segment, Segment::Key(k) if k == key))
    });
    if let FieldKind::Asset {
        image, directory, ..
    } = &field.kind
    {
        out.push(Pattern {
            root: root_of(directory.as_deref()),
            segments: path.clone(),
            tail: Tail::Asset(accept(*image)),
        });
    }
    if let Some(extension) = field.kind.content_extension()
        && !in_data_file
    {
        out.push(Pattern {
            root: Root::EntryDir,
            segments: path.clone(),
            tail: Tail::Content(extension.to_string()),
        });
    }
    if let FieldKind::Content {
        options,
        components,
        ..
    } = &field.kind
    {
        let folder = |root: Root, accept| Pattern {
            segments: if root == Root::EntryDir {
                path.clone()
            } else {
                Vec::new()
            },
            root,
            tail: Tail::Below(accept),
        };
        // Images are on unless the options switch them off (`image: false`).
        if options.images_on() {
            out.push(folder(root_of(options.image_directory()), Accept::Images));
        }
        let mut assets = Vec::new();
        for (_, component) in components {
            component_assets(&component.schema, &mut assets);
        }
        for (directory, accept) in assets {
            out.push(folder(root_of(directory), accept));
        }
    }
    for (step, child) in field.kind.children() {
        let depth = path.len();
        path.extend(step.segments().into_iter().map(|part| match part {
            PathPart::Key(key) => Segment::Key(key.to_string()),
            PathPart::Item => Segment::Item,
        }));
        walk(child, path, content_field, out);
        path.truncate(depth);
    }
}

fn accept(image: bool) -> Accept {
    if image { Accept::Images } else { Accept::Files }
}

fn root_of(directory: Option<&str>) -> Root {
    match directory.map(fix_path) {
        Some(dir) if !dir.is_empty() => Root::Directory(dir.to_string()),
        _ => Root::EntryDir,
    }
}

/// Asset fields of a component's props, at any depth: they keep their upload's name, in the content
/// field's folder or below their own `directory` (keystatic-formats.md §2.6).
fn component_assets<'a>(schema: &'a Schema, out: &mut Vec<(Option<&'a str>, Accept)>) {
    for (_, field) in schema {
        component_field_assets(field, out);
    }
}

fn component_field_assets<'a>(field: &'a Field, out: &mut Vec<(Option<&'a str>, Accept)>) {
    if let FieldKind::Asset {
        image, directory, ..
    } = &field.kind
    {
        out.push((directory.as_deref(), accept(*image)));
    }
    for (_, child) in field.kind.children() {
        component_field_assets(child, out);
    }
}

/// The roles `rest` (the segments below `root`) has under the patterns rooted there.
fn matching(patterns: &[Pattern], root: &Root, rest: &[&str]) -> Vec<Role> {
    let mut roles: Vec<Role> = Vec::new();
    for pattern in patterns.iter().filter(|p| p.root == *root) {
        if let Some(role) = pattern_role(pattern, rest)
            && !roles.contains(&role)
        {
            roles.push(role);
        }
    }
    roles
}

fn pattern_role(pattern: &Pattern, rest: &[&str]) -> Option<Role> {
    let segments = &pattern.segments;
    match &pattern.tail {
        Tail::Below(accept) => {
            if rest.len() <= segments.len() || !prefix_matches(segments, rest) {
                return None;
            }
            let name = rest.last()?;
            file_accepted(*accept, name).then_some(Role::Asset(*accept))
        }
        Tail::Content(extension) => {
            let (last, parents) = segments.split_last()?;
            let (name, rest_parents) = rest.split_last()?;
            if rest_parents.len() != parents.len() || !prefix_matches(parents, rest_parents) {
                return None;
            }
            let stem = name.strip_suffix(&format!(".{extension}"))?;
            segment_matches(last, stem).then_some(Role::Content)
        }
        Tail::Asset(accept) => {
            let (last, parents) = segments.split_last()?;
            let (name, rest_parents) = rest.split_last()?;
            if rest_parents.len() != parents.len() || !prefix_matches(parents, rest_parents) {
                return None;
            }
            let named = match last {
                Segment::Key(key) => name
                    .strip_prefix(key.as_str())
                    .is_some_and(|after| after.is_empty() || after.starts_with('.')),
                Segment::Item => true,
            };
            (named && asset_name_accepted(*accept, last, name)).then_some(Role::Asset(*accept))
        }
    }
}

fn prefix_matches(pattern: &[Segment], rest: &[&str]) -> bool {
    pattern
        .iter()
        .zip(rest)
        .all(|(segment, name)| segment_matches(segment, name))
}

fn segment_matches(segment: &Segment, name: &str) -> bool {
    match segment {
        Segment::Key(key) => key == name,
        Segment::Item => !name.is_empty(),
    }
}

/// An asset field's file is its prop path's last segment plus `.` and the upload's extension; a
/// `file` may have no extension.
fn asset_name_accepted(accept: Accept, last: &Segment, name: &str) -> bool {
    let extension = match last {
        Segment::Key(key) => name
            .strip_prefix(key.as_str())
            .and_then(|after| after.strip_prefix('.')),
        Segment::Item => name.rsplit_once('.').map(|(_, ext)| ext),
    };
    match (accept, extension) {
        (Accept::Files, None) => true,
        (_, Some(ext)) if ext.is_empty() || ext.contains('.') => false,
        (Accept::Files, Some(_)) => true,
        (Accept::Images, Some(ext)) => crate::image_bytes::is_image_extension(ext),
        (Accept::Images, None) => false,
    }
}

/// A file below a content field's folder: images need an image extension.
fn file_accepted(accept: Accept, name: &str) -> bool {
    match accept {
        Accept::Files => true,
        Accept::Images => name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && crate::image_bytes::is_image_extension(ext)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;

    fn site() -> Config {
        config::parse(
            r#"
collections:
  posts:
    path: content/posts/*
    slugField: title
    format: { contentField: body }
    schema:
      title: { kind: slug, label: Title }
      cover: { kind: image, label: Cover, directory: public/images/posts, publicPath: /images/posts/ }
      attachment: { kind: file, label: Attachment }
      gallery:
        kind: array
        label: Gallery
        element:
          kind: object
          label: Item
          fields:
            image: { kind: image, label: Image, directory: public/images/posts }
            caption: { kind: text, label: Caption }
      summary: { kind: object, label: Summary, fields: { text: { kind: markdoc, label: Text } } }
      notes: { kind: emptyContent, label: Notes, extension: mdx }
      body: { kind: markdoc, label: Body }
  pages:
    path: pages/**/
    slugField: title
    schema:
      title: { kind: slug, label: Title }
      body: { kind: mdx, label: Body, options: { image: { directory: public/pages } } }
singletons:
  settings:
    path: content/settings
    schema:
      logo: { kind: image, label: Logo }
      intro: { kind: markdoc, label: Intro, options: { image: false } }
"#,
        )
        .expect("valid config")
    }

    fn roles(path: &str) -> Vec<(Option<String>, Role)> {
        claims(&site(), path)
            .into_iter()
            .map(|c| (c.entry.slug, c.role))
            .collect()
    }

    fn post(role: Role) -> Vec<(Option<String>, Role)> {
        vec![(Some("hello".into()), role)]
    }

    #[test]
    fn fields_name_the_files_an_entry_holds() {
        assert_eq!(roles("content/posts/hello.mdoc"), post(Role::Data));
        assert_eq!(
            roles("public/images/posts/hello/cover.png"),
            post(Role::Asset(Accept::Images))
        );
        assert_eq!(
            roles("public/images/posts/hello/gallery/0/image.JPG"),
            post(Role::Asset(Accept::Images))
        );
        assert_eq!(
            roles("content/posts/hello/attachment.pdf"),
            post(Role::Asset(Accept::Files))
        );
        assert_eq!(
            roles("content/posts/hello/attachment"),
            post(Role::Asset(Accept::Files))
        );
        assert_eq!(
            roles("content/posts/hello/summary/text.mdoc"),
            post(Role::Content)
        );
        assert_eq!(
            roles("content/posts/hello/body/diagram-1.webp"),
            post(Role::Asset(Accept::Images))
        );
        assert_eq!(
            roles("content/posts/hello/summary/text/photo.png"),
            post(Role::Asset(Accept::Images))
        );
        assert_eq!(roles("content/posts/hello/notes.mdx"), post(Role::Content));
    }

    #[test]
    fn files_no_field_writes_are_nobodys() {
        for path in [
            "public/images/posts/evil.html",
            "public/images/posts/hello/evil.html",
            "public/images/posts/hello/cover.html",
            "public/images/posts/hello/cover",
            "content/posts/hello/evil.sh",
            "content/posts/hello/cover.png",
            "content/posts/hello/body.mdoc",
            "content/posts/hello/summary/text.md",
            "content/posts/hello/notes.mdoc",
            "content/posts/hello/notes/photo.png",
            "content/posts/hello/body/notes.txt",
            "content/posts/no-such-entry/a/b/c/d.exe",
            "content/settings/intro/photo.png",
            "content/posts/hello/body/.git/config",
            "content/posts/hello/body/.GIT/hooks/pre-push",
            "quire.yaml",
        ] {
            assert_eq!(roles(path), vec![], "{path}");
        }
    }

    #[test]
    fn nested_slugs_are_read_every_way() {
        let found = roles("pages/guides/intro/index.yaml");
        assert_eq!(found, vec![(Some("guides/intro".into()), Role::Data)]);
        let found = roles("public/pages/guides/intro/shot.png");
        assert_eq!(
            found,
            vec![
                (Some("guides".into()), Role::Asset(Accept::Images)),
                (Some("guides/intro".into()), Role::Asset(Accept::Images)),
            ]
        );
    }

    #[test]
    fn singletons_keep_files_in_their_folder() {
        let found = claims(&site(), "content/settings/logo.svg");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].entry.data_file, "content/settings.yaml");
        assert_eq!(found[0].role, Role::Asset(Accept::Images));
        assert_eq!(
            claims(&site(), "content/settings/intro.mdoc")[0].role,
            Role::Content
        );
    }

    #[test]
    fn an_entrys_area_covers_files_no_field_names() {
        let owners = area_owners(&site(), "content/posts/hello/old-notes.txt");
        assert_eq!(owners.len(), 1);
        assert_eq!(owners[0].data_file, "content/posts/hello.mdoc");
        let owners = area_owners(&site(), "public/images/posts/hello/unused.png");
        assert_eq!(owners[0].slug.as_deref(), Some("hello"));
        assert!(area_owners(&site(), "public/images/posts/stray.png").is_empty());
        assert!(area_owners(&site(), "content/other.txt").is_empty());
    }
}
