//! Where an entry's bodies are: the text after the frontmatter (the format's content field) and the
//! files of its other content fields (`<entry folder>/<prop path>.<extension>`, at the top of the
//! schema, inside objects, and inside arrays by index), checked as the admin opens them.

use crate::config::{Config, Field, FieldKind, Step};
use crate::entry::parse_entry_file;
use crate::kinds::conditional::chosen_option;
use crate::paths::{CollectionLayout, FileRole, singleton_dir};
use crate::value::{Node, Value};

use super::check::check_body;
use super::field::{BodyProblem, ContentField, Severity};

/// One body of an entry.
#[derive(Debug, Clone)]
pub struct BodyFile<'a> {
    /// The file, from the site's root.
    pub path: String,
    /// The text, when it is the data file's body; None: the whole file at `path`.
    pub text: Option<String>,
    /// Lines of the file before the body (the frontmatter), so that problems name the file's lines.
    pub line_offset: usize,
    pub field: ContentField<'a>,
}

/// The bodies of the entry whose data file is `data_path` (with `bytes`), as `role` says it is.
/// An entry whose data file does not parse has no bodies to check: it does not open at all.
pub fn entry_bodies<'a>(
    config: &'a Config,
    data_path: &str,
    bytes: &[u8],
    role: &FileRole,
) -> Vec<BodyFile<'a>> {
    let (schema, format, dir) = match role {
        FileRole::CollectionData { collection, slug } => {
            let Some(collection) = config.collection(collection) else {
                return Vec::new();
            };
            (
                &collection.schema,
                &collection.format,
                CollectionLayout::new(collection).entry_dir(slug),
            )
        }
        FileRole::SingletonData { singleton } => {
            let Some(singleton) = config.singleton(singleton) else {
                return Vec::new();
            };
            (
                &singleton.schema,
                &singleton.format,
                singleton_dir(singleton).to_string(),
            )
        }
        FileRole::EntryFile { .. } => return Vec::new(),
    };
    let Ok(file) = parse_entry_file(bytes, format.data, format.content_field.is_some()) else {
        return Vec::new();
    };
    let mut bodies = Vec::new();
    // The content field at the format's path is the text after the frontmatter.
    let body = match (&format.content_field, &file.content) {
        (Some(path), Some(content)) => {
            let before = bytes.len().saturating_sub(content.len());
            let line_offset = bytes[..before].iter().filter(|b| **b == b'\n').count();
            Some((path.as_slice(), content, line_offset))
        }
        _ => None,
    };
    let files = Files {
        dir: &dir,
        data_path,
        body,
    };
    for (key, field) in schema {
        files.field(
            field,
            std::slice::from_ref(key),
            file.data.get(key),
            &mut bodies,
        );
    }
    bodies
}

/// The entry's folder, where content files are named by prop path; the content field at `body`'s
/// path is the data file's text after its frontmatter instead.
struct Files<'d> {
    dir: &'d str,
    data_path: &'d str,
    body: Option<(&'d [String], &'d String, usize)>,
}

impl Files<'_> {
    fn field<'a>(
        &self,
        field: &'a Field,
        path: &[String],
        value: Option<&Node>,
        out: &mut Vec<BodyFile<'a>>,
    ) {
        if let (FieldKind::Content { extension, .. }, Some(content)) =
            (&field.kind, ContentField::of(&field.kind))
        {
            out.push(match self.body {
                Some((body_path, text, line_offset)) if body_path == path => BodyFile {
                    path: self.data_path.to_string(),
                    text: Some(text.clone()),
                    line_offset,
                    field: content,
                },
                _ => BodyFile {
                    path: format!("{}/{}.{extension}", self.dir, path.join("/")),
                    text: None,
                    line_offset: 0,
                    field: content,
                },
            });
        }
        for (step, child) in field.kind.children() {
            for (child_path, child_value) in values_at(step, field, path, value) {
                self.field(child, &child_path, child_value, out);
            }
        }
    }
}

/// Where a field held by `holder` (at `path`, holding `value`) sits, by `step`: its prop path and
/// stored value, once for each item of an array or of a block's kind, for a conditional's field
/// only while it is the chosen one. A field whose value is absent still has its place: its
/// content file is read as empty when missing, as in the admin.
fn values_at<'v>(
    step: Step<'_>,
    holder: &Field,
    path: &[String],
    value: Option<&'v Node>,
) -> Vec<(Vec<String>, Option<&'v Node>)> {
    let at = |parts: &[&str]| {
        let mut at = path.to_vec();
        at.extend(parts.iter().map(|part| part.to_string()));
        at
    };
    let items = || match value.map(|v| &v.value) {
        Some(Value::Array(items)) => items.iter().enumerate().collect(),
        _ => Vec::new(),
    };
    match step {
        Step::Key(key) => vec![(at(&[key]), value.and_then(|v| v.get(key)))],
        Step::Item => items()
            .into_iter()
            .map(|(index, item)| (at(&[&index.to_string()]), Some(item)))
            .collect(),
        Step::Block(kind) => items()
            .into_iter()
            .filter(|(_, item)| {
                item.get("discriminant")
                    .is_some_and(|d| matches!(&d.value, Value::String(s) if s == kind))
            })
            .map(|(index, item)| (at(&[&index.to_string(), "value"]), item.get("value")))
            .collect(),
        Step::When(option) => {
            let FieldKind::Conditional { discriminant, .. } = &holder.kind else {
                return Vec::new();
            };
            let chosen = value.and_then(|v| v.get("discriminant"));
            if chosen_option(discriminant, chosen).as_deref() == Some(option) {
                vec![(at(&["value"]), value.and_then(|v| v.get("value")))]
            } else {
                Vec::new()
            }
        }
    }
}

/// The body problems of one entry, one line each as `quire check` lists them: `path:line: message`
/// (the line in the file), or `path: message` where the admin names no line. `read` gives the bytes
/// of a content file, or None when it does not exist (the field is then empty, as in the admin).
/// The gate can call this for each data file of a change set, reading content files from the
/// change set first.
pub fn check_entry_bodies(
    config: &Config,
    data_path: &str,
    bytes: &[u8],
    role: &FileRole,
    read: &dyn Fn(&str) -> Option<Vec<u8>>,
) -> Vec<ListedProblem> {
    let mut lines = Vec::new();
    for body in entry_bodies(config, data_path, bytes, role) {
        let text = match body.text {
            Some(text) => text,
            None => match read(&body.path) {
                Some(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => text,
                    Err(_) => {
                        lines.push(ListedProblem {
                            text: format!("{}: the file is not UTF-8 text", body.path),
                            severity: Severity::Refused,
                        });
                        continue;
                    }
                },
                None => continue,
            },
        };
        lines.extend(
            check_body(body.field, &text)
                .into_iter()
                .map(|problem| listed(&body.path, body.line_offset, &problem)),
        );
    }
    lines
}

/// A problem of a site's file as a list of them names it (`path:line: message`), with its severity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedProblem {
    pub text: String,
    pub severity: Severity,
}

impl std::fmt::Display for ListedProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

fn listed(path: &str, line_offset: usize, problem: &BodyProblem) -> ListedProblem {
    let text = match problem.line {
        Some(line) => format!("{path}:{}: {}", line + line_offset, problem.message),
        None => format!("{path}: {}", problem.message),
    };
    ListedProblem {
        text,
        severity: problem.severity,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config;

    fn site() -> Config {
        config::parse(
            "collections:\n  posts:\n    path: content/posts/*\n    slugField: title\n    format: { contentField: body }\n    schema:\n      title: { kind: slug, label: Title }\n      body: { kind: markdoc, label: Body }\n  people:\n    path: content/people/*/\n    slugField: name\n    schema:\n      name: { kind: slug, label: Name }\n      bio: { kind: mdx, label: Bio }\n      intro: { kind: object, label: Intro, fields: { summary: { kind: markdoc, label: Summary } } }\n      notes: { kind: array, label: Notes, element: { kind: markdoc, label: Note } }\n",
        )
        .expect("valid config")
    }

    fn role(collection: &str, slug: &str) -> FileRole {
        FileRole::CollectionData {
            collection: collection.into(),
            slug: slug.into(),
        }
    }

    #[test]
    fn a_body_after_frontmatter_is_placed_in_its_file() {
        let config = site();
        let bytes = b"---\ntitle: Hello\n---\nIntro\n\nHi {% foo /%}\n";
        let lines = check_entry_bodies(
            &config,
            "content/posts/hello.mdoc",
            bytes,
            &role("posts", "hello"),
            &|_| None,
        );
        assert_eq!(
            lines,
            [ListedProblem {
                text: "content/posts/hello.mdoc:6: Missing component definition for foo".into(),
                severity: Severity::Refused,
            }]
        );
    }

    #[test]
    fn content_fields_of_their_own_are_files_by_prop_path() {
        let config = site();
        let data = b"name: Ada\nnotes:\n  - null\n  - null\n";
        let paths: Vec<String> = entry_bodies(
            &config,
            "content/people/ada/index.yaml",
            data,
            &role("people", "ada"),
        )
        .into_iter()
        .map(|body| body.path)
        .collect();
        assert_eq!(
            paths,
            [
                "content/people/ada/bio.mdx",
                "content/people/ada/intro/summary.mdoc",
                "content/people/ada/notes/0.mdoc",
                "content/people/ada/notes/1.mdoc",
            ]
        );
        let read =
            |path: &str| (path == "content/people/ada/bio.mdx").then(|| b"Hi <Wave />\n".to_vec());
        let lines = check_entry_bodies(
            &config,
            "content/people/ada/index.yaml",
            data,
            &role("people", "ada"),
            &read,
        );
        assert_eq!(
            lines,
            [ListedProblem {
                text: "content/people/ada/bio.mdx:1: The element \"Wave\" has no component: it is kept as written.".into(),
                severity: Severity::Notice,
            }]
        );
    }

    #[test]
    fn an_entry_whose_data_does_not_parse_has_no_bodies_to_check() {
        let config = site();
        let bytes = b"---\ntitle: [a\n---\nHi {% foo /%}\n";
        assert!(
            entry_bodies(
                &config,
                "content/posts/hello.mdoc",
                bytes,
                &role("posts", "hello")
            )
            .is_empty()
        );
    }

    #[test]
    fn a_content_field_inside_an_object_can_be_the_body_after_the_frontmatter() {
        let config = config::parse(
            "collections:\n  pages:\n    path: content/pages/*\n    slugField: title\n    format: { contentField: [page, body] }\n    schema:\n      title: { kind: slug, label: Title }\n      page:\n        kind: object\n        label: Page\n        fields:\n          lead: { kind: markdoc, label: Lead }\n          body: { kind: markdoc, label: Body }\n",
        )
        .expect("valid config");
        let bytes = b"---\ntitle: Home\npage: {}\n---\nHi {% foo /%}\n";
        let role = role("pages", "home");
        let paths: Vec<(String, bool)> =
            entry_bodies(&config, "content/pages/home.mdoc", bytes, &role)
                .into_iter()
                .map(|body| (body.path, body.text.is_some()))
                .collect();
        assert_eq!(
            paths,
            [
                ("content/pages/home/page/lead.mdoc".to_string(), false),
                ("content/pages/home.mdoc".to_string(), true),
            ],
            "the lead has a file of its own; the body is the data file's text"
        );
        let lines = check_entry_bodies(&config, "content/pages/home.mdoc", bytes, &role, &|_| None);
        assert_eq!(
            lines,
            [ListedProblem {
                text: "content/pages/home.mdoc:5: Missing component definition for foo".into(),
                severity: Severity::Refused,
            }]
        );
    }

    #[test]
    fn content_fields_in_blocks_and_conditionals_are_read_where_their_value_is() {
        let config = config::parse(
            "collections:\n  pages:\n    path: content/pages/*/\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n      sections:\n        kind: blocks\n        label: Sections\n        blocks:\n          prose: { label: Prose, schema: { kind: object, label: Prose, fields: { text: { kind: markdoc, label: Text } } } }\n          quote: { label: Quote, schema: { kind: text, label: Quote } }\n      aside:\n        kind: conditional\n        label: Aside\n        discriminant: { kind: checkbox, label: Has aside }\n        values:\n          'true': { kind: markdoc, label: Aside text }\n          'false': { kind: empty, label: None }\n",
        )
        .expect("valid config");
        let data = b"title: Home\nsections:\n  - discriminant: quote\n    value: Hi\n  - discriminant: prose\n    value: {}\naside:\n  discriminant: true\n";
        let role = role("pages", "home");
        let paths: Vec<String> =
            entry_bodies(&config, "content/pages/home/index.yaml", data, &role)
                .into_iter()
                .map(|body| body.path)
                .collect();
        assert_eq!(
            paths,
            [
                "content/pages/home/sections/1/value/text.mdoc",
                "content/pages/home/aside/value.mdoc",
            ],
            "only the prose block's and the chosen value's bodies"
        );
        let read = |path: &str| {
            (path == "content/pages/home/sections/1/value/text.mdoc")
                .then(|| b"Hi {% foo /%}\n".to_vec())
        };
        let lines =
            check_entry_bodies(&config, "content/pages/home/index.yaml", data, &role, &read);
        assert_eq!(
            lines,
            [ListedProblem {
                text: "content/pages/home/sections/1/value/text.mdoc:1: Missing component definition for foo".into(),
                severity: Severity::Refused,
            }]
        );
    }
}
