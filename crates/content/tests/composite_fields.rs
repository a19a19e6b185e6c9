//! Lists, objects, conditionals and references: nested problems are reported at dotted paths.

use content::config;
use content::entry::parse_entry_file;
use content::validate::{EntryContext, validate_entry};

const SCHEMA: &str = r#"
singletons:
  page:
    path: page
    schema:
      tags:
        kind: multiselect
        label: Tags
        options: [{ label: A, value: a }, { label: B, value: b }]
      gallery:
        kind: array
        label: Gallery
        itemLabel: caption
        validation: { length: { max: 2 } }
        element:
          kind: object
          fields:
            image: { kind: image, label: Photo, directory: public/gallery, validation: { isRequired: true } }
            caption: { kind: text, label: Caption, validation: { length: { min: 1 } } }
      cta:
        kind: conditional
        label: Call to action
        discriminant: { kind: checkbox, label: Show }
        values:
          'true': { kind: object, fields: { href: { kind: url, label: Link, validation: { isRequired: true } } } }
          'false': { kind: empty }
      builder:
        kind: blocks
        label: Builder
        validation: { length: { min: 1 } }
        blocks:
          quote: { label: Quote, schema: { kind: object, fields: { text: { kind: text, label: Text } } } }
      cover: { kind: cloudImage, label: Cover, validation: { isRequired: true } }
      related: { kind: multiRelationship, label: Related, collection: posts, validation: { length: { max: 1 } } }
      legacy: { kind: ignored }
collections:
  posts:
    path: posts/*
    slugField: title
    schema:
      title: { kind: slug, label: Title }
"#;

fn problems(data: &str) -> Vec<String> {
    let config = config::parse(SCHEMA).unwrap_or_else(|e| panic!("{}", e.render("schema")));
    let schema = &config.singleton("page").expect("page").schema;
    let file = parse_entry_file(data.as_bytes(), config::DataFormat::Yaml, false).expect("parses");
    validate_entry(schema, &file.data, EntryContext { slug: None })
        .into_iter()
        .map(|p| format!("{}: {}", p.field, p.message))
        .collect()
}

const VALID: &str = "tags: [a]\ngallery:\n  - image: /g/1.png\n    caption: One\ncta:\n  discriminant: true\n  value:\n    href: https://example.com\nbuilder:\n  - discriminant: quote\n    value:\n      text: Hi\ncover:\n  src: https://example.com/c.png\n  alt: Cover\n  width: 10\n  height: 10\nrelated: [a]\nlegacy: { anything: [1, 2] }\n";

#[test]
fn a_valid_page_has_no_problems() {
    assert_eq!(problems(VALID), Vec::<String>::new());
}

#[test]
fn nested_problems_name_their_paths() {
    let data = VALID
        .replace("tags: [a]", "tags: [a, c]")
        .replace(
            "    caption: One\n",
            "    caption: ''\n  - caption: Two\n  - image: x\n    caption: Three\n",
        )
        .replace("href: https://example.com", "href: not a url")
        .replace("discriminant: quote", "discriminant: video")
        .replace("  width: 10\n", "  width: wide\n")
        .replace("related: [a]", "related: [a, b]");
    assert_eq!(
        problems(&data),
        [
            "tags.1: Must be a valid option",
            "gallery: Must have at most 2 item(s).",
            "cta.value.href: Link is not a valid URL",
            "builder.0.discriminant: Must be a valid option",
            "cover.width: Must be a number",
            "related: Must have at most 1 item(s).",
        ]
    );
}

#[test]
fn within_a_field_the_first_problem_is_shown() {
    let data = VALID.replace("    caption: One\n", "    caption: ''\n  - caption: Two\n");
    assert_eq!(
        problems(&data),
        ["gallery.0.caption: Caption must not be empty"]
    );
    let data = VALID.replace("    caption: One\n", "    caption: ''\n  - caption: [2]\n");
    assert_eq!(
        problems(&data),
        ["gallery.1.caption: Must be a string"],
        "a value that cannot be read comes first"
    );
    let data = VALID.replace("    caption: One\n", "    caption: ''\n  - caption: 2\n");
    assert_eq!(
        problems(&data),
        ["gallery.0.caption: Caption must not be empty"],
        "a scalar the field cannot hold is kept and shown in the form, in its turn"
    );
}

#[test]
fn shapes_are_checked() {
    assert_eq!(
        problems(
            "gallery: {}\ncta: { discriminant: false, value: null, extra: 1 }\nbuilder: []\ncover: { src: '' }\n"
        ),
        [
            "gallery: Must be an array",
            "cta: Key on object value \"extra\" is not allowed",
            "builder: Must have at least 1 item(s).",
            "cover: Image URL is required.",
        ]
    );
    assert_eq!(
        problems(&VALID.replace("tags: [a]", "tags: a")),
        ["tags: Must be an array"]
    );
    assert_eq!(
        problems(&VALID.replace("related: [a]", "related: [a, 3]")),
        ["related.1: Must be a string"],
        "an item at fault is named by its index"
    );
    assert_eq!(
        problems(&VALID.replace("  discriminant: true\n", "")),
        ["cta.discriminant: Show is required"],
        "a value without its discriminant belongs to no known branch"
    );
    assert_eq!(
        problems(&VALID.replace("  discriminant: true\n", "  discriminant: 'yes'\n")),
        ["cta.discriminant: Must be a boolean"]
    );
}

#[test]
fn config_checks_composite_kinds() {
    let broken = SCHEMA
        .replace("collection: posts", "collection: articles")
        .replace("'false': { kind: empty }", "'maybe': { kind: empty }")
        .replace(
            "fields: { text: { kind: text, label: Text } }",
            "fields: { text: { kind: text, label: Text } }, layout: [6, 7]",
        );
    let errors = config::parse(&broken)
        .expect_err("broken config")
        .render("quire.yaml");
    for expected in [
        "values needs a field for \"false\"",
        "values has \"maybe\", which the discriminant cannot take",
        "A column span is required for every field in the layout",
        "there is no collection \"articles\"",
    ] {
        assert!(
            errors.contains(expected),
            "{expected} missing from:\n{errors}"
        );
    }
}
