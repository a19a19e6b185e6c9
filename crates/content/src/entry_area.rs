//! Where one entry's files lie: its data file and the folders its fields keep files in. Opening an
//! entry reads the files found there and nothing else of the site, so it costs the same on a site of
//! ten entries as on one of a hundred thousand.

use crate::config::{Collection, Schema, Singleton};
use crate::entry_files::{directories, patterns};
use crate::paths::{CollectionLayout, singleton_data_file, singleton_dir};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    pub data_file: String,
    /// Folder prefixes, each ending in `/` (an empty one is the whole site).
    pub folders: Vec<String>,
}

impl Area {
    pub fn contains(&self, path: &str) -> bool {
        path == self.data_file || self.folders.iter().any(|f| path.starts_with(f.as_str()))
    }
}

/// A collection entry's area: its data file, its folder (`<base>/<slug><suffix>/`) and
/// `<directory>/<slug>/` of each folder its fields upload to.
pub fn collection_area(collection: &Collection, slug: &str) -> Area {
    let layout = CollectionLayout::new(collection);
    let mut folders = vec![folder(&layout.entry_dir(slug))];
    folders.extend(
        field_directories(&collection.schema)
            .iter()
            .map(|dir| folder(&format!("{dir}/{slug}"))),
    );
    Area {
        data_file: layout.data_file(slug),
        folders,
    }
}

/// A singleton's area: its data file, its folder, and each folder its fields upload to.
pub fn singleton_area(singleton: &Singleton) -> Area {
    let mut folders = vec![folder(singleton_dir(singleton))];
    folders.extend(
        field_directories(&singleton.schema)
            .iter()
            .map(|dir| folder(dir)),
    );
    Area {
        data_file: singleton_data_file(singleton),
        folders,
    }
}

fn field_directories(schema: &Schema) -> Vec<String> {
    directories(&patterns(schema)).map(str::to_string).collect()
}

fn folder(dir: &str) -> String {
    if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{self, Config};
    use crate::entry_files::{area_owners, claims};

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
      summary: { kind: object, label: Summary, fields: { text: { kind: markdoc, label: Text } } }
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
      logo: { kind: image, label: Logo, directory: public/brand }
      intro: { kind: markdoc, label: Intro }
"#,
        )
        .expect("valid config")
    }

    const PATHS: &[&str] = &[
        "content/posts/hello.mdoc",
        "content/posts/hello/summary/text.mdoc",
        "content/posts/hello/body/diagram.png",
        "content/posts/hello/old-notes.txt",
        "content/posts/hello-world.mdoc",
        "content/posts/hello-world/body/diagram.png",
        "public/images/posts/hello/cover.png",
        "public/images/posts/hello-world/cover.png",
        "public/images/posts/stray.png",
        "pages/guides/intro/index.mdx",
        "pages/guides/intro/shot.png",
        "public/pages/guides/intro/shot.png",
        "content/settings.yaml",
        "content/settings/intro.mdoc",
        "content/settings/intro/photo.png",
        "public/brand/logo.svg",
        "content/other.txt",
    ];

    /// Every path the gate gives to an entry (as one of its files, or as lying in its area).
    fn owned_by(config: &Config, data_file: &str) -> Vec<&'static str> {
        PATHS
            .iter()
            .copied()
            .filter(|path| {
                area_owners(config, path)
                    .iter()
                    .any(|e| e.data_file == data_file)
                    || claims(config, path)
                        .iter()
                        .any(|c| c.entry.data_file == data_file)
            })
            .collect()
    }

    fn inside(area: &Area) -> Vec<&'static str> {
        PATHS.iter().copied().filter(|p| area.contains(p)).collect()
    }

    #[test]
    fn a_collection_entrys_area_holds_what_the_gate_gives_it_and_no_other_entry() {
        let config = site();
        let area = collection_area(config.collection("posts").unwrap(), "hello");
        assert_eq!(
            inside(&area),
            vec![
                "content/posts/hello.mdoc",
                "content/posts/hello/summary/text.mdoc",
                "content/posts/hello/body/diagram.png",
                "content/posts/hello/old-notes.txt",
                "public/images/posts/hello/cover.png",
            ]
        );
        assert_eq!(inside(&area), owned_by(&config, &area.data_file));
        let nested = collection_area(config.collection("pages").unwrap(), "guides/intro");
        assert_eq!(inside(&nested), owned_by(&config, &nested.data_file));
    }

    #[test]
    fn a_singletons_area_holds_its_folder_and_its_fields_directories() {
        let config = site();
        let area = singleton_area(config.singleton("settings").unwrap());
        assert_eq!(
            inside(&area),
            vec![
                "content/settings.yaml",
                "content/settings/intro.mdoc",
                "content/settings/intro/photo.png",
                "public/brand/logo.svg",
            ]
        );
        assert_eq!(inside(&area), owned_by(&config, &area.data_file));
    }
}
