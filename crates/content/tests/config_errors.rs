//! Config problems name their line and column and say what is wrong.

use content::config::{Component, FieldKind, parse};

/// The components of the posts' `body` field of a valid config.
fn body_components(text: &str) -> Vec<(String, Component)> {
    let config = parse(text).expect("valid");
    let schema = &config.collection("posts").expect("posts").schema;
    match schema
        .iter()
        .find(|(key, _)| key == "body")
        .map(|(_, f)| &f.kind)
    {
        Some(FieldKind::Content { components, .. }) => components.clone(),
        other => panic!("body is a content field, not {other:?}"),
    }
}

fn component<'c>(components: &'c [(String, Component)], name: &str) -> &'c Component {
    &components.iter().find(|(n, _)| n == name).expect(name).1
}

fn errors(text: &str) -> Vec<String> {
    match parse(text) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .render("quire.yaml")
            .lines()
            .map(String::from)
            .collect(),
    }
}

const POSTS: &str = "collections:\n  posts:\n    path: posts/*\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n";

#[test]
fn a_valid_config_has_no_problems() {
    assert_eq!(errors(POSTS), Vec::<String>::new());
}

#[test]
fn syntax_errors_have_positions() {
    assert_eq!(
        errors("collections:\n  posts: [\n"),
        ["quire.yaml:3:1: while parsing a node, did not find expected node content"]
    );
}

#[test]
fn paths_outside_the_site_are_refused_where_they_are_written() {
    let text = POSTS.replace("posts/*", "../outside/*")
        + "  system:\n    path: /etc/*\n    slugField: title\n    schema:\n      title: { kind: slug, label: Title }\n"
        + "singletons:\n  home:\n    path: pages/../../home/\n    schema: {}\n"
        + "  about:\n    path: ./pages/about/\n    schema: {}\n";
    assert_eq!(
        errors(&text),
        [
            "quire.yaml:3:11: collection \"posts\": path \"../outside/*\" is not inside the site: write it relative to the site's root, without .. segments",
            "quire.yaml:14:11: singleton \"home\": path \"pages/../../home/\" is not inside the site: write it relative to the site's root, without .. segments",
        ]
    );
    // A path that looks absolute is the site's folder, as Keystatic reads it, and says so.
    let text = POSTS.replace("posts/*", "/etc/*");
    let config = content::config::parse(&text).expect("valid");
    assert_eq!(
        content::config::notes(&config),
        [
            "collection \"posts\": path \"/etc/*\" is read inside the site, as \"etc/*\" (Keystatic drops the leading /)"
        ]
    );
}

#[test]
fn collection_paths_need_a_glob_and_singletons_none() {
    let text = POSTS.replace("posts/*", "posts")
        + "singletons:\n  home:\n    path: pages/*\n    schema: {}\n";
    assert_eq!(
        errors(&text),
        [
            "quire.yaml:3:11: collection \"posts\": path \"posts\" must end with /* or /** or include /*/ or /**/",
            "quire.yaml:9:11: singleton \"home\": path \"pages/*\" cannot include *",
        ]
    );
}

#[test]
fn slug_field_must_name_a_slug_field_or_a_text_field() {
    // Keystatic serves a text slugField (its value is the file name): so does Quire.
    let text = POSTS.replace(
        "{ kind: slug, label: Title }",
        "{ kind: text, label: Title }",
    );
    assert_eq!(errors(&text), Vec::<String>::new());
    let text = POSTS.replace(
        "{ kind: slug, label: Title }",
        "{ kind: integer, label: Title }",
    );
    assert_eq!(
        errors(&text),
        [
            "quire.yaml:4:16: collection \"posts\": slugField is a not a slug field (\"title\" is integer)"
        ]
    );
    let text = POSTS.replace("slugField: title", "slugField: name");
    assert_eq!(
        errors(&text),
        ["quire.yaml:4:16: collection \"posts\": slugField \"name\" is not a field of its schema"]
    );
}

#[test]
fn unknown_navigation_keys_kinds_and_options_are_named() {
    let text = format!(
        "{POSTS}      body: {{ kind: richtext }}\n      n: {{ kind: integer, label: N, max: 3 }}\nui:\n  navigation: [posts, '---', pages]\n"
    );
    assert_eq!(
        errors(&text),
        [
            "quire.yaml:7:21: collection \"posts\" field \"body\": unknown field kind \"richtext\"",
            "quire.yaml:8:42: unknown option \"max\" in collection \"posts\" field \"n\"; expected one of: kind, label, description, defaultValue, validation",
            "quire.yaml:10:30: Unknown navigation key \"pages\"",
        ]
    );
}

#[test]
fn select_defaults_must_be_an_option_and_patterns_must_compile() {
    let text = format!(
        "{POSTS}      kind:\n        kind: select\n        label: Kind\n        options: [{{ label: A, value: a }}]\n        defaultValue: b\n      code:\n        kind: text\n        label: Code\n        validation: {{ pattern: {{ regex: '(' }} }}\n"
    );
    let found = errors(&text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with(
            "quire.yaml:11:23: collection \"posts\" field \"kind\": a defaultValue of \"b\""
        ),
        "{}",
        found[0]
    );
    assert!(found[1].starts_with("quire.yaml:15:41: collection \"posts\" field \"code\": pattern.regex is not a valid regular expression: unclosed group"), "{}", found[1]);
}

#[test]
fn unknown_storage_kinds_are_refused() {
    assert_eq!(
        errors("storage:\n  kind: gitlab\n"),
        [
            "quire.yaml:2:9: storage kind \"gitlab\" is not supported; use \"local\", \"git\", \"github\" or \"cloud\""
        ]
    );
}

#[test]
fn content_field_is_a_key_or_a_path_through_objects_and_conditional_values() {
    let config = |format: &str| {
        format!(
            "collections:\n  pages:\n    path: pages/*\n    slugField: title\n    format: {{ contentField: {format} }}\n    schema:\n      title: {{ kind: slug, label: Title }}\n      page: {{ kind: object, label: Page, fields: {{ body: {{ kind: markdoc, label: Body }}, note: {{ kind: text, label: Note }} }} }}\n      aside:\n        kind: conditional\n        label: Aside\n        discriminant: {{ kind: checkbox, label: On }}\n        values: {{ 'true': {{ kind: markdoc, label: Text }}, 'false': {{ kind: empty, label: None }} }}\n"
        )
    };
    let read = parse(&config("[page, body]")).expect("a path through an object");
    let pages = read.collection("pages").expect("pages");
    assert_eq!(
        pages.format.content_field,
        Some(vec!["page".to_string(), "body".to_string()])
    );
    assert_eq!(
        content::paths::data_extension(&pages.format, &pages.schema),
        "mdoc"
    );
    // A body kept as it is: its extension names the data file.
    let kept = parse("singletons:\n  legal:\n    path: legal\n    format: { contentField: body }\n    schema:\n      body: { kind: emptyContent, extension: mdx }\n")
        .expect("emptyContent as the content field");
    let legal = kept.singleton("legal").expect("legal");
    assert_eq!(
        content::paths::data_extension(&legal.format, &legal.schema),
        "mdx"
    );
    assert_eq!(
        errors(
            "singletons:\n  legal:\n    path: legal\n    format: { contentField: body }\n    schema:\n      body: { kind: emptyContent, extension: txt }\n"
        ),
        ["quire.yaml:6:46: singleton \"legal\" field \"body\": extension must be mdoc, md or mdx"]
    );
    assert_eq!(
        errors(&config("[page, note]")),
        [
            "quire.yaml:3:5: collection \"pages\": contentField \"page.note\" must be a markdoc, mdx or emptyContent field"
        ]
    );
    assert_eq!(
        errors(&config("[page, gone]")),
        [
            "quire.yaml:3:5: collection \"pages\": contentField \"page.gone\" names \"gone\", which \"page\" does not hold"
        ]
    );
    // Through a conditional's value, every choice holds content of one extension there.
    assert_eq!(
        errors(&config("[aside, value]")),
        [
            "quire.yaml:3:5: collection \"pages\": contentField \"aside.value\" must be a markdoc, mdx or emptyContent field (in the choice \"false\" of \"aside\")"
        ]
    );
    assert_eq!(
        errors(&config("[aside, discriminant]")),
        [
            "quire.yaml:3:5: collection \"pages\": contentField \"aside.discriminant\" names \"discriminant\" after \"aside\", a conditional field, which only its \"value\" may follow"
        ]
    );
    assert_eq!(
        errors(&config("[page, note, more]")),
        [
            "quire.yaml:3:5: collection \"pages\": contentField \"page.note.more\" passes through \"page.note\", a text field; a contentField passes only through objects and a conditional's value"
        ]
    );
    let choices = |second: &str| {
        format!(
            "collections:\n  pages:\n    path: pages/*\n    slugField: title\n    format: {{ contentField: [aside, value] }}\n    schema:\n      title: {{ kind: slug, label: Title }}\n      aside:\n        kind: conditional\n        label: Aside\n        discriminant: {{ kind: select, label: Kind, options: [{{ label: Note, value: note }}, {{ label: Story, value: story }}], defaultValue: note }}\n        values: {{ note: {{ kind: markdoc, label: Note }}, story: {second} }}\n"
        )
    };
    let read =
        parse(&choices("{ kind: markdoc, label: Story }")).expect("every choice holds markdoc");
    let pages = read.collection("pages").expect("pages");
    assert_eq!(
        content::paths::data_extension(&pages.format, &pages.schema),
        "mdoc"
    );
    assert_eq!(
        errors(&choices("{ kind: mdx, label: Story }")),
        [
            "quire.yaml:3:5: collection \"pages\": contentField \"aside.value\" holds content of two extensions in the choices of \"aside\" (.mdoc and .mdx)"
        ]
    );
    assert_eq!(
        errors(&config("[]")),
        [
            "quire.yaml:5:29: collection \"pages\": contentField must be a field's key or a list of keys (a path through objects and conditionals' values)"
        ]
    );
}

#[test]
fn locale_is_one_of_the_admins_and_a_near_miss_is_named() {
    assert_eq!(
        parse("locale: de-DE\n").map(|c| c.locale).ok(),
        Some(Some("de-DE".to_string()))
    );
    assert_eq!(parse(POSTS).map(|c| c.locale).ok(), Some(None));
    assert_eq!(
        errors("locale: pt\n"),
        ["quire.yaml:1:9: locale: \"pt\" is not one of the admin's locales; use pt-BR or pt-PT"]
    );
    let unknown = errors("locale: tlh-QO\n");
    assert_eq!(unknown.len(), 1);
    assert!(
        unknown[0].starts_with(
            "quire.yaml:1:9: locale: \"tlh-QO\" is not one of the admin's locales; use one of ar-AE, bg-BG,"
        ),
        "{unknown:?}"
    );
}

/// A config whose posts have a `kind` body field, up to its `components:` key.
fn components_of(kind: &str) -> String {
    format!("{POSTS}      body:\n        kind: {kind}\n        label: Body\n        components:\n")
}

#[test]
fn content_components_are_read_and_checked() {
    let base = &components_of("markdoc");
    let good = format!(
        "{base}          aside: {{ kind: wrapper, label: Aside, schema: {{ icon: {{ kind: text, label: Icon }} }} }}\n          layout: {{ kind: repeating, label: Layout, children: [area], validation: {{ children: {{ min: 2, max: 2 }} }} }}\n          area: {{ kind: wrapper, label: Area, forSpecificLocations: true }}\n"
    );
    assert_eq!(errors(&good), Vec::<String>::new());
    let components = body_components(&good);
    assert_eq!(
        component(&components, "layout").children_length.max,
        Some(2)
    );
    assert!(component(&components, "area").for_specific_locations);
    assert!(!component(&components, "aside").toolbar);
    let on_toolbar = good.replace(
        "kind: wrapper, label: Aside,",
        "kind: wrapper, label: Aside, toolbar: true,",
    );
    assert!(component(&body_components(&on_toolbar), "aside").toolbar);
    let inline = format!("{base}          kbd: {{ kind: inline, label: Key, toolbar: true }}\n");
    assert!(
        errors(&inline)
            .iter()
            .any(|e| e.contains("toolbar is for blocks, wrappers and repeating components")),
        "{:?}",
        errors(&inline)
    );
    let bad = format!(
        "{base}          aside: {{ kind: sidebar }}\n          layout: {{ kind: repeating, children: [nope] }}\n"
    );
    let found = errors(&bad);
    assert!(
        found.iter().any(|e| e.contains(
            "kind \"sidebar\" is not one of block, wrapper, inline, repeating, mark, cloudImage"
        )),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|e| e.contains("has children \"nope\", which is not a component of this field")),
        "{found:?}"
    );
    assert!(
        !errors(&format!("{base}          - aside\n")).is_empty(),
        "a list of names is not enough"
    );
}

#[test]
fn a_cloud_image_block_brings_keystatics_props_and_takes_none_of_its_own() {
    let base = &components_of("markdoc");
    let good = format!("{base}          cloud-image: {{ kind: cloudImage, label: Cloud image }}\n");
    assert_eq!(errors(&good), Vec::<String>::new());
    let components = body_components(&good);
    let block = component(&components, "cloud-image");
    assert!(block.cloud_image && block.toolbar, "{block:?}");
    assert_eq!(block.kind, content::config::ComponentKind::Block);
    let props: Vec<(&str, &str)> = block
        .schema
        .iter()
        .map(|(key, field)| (key.as_str(), field.label.as_str()))
        .collect();
    assert_eq!(
        props,
        [
            ("src", "URL"),
            ("alt", "Alt text"),
            ("height", "Height"),
            ("width", "Width")
        ]
    );
    let off_toolbar = good.replace("label: Cloud image", "label: Cloud image, toolbar: false");
    assert!(!component(&body_components(&off_toolbar), "cloud-image").toolbar);
    let with_schema = good.replace(
        "label: Cloud image",
        "label: Cloud image, schema: { caption: { kind: text, label: Caption } }",
    );
    assert_eq!(
        errors(&with_schema),
        [
            "quire.yaml:11:72: collection \"posts\" field \"body\" component \"cloud-image\": a cloud image's props are its own (src, alt, height, width); leave out schema"
        ]
    );
}

#[test]
fn a_mark_may_name_the_element_and_class_it_shows_as() {
    let base = &components_of("mdx");
    let good = format!(
        "{base}          StyledSpan: {{ kind: mark, label: Styled text, tag: span, className: highlight, schema: {{ className: {{ kind: text, label: Class name }} }} }}\n"
    );
    assert_eq!(errors(&good), Vec::<String>::new());
    let components = body_components(&good);
    let mark = component(&components, "StyledSpan");
    assert_eq!(
        (mark.tag.as_deref(), mark.class_name.as_deref()),
        (Some("span"), Some("highlight"))
    );
    let found = errors(&format!(
        "{base}          Evil: {{ kind: mark, tag: script }}\n          Box: {{ kind: wrapper, tag: span }}\n"
    ));
    assert!(
        found
            .iter()
            .any(|e| e.contains("component \"Evil\": tag \"script\" is not one of span, mark")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|e| e.contains("component \"Box\": tag, className and style are for marks")),
        "{found:?}"
    );
}

#[test]
fn a_mark_may_name_the_style_it_shows_with_and_nothing_else() {
    let base = &components_of("mdx");
    let good = format!(
        "{base}          Highlight: {{ kind: mark, label: Highlight, style: {{ backgroundColor: yellow, font-weight: 700 }} }}\n"
    );
    assert_eq!(errors(&good), Vec::<String>::new());
    let components = body_components(&good);
    assert_eq!(
        component(&components, "Highlight").style,
        [
            ("background-color".to_string(), "yellow".to_string()),
            ("font-weight".to_string(), "700".to_string())
        ]
    );
    let found = errors(&format!(
        "{base}          Sneaky: {{ kind: mark, style: {{ color: 'red; position: fixed' }} }}\n          Odd: {{ kind: mark, style: {{ 'x:y': red }} }}\n          Box: {{ kind: block, style: {{ color: red }} }}\n"
    ));
    assert_eq!(
        found
            .iter()
            .filter(|e| e.contains("must be a CSS property (letters and -) with a plain value"))
            .count(),
        2,
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|e| e.contains("component \"Box\": tag, className and style are for marks")),
        "{found:?}"
    );
}

#[test]
fn a_slug_sort_needs_a_pattern_with_a_group_and_a_known_kind() {
    let with = |sort: &str| {
        POSTS.replace(
            "    slugField: title\n",
            &format!("    slugField: title\n    slugSort: {sort}\n"),
        )
    };
    assert_eq!(
        errors(&with("{ pattern: '^(\\d+)-', as: number }")),
        Vec::<String>::new()
    );
    assert_eq!(
        errors(&with("{ pattern: '^[0-9]+' }")),
        [
            "quire.yaml:5:26: collection \"posts\": slugSort: pattern \"^[0-9]+\" needs a group, (…), around the sort key"
        ]
    );
    let found = errors(&with("{ pattern: '(', as: date }"));
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        errors(&with("{ as: text }")),
        ["quire.yaml:5:15: collection \"posts\": slugSort: pattern is required"]
    );
}

#[test]
fn keystatics_shorthands_and_options_quire_draws_its_own_way_are_taken() {
    let base = &components_of("markdoc");
    // One child tag as a string; marks shown as `a` or `big`.
    let text = format!(
        "{base}          layout: {{ kind: repeating, label: Layout, children: area }}\n          area: {{ kind: wrapper, label: Area, forSpecificLocations: true }}\n          anchor: {{ kind: mark, label: Anchor, tag: a }}\n          loud: {{ kind: mark, label: Loud, tag: big }}\n"
    );
    assert_eq!(errors(&text), Vec::<String>::new());
    assert_eq!(
        component(&body_components(&text), "layout").children,
        ["area"]
    );
    // Heading levels as true or false in a markdoc field's options.
    let options = |levels: &str| {
        format!(
            "{POSTS}      body:\n        kind: markdoc\n        label: Body\n        options: {{ heading: {{ levels: {levels}, schema: {{ anchor: {{ kind: text, label: Anchor }} }} }} }}\n"
        )
    };
    assert_eq!(errors(&options("true")), Vec::<String>::new());
    assert_eq!(errors(&options("false")), Vec::<String>::new());
    // An array's asChildTag outside a component block has no effect, as in Keystatic.
    let array = format!(
        "{POSTS}      tags: {{ kind: array, label: Tags, asChildTag: tag, element: {{ kind: text, label: Tag }} }}\n"
    );
    assert_eq!(errors(&array), Vec::<String>::new());
    // A chromeless block and a child edited in a modal are drawn Quire's way.
    let blocks = format!(
        "{POSTS}      body:\n        kind: document\n        label: Body\n        componentBlocks:\n          quote: {{ label: Quote, chromeless: true, schema: {{ content: {{ kind: child, content: block, editIn: modal, label: Quote }} }} }}\n"
    );
    assert_eq!(errors(&blocks), Vec::<String>::new());
}
