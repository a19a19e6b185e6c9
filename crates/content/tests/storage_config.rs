//! The `storage` block of quire.yaml: values that would reach git's command line as options, and a
//! repository chosen by the site rather than the operator, are refused with their place.

fn problems(storage: &str) -> Vec<String> {
    let text = format!(
        "storage:\n{storage}collections:\n  posts:\n    path: posts/*\n    slugField: title\n    schema:\n      title: {{ kind: slug, label: Title }}\n"
    );
    match content::config::parse(&text) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .0
            .iter()
            .map(|e| {
                format!(
                    "{}: {}",
                    e.pos.map(|p| p.to_string()).unwrap_or_default(),
                    e.message
                )
            })
            .collect(),
    }
}

#[test]
fn git_values_may_not_be_options() {
    assert_eq!(
        problems("  kind: git\n  remote: '--receive-pack=touch marker; false'\n"),
        ["3:11: storage: \"remote\" must not start with -"]
    );
    assert_eq!(
        problems("  kind: git\n  defaultBranch: -main\n  branchPrefix: --x/\n"),
        [
            "3:18: storage: \"defaultBranch\" must not start with -",
            "4:17: storage: \"branchPrefix\" must not start with -"
        ]
    );
    assert!(problems("  kind: git\n  remote: origin\n  defaultBranch: main\n").is_empty());
}

#[test]
fn the_repository_is_not_the_sites_to_choose() {
    assert_eq!(
        problems("  kind: git\n  repo: content/posts/x\n"),
        [
            "3:9: storage: \"repo\" is not read from quire.yaml; the repository is the site's root, or the one `quire serve --repo` names"
        ]
    );
}
