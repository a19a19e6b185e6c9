//! Property tests over what reads untrusted input: the YAML reader, the config reader and the gate
//! never panic, and every refusal names a place. A bounded number of cases runs with every test run.

use std::collections::BTreeMap;

use content::gate::{Refusal, check_change_set};
use proptest::prelude::*;

const CASES: u32 = 400;

fn example_config() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/blog/quire.yaml"
    ))
    .expect("the example's quire.yaml")
}

/// Text made of YAML's own punctuation and words, so that the reader goes deep into its grammar.
fn yamlish() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "- ",
        ": ",
        "\n",
        "  ",
        "\t",
        "key",
        "x",
        "'",
        "\"",
        "[",
        "]",
        "{",
        "}",
        ",",
        "&a ",
        "*a",
        "<<: ",
        "!!str ",
        "? ",
        "|",
        ">",
        "#",
        "---\n",
        "...\n",
        "2024-13-45",
        "1e9",
        "~",
        "null",
        "\\",
        "é",
        "\u{feff}",
    ]);
    prop::collection::vec(pieces, 0..80).prop_map(|p| p.concat())
}

/// The example config with a few of its bytes replaced, removed or repeated.
fn mutated_config() -> impl Strategy<Value = String> {
    let text = example_config();
    let len = text.len();
    prop::collection::vec((0..len, 0u8..3, any::<char>()), 1..6).prop_map(move |edits| {
        let mut chars: Vec<char> = text.chars().collect();
        for (at, how, c) in edits {
            let at = at % chars.len().max(1);
            match how {
                0 => chars[at] = c,
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, chars[at]),
            }
        }
        chars.into_iter().collect()
    })
}

/// A path from segments that matter to the gate (the example's folders, `..`, empty ones).
fn path() -> impl Strategy<Value = String> {
    let segment = prop::sample::select(vec![
        "content",
        "posts",
        "authors",
        "public",
        "images",
        "gallery",
        "0",
        "image.png",
        "x.mdoc",
        "ada-palmer.yaml",
        "settings.yaml",
        "..",
        ".",
        "",
        "evil.html",
        "welcome-to-the-journal.mdoc",
        "welcome-to-the-journal",
        "favicon.ico",
        "a\\b",
        "index.yaml",
    ]);
    prop::collection::vec(segment, 1..7).prop_map(|s| s.join("/"))
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        yamlish().prop_map(String::into_bytes),
        prop::collection::vec(any::<u8>(), 0..64),
        Just(b"\x89PNG\r\n\x1a\n".to_vec()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn the_yaml_reader_never_panics(text in yamlish()) {
        let _ = content::yaml::parse(&text);
    }

    #[test]
    fn the_yaml_reader_takes_any_text(text in any::<String>()) {
        let _ = content::yaml::parse(&text);
    }

    #[test]
    fn the_config_reader_never_panics_and_places_its_problems(text in mutated_config()) {
        if let Err(errors) = content::config::parse(&text) {
            prop_assert!(!errors.0.is_empty());
            for error in &errors.0 {
                prop_assert!(!error.message.is_empty());
                prop_assert!(error.pos.is_some(), "{} has no place", error.message);
            }
        }
    }

    #[test]
    fn the_gate_never_panics_and_names_each_refused_path(
        additions in prop::collection::vec((path(), bytes()), 0..4),
        deletions in prop::collection::vec(path(), 0..3),
        stored_entries in prop::collection::vec(path(), 0..3),
    ) {
        let config = content::config::parse(&example_config()).expect("the example's config");
        let stored: BTreeMap<String, String> =
            stored_entries.into_iter().map(|p| (p, "0".repeat(40))).collect();
        let named = |text: &str| {
            additions.iter().map(|(p, _)| p).chain(&deletions).any(|p| text.starts_with(p.as_str()))
        };
        match check_change_set(&config, &additions, &deletions, &stored) {
            Ok(_) => {}
            Err(Refusal::OutOfPlace(files)) => {
                prop_assert!(!files.is_empty());
                for file in files {
                    prop_assert!(named(&file.path), "{}", file.path);
                    prop_assert!(!file.reason.is_empty());
                }
            }
            Err(Refusal::Invalid(problems)) => {
                prop_assert!(!problems.is_empty());
                for problem in problems {
                    prop_assert!(named(&problem), "{problem}");
                }
            }
        }
    }
}
