//! Where entries live: Keystatic's path rules (collection globs, index or outer data files,
//! content files) and the classification of a path against the config, by whole segments.

use crate::config::{Collection, Config, Field, FieldKind, Format, Schema, Singleton};
pub use crate::path_text::{fix_path, is_clean_path, is_collection_glob};

/// Where a data file sits relative to its entry directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataLocation {
    /// `<dir>/index.<ext>`: the configured path ends with `/`.
    Index,
    /// `<dir>.<ext>`.
    Outer,
}

/// The extension of an entry's data file, without the dot.
pub fn data_extension(format: &Format, schema: &Schema) -> String {
    format
        .content_field_of(schema)
        .and_then(|field| field.kind.content_extension())
        .unwrap_or(format.data.extension())
        .to_string()
}

/// The path layout of one collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionLayout {
    pub base: String,
    /// Path after the glob, with a leading `/` when non-empty.
    pub suffix: String,
    /// `**` lets slugs contain `/`.
    pub nested: bool,
    pub location: DataLocation,
    pub extension: String,
}

impl CollectionLayout {
    pub fn new(collection: &Collection) -> CollectionLayout {
        let path = collection.path.as_str();
        let star = path.find('*').unwrap_or(path.len());
        let after = path[star..].trim_start_matches('*');
        let suffix = fix_path(after);
        CollectionLayout {
            base: fix_path(&path[..star]).to_string(),
            suffix: if suffix.is_empty() {
                String::new()
            } else {
                format!("/{suffix}")
            },
            nested: path.contains("**"),
            location: if path.ends_with('/') {
                DataLocation::Index
            } else {
                DataLocation::Outer
            },
            extension: data_extension(&collection.format, &collection.schema),
        }
    }

    fn prefix(&self) -> String {
        if self.base.is_empty() {
            String::new()
        } else {
            format!("{}/", self.base)
        }
    }

    /// The entry's directory: `<base>/<slug><suffix>`.
    pub fn entry_dir(&self, slug: &str) -> String {
        format!("{}{slug}{}", self.prefix(), self.suffix)
    }

    pub fn data_file(&self, slug: &str) -> String {
        data_file(&self.entry_dir(slug), self.location, &self.extension)
    }

    /// The slug whose data file is `path`, if it is one.
    pub fn slug_of_data_file(&self, path: &str) -> Option<String> {
        let rest = path.strip_prefix(&self.prefix())?;
        let tail = match self.location {
            DataLocation::Index => format!("{}/index.{}", self.suffix, self.extension),
            DataLocation::Outer => format!("{}.{}", self.suffix, self.extension),
        };
        let slug = rest.strip_suffix(&tail)?;
        let well_formed = !slug.is_empty()
            && slug
                .split('/')
                .all(|s| !s.is_empty() && s != "." && s != "..")
            && (self.nested || !slug.contains('/'));
        well_formed.then(|| slug.to_string())
    }

    /// Whether `path` lies under the collection's base directory (segment-wise).
    pub fn contains(&self, path: &str) -> bool {
        self.base.is_empty()
            || path
                .strip_prefix(&self.prefix())
                .is_some_and(|rest| !rest.is_empty())
    }
}

fn data_file(dir: &str, location: DataLocation, extension: &str) -> String {
    match location {
        DataLocation::Index => format!("{dir}/index.{extension}"),
        DataLocation::Outer => format!("{dir}.{extension}"),
    }
}

/// A singleton's directory and data file.
pub fn singleton_dir(singleton: &Singleton) -> &str {
    fix_path(&singleton.path)
}

pub fn singleton_data_file(singleton: &Singleton) -> String {
    let location = if singleton.path.ends_with('/') {
        DataLocation::Index
    } else {
        DataLocation::Outer
    };
    data_file(
        singleton_dir(singleton),
        location,
        &data_extension(&singleton.format, &singleton.schema),
    )
}

/// The separate file of a content field when the format has no `contentField`: `<dir>/<key>.<ext>`.
pub fn content_file(entry_dir: &str, key: &str, extension: &str) -> String {
    format!("{entry_dir}/{key}.{extension}")
}

/// What a path is to the config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileRole {
    CollectionData {
        collection: String,
        slug: String,
    },
    SingletonData {
        singleton: String,
    },
    /// Any other file inside a collection's or singleton's directory (content files, assets).
    EntryFile {
        owner: String,
    },
}

/// Classifies a repository-relative path; None means the config does not allow it.
pub fn classify(config: &Config, path: &str) -> Option<FileRole> {
    if !is_clean_path(path) {
        return None;
    }
    for (key, singleton) in &config.singletons {
        if singleton_data_file(singleton) == path {
            return Some(FileRole::SingletonData {
                singleton: key.clone(),
            });
        }
    }
    for (key, collection) in &config.collections {
        let layout = CollectionLayout::new(collection);
        if let Some(slug) = layout.slug_of_data_file(path) {
            return Some(FileRole::CollectionData {
                collection: key.clone(),
                slug,
            });
        }
    }
    for (key, singleton) in &config.singletons {
        let dir = singleton_dir(singleton);
        if !dir.is_empty()
            && path
                .strip_prefix(dir)
                .is_some_and(|rest| rest.starts_with('/'))
        {
            return Some(FileRole::EntryFile { owner: key.clone() });
        }
    }
    for (key, collection) in &config.collections {
        if CollectionLayout::new(collection).contains(path) {
            return Some(FileRole::EntryFile { owner: key.clone() });
        }
    }
    let schemas = config
        .collections
        .iter()
        .map(|(k, c)| (k, &c.schema))
        .chain(config.singletons.iter().map(|(k, s)| (k, &s.schema)));
    for (key, schema) in schemas {
        let mut directories = Vec::new();
        asset_directories(schema, &mut directories);
        if directories.iter().any(|dir| {
            path.strip_prefix(*dir)
                .is_some_and(|rest| rest.starts_with('/'))
        }) {
            return Some(FileRole::EntryFile { owner: key.clone() });
        }
    }
    None
}

/// Whether `path` is one of a collection's `template` files (its data file, or a file in its folder):
/// new entries start from them, so they may be read, but they belong to no entry and are never
/// written through the admin.
pub fn is_template_file(config: &Config, path: &str) -> bool {
    is_clean_path(path)
        && config.collections.iter().any(|(_, collection)| {
            let Some(template) = collection.template.as_deref().map(fix_path) else {
                return false;
            };
            let layout = CollectionLayout::new(collection);
            !template.is_empty()
                && (path == data_file(template, layout.location, &layout.extension)
                    || path
                        .strip_prefix(template)
                        .is_some_and(|rest| rest.starts_with('/')))
        })
}

/// The `directory` of every file and image field of a schema, at any depth.
pub fn asset_directories<'a>(schema: &'a Schema, out: &mut Vec<&'a str>) {
    for (_, field) in schema {
        field_directories(field, out);
    }
}

fn field_directories<'a>(field: &'a Field, out: &mut Vec<&'a str>) {
    if let FieldKind::Asset {
        directory: Some(dir),
        ..
    } = &field.kind
    {
        out.push(dir);
    }
    // Images inserted into rich text may be kept in `options.image.directory`, and its
    // components' props may hold files too.
    if let FieldKind::Content {
        options,
        components,
        ..
    } = &field.kind
    {
        if let Some(dir) = options.image_directory() {
            out.push(fix_path(dir));
        }
        components
            .iter()
            .for_each(|(_, c)| asset_directories(&c.schema, out));
    }
    for (_, child) in field.kind.children() {
        field_directories(child, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;

    fn site() -> Config {
        config::parse(
            "collections:\n  posts:\n    path: content/posts/*\n    slugField: title\n    format: { contentField: body }\n    schema:\n      title: { kind: slug, label: Title }\n      body: { kind: markdoc, label: Body, options: { image: { directory: public/content-images } } }\n  docs:\n    path: packages/*/docs/\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n  pages:\n    path: pages/**\n    slugField: title\n    format: json\n    schema:\n      title: { kind: slug, label: Title }\nsingletons:\n  settings:\n    path: content/settings\n    schema:\n      a: { kind: text, label: A }\n      people: { kind: array, label: People, element: { kind: image, label: Avatar, directory: public/avatars } }\n  home: { schema: { a: { kind: text, label: A } } }\n",
        )
        .expect("valid config")
    }

    #[test]
    fn data_files_follow_keystatic_layouts() {
        let config = site();
        let layout = |k| CollectionLayout::new(config.collection(k).expect("collection"));
        assert_eq!(
            layout("posts").data_file("hello"),
            "content/posts/hello.mdoc"
        );
        assert_eq!(
            layout("docs").data_file("button"),
            "packages/button/docs/index.yaml"
        );
        assert_eq!(layout("pages").data_file("a/b"), "pages/a/b.json");
        assert_eq!(
            singleton_data_file(config.singleton("settings").expect("s")),
            "content/settings.yaml"
        );
        assert_eq!(
            singleton_data_file(config.singleton("home").expect("s")),
            "home/index.yaml"
        );
    }

    #[test]
    fn template_files_are_readable_and_belong_to_no_entry() {
        let config = config::parse(
            "collections:\n  posts:\n    path: content/posts/*\n    slugField: title\n    template: templates/post\n    format: { contentField: body }\n    schema:\n      title: { kind: slug, label: Title }\n      body: { kind: markdoc, label: Body }\n",
        )
        .expect("valid config");
        assert!(is_template_file(&config, "templates/post.mdoc"));
        assert!(is_template_file(&config, "templates/post/cover.png"));
        assert!(!is_template_file(&config, "templates/post.yaml"));
        assert!(!is_template_file(&config, "templates/postscript.mdoc"));
        assert!(!is_template_file(&config, "templates/post/../../secret"));
        assert_eq!(
            classify(&config, "templates/post.mdoc"),
            None,
            "never written"
        );
        assert!(!is_template_file(&site(), "content/posts/hello.mdoc"));
    }

    #[test]
    fn classify_compares_whole_segments() {
        let config = site();
        let data = |c: &str, s: &str| {
            Some(FileRole::CollectionData {
                collection: c.into(),
                slug: s.into(),
            })
        };
        assert_eq!(
            classify(&config, "content/posts/hello.mdoc"),
            data("posts", "hello")
        );
        assert_eq!(
            classify(&config, "packages/button/docs/index.yaml"),
            data("docs", "button")
        );
        assert_eq!(
            classify(&config, "pages/guides/intro.json"),
            data("pages", "guides/intro")
        );
        assert_eq!(
            classify(&config, "content/settings.yaml"),
            Some(FileRole::SingletonData {
                singleton: "settings".into()
            })
        );
        assert_eq!(
            classify(&config, "content/posts/hello/image.png"),
            Some(FileRole::EntryFile {
                owner: "posts".into()
            })
        );
        assert_eq!(classify(&config, "content/posts-private/x.mdoc"), None);
        assert_eq!(classify(&config, "content/postsX.mdoc"), None);
        assert_eq!(classify(&config, "content/posts/../secret.mdoc"), None);
        assert_eq!(classify(&config, "/etc/passwd"), None);
        assert_eq!(
            classify(&config, "content/posts/a/b.mdoc"),
            Some(FileRole::EntryFile {
                owner: "posts".into()
            })
        );
        assert_eq!(classify(&config, "quire.yaml"), None);
        let deep = format!("pages/{}x.json", "a/".repeat(70));
        assert_eq!(classify(&config, &deep), None, "too deep to be content");
        let long = format!("pages/{}.json", "a".repeat(1100));
        assert_eq!(classify(&config, &long), None, "too long to be content");
        assert_eq!(
            classify(&config, "public/avatars/ada/avatar.png"),
            Some(FileRole::EntryFile {
                owner: "settings".into()
            })
        );
        assert_eq!(classify(&config, "public/avatars-x/a.png"), None);
        assert_eq!(classify(&config, "public/other.png"), None);
        assert_eq!(
            classify(&config, "public/content-images/hello/a.png"),
            Some(FileRole::EntryFile {
                owner: "posts".into()
            })
        );
    }
}
