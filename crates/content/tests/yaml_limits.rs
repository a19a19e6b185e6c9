//! What a small YAML file may cost the reader: nesting, alias expansion and key checks are bounded,
//! and every refusal says what and where.

use content::value::Value;
use content::yaml::{MAX_ALIASED_VALUES, MAX_DEPTH, parse};
use proptest::prelude::*;

/// `role:` nested `depth` block lists deep, as in a 6 KB file that once overflowed the stack.
fn nested_lists(depth: usize) -> String {
    format!("name: x\nrole:\n  {}x\n", "- ".repeat(depth))
}

/// Anchors of `fan_out` aliases to the level below, `levels` deep ("billion laughs").
fn laughs(levels: usize, fan_out: usize) -> String {
    let mut text = String::from("l0: &l0 lol\n");
    for level in 1..=levels {
        let aliases = vec![format!("*l{}", level - 1); fan_out].join(", ");
        text += &format!("l{level}: &l{level} [{aliases}]\n");
    }
    text
}

#[test]
fn thousands_of_nested_lists_are_refused_not_followed_down() {
    let err = parse(&nested_lists(3000)).expect_err("too deep");
    assert_eq!(
        err.message,
        format!("collections nest more than {MAX_DEPTH} levels deep")
    );
    assert_eq!(err.pos.line, 3);
    assert!(parse(&nested_lists(MAX_DEPTH - 2)).is_ok(), "deep is fine");
}

#[test]
fn aliases_may_not_expand_a_small_file_into_a_huge_one() {
    let text = laughs(8, 10);
    assert!(text.len() < 600, "a small file");
    let err = parse(&text).expect_err("a billion laughs");
    assert_eq!(
        err.message,
        format!("aliases copy more than {MAX_ALIASED_VALUES} values; write the values out instead")
    );
    let small = parse(&laughs(3, 10)).expect("a thousand values are fine");
    assert!(
        matches!(small.get("l3").map(|n| &n.value), Some(Value::Array(items)) if items.len() == 10)
    );
}

#[test]
fn a_mapping_of_many_keys_is_read_in_one_pass() {
    // Checking each key against all earlier ones took half a minute at 80,000 keys.
    let text: String = (0..300_000).map(|i| format!("k{i}: {i}\n")).collect();
    let node = parse(&text).expect("valid");
    assert!(matches!(&node.value, Value::Object(entries) if entries.len() == 300_000));
    let duplicate = format!("{text}k7: again\n");
    assert_eq!(
        parse(&duplicate).expect_err("duplicate").to_string(),
        "300001:1: duplicated mapping key"
    );
}

#[test]
fn merged_keys_give_way_to_the_mappings_own() {
    let node = parse("base: &b { a: 1, b: 2 }\nthis:\n  <<: *b\n  a: 3\n").expect("valid");
    let this = node.get("this").expect("this");
    assert_eq!(this.get("a").map(|n| &n.value), Some(&Value::Number(3.0)));
    assert_eq!(this.get("b").map(|n| &n.value), Some(&Value::Number(2.0)));
    assert!(parse("base: &b { a: 1 }\nthis:\n  <<: *b\n  a: 3\n  a: 4\n").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn nesting_of_any_depth_is_read_or_refused(depth in 0usize..5000, flow in any::<bool>()) {
        let text = if flow {
            format!("a: {}x{}\n", "[".repeat(depth), "]".repeat(depth))
        } else {
            nested_lists(depth)
        };
        if let Err(err) = parse(&text) {
            prop_assert!(depth > MAX_DEPTH - 2, "{depth}: {}", err.message);
        }
    }

    #[test]
    fn alias_bombs_of_any_shape_are_read_or_refused(levels in 1usize..12, fan_out in 1usize..12) {
        let expanded: usize = (0..=levels).map(|l| fan_out.pow(l as u32)).sum();
        match parse(&laughs(levels, fan_out)) {
            Ok(_) => prop_assert!(expanded <= 4 * MAX_ALIASED_VALUES),
            Err(err) => prop_assert!(err.message.starts_with("aliases copy more than")),
        }
    }
}

#[test]
fn merged_keys_are_overridden_in_one_pass() {
    // Each own key overriding a merged one was looked up from the start: quadratic.
    let keys = 200_000;
    let merged: Vec<String> = (0..keys).map(|i| format!("k{i}: 0")).collect();
    let own: String = (0..keys).map(|i| format!("k{i}: 1\n")).collect();
    let text = format!("<<: {{{}}}\n{own}", merged.join(", "));
    let node = parse(&text).expect("valid");
    assert_eq!(node.get("k7").map(|n| &n.value), Some(&Value::Number(1.0)));
}

#[test]
fn nested_anchors_count_as_copies_and_aliases_as_depth() {
    // Each anchor keeps a copy of all it holds: nested anchors once multiplied a file's size.
    let items = vec!["x"; 5_000].join(",");
    let mut text = format!("[{items}]");
    for level in 0..40 {
        text = format!("&a{level} [{text}]");
    }
    let err = parse(&format!("extra: {text}\n")).expect_err("copies");
    assert!(
        err.message.starts_with("aliases copy more than"),
        "{}",
        err.message
    );
    // An alias of a deep value counts its depth where it is used.
    let deep = format!("{}x{}", "[".repeat(150), "]".repeat(150));
    let err = parse(&format!("a: &d {deep}\nb: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*d]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"))
        .expect_err("too deep");
    assert_eq!(
        err.message,
        format!("collections nest more than {MAX_DEPTH} levels deep")
    );
}
