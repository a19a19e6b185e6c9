//! The `storage` block of quire.yaml: values that would reach git's command line as options, a
//! repository chosen by the site rather than the operator, and GitHub names that are not names, are
//! refused with their place.

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

fn github(storage: &str) -> content::config::GithubStorage {
    let text = format!("storage:\n{storage}");
    match content::config::parse(&text).expect("valid").storage {
        content::config::StorageKind::Github(github) => github,
        other => panic!("not github: {other:?}"),
    }
}

#[test]
fn a_github_repository_is_named_as_keystatic_names_it() {
    let short = github("  kind: github\n  repo: acme/site.web\n  branchPrefix: quire/\n");
    assert_eq!(
        (short.owner.as_str(), short.name.as_str()),
        ("acme", "site.web")
    );
    assert_eq!(short.branch_prefix.as_deref(), Some("quire/"));
    assert_eq!(short.path_prefix, None);
    let long =
        github("  kind: github\n  repo: { owner: acme, name: site }\n  pathPrefix: /apps/site/\n");
    assert_eq!((long.owner.as_str(), long.name.as_str()), ("acme", "site"));
    assert_eq!(long.path_prefix.as_deref(), Some("apps/site"));
}

#[test]
fn github_names_that_are_not_names_are_refused() {
    assert_eq!(
        problems("  kind: github\n"),
        ["2:3: storage: \"repo\" is missing; write it as owner/name"]
    );
    assert_eq!(
        problems("  kind: github\n  repo: { owner: acme }\n"),
        ["3:9: name is missing"]
    );
    assert_eq!(
        problems("  kind: github\n  repo: { name: site }\n"),
        ["3:9: owner is missing"]
    );
    assert_eq!(
        problems("  kind: github\n  repo: acme\n"),
        ["3:9: storage: \"repo\" must be written as owner/name"]
    );
    // Both parts go into URLs of GitHub's API: nothing that could change the URL's path.
    assert_eq!(
        problems("  kind: github\n  repo: acme/../../user\n"),
        ["3:9: storage: \"../../user\" is not a GitHub repository name"]
    );
    assert_eq!(
        problems("  kind: github\n  repo: '-x?y/site'\n"),
        ["3:9: storage: \"-x?y\" is not a GitHub account name"]
    );
    assert_eq!(
        problems("  kind: github\n  repo: acme/site\n  pathPrefix: a/../b\n"),
        ["4:15: storage: \"pathPrefix\" \"a/../b\" is not a folder of the repository"]
    );
    assert_eq!(
        problems("  kind: github\n  repo: acme/site\n  protected: [main]\n"),
        [
            "4:14: unknown option \"protected\" in storage; expected one of: kind, repo, branchPrefix, pathPrefix, allow"
        ]
    );
}

#[test]
fn who_may_use_a_github_admin_is_named_by_login_or_team() {
    let github = github("  kind: github\n  repo: acme/site\n  allow: [octo, acme/editors]\n");
    assert_eq!(github.allow, ["octo", "acme/editors"]);
    assert_eq!(
        problems("  kind: github\n  repo: acme/site\n  allow: [a/b/c, '-x']\n"),
        [
            "4:10: storage: \"a/b/c\" in allow is neither a GitHub login nor an org/team name",
            "4:10: storage: \"-x\" in allow is neither a GitHub login nor an org/team name"
        ]
    );
}

/// The problems of a config with `storage` and `cloud` as given (each a block of YAML or empty).
fn cloud_problems(storage: &str, cloud: &str) -> Vec<String> {
    problems(&format!("{storage}{cloud}"))
}

#[test]
fn cloud_storage_names_its_project_as_keystatic_does() {
    let text = "storage:\n  kind: cloud\n  branchPrefix: quire/\ncloud:\n  project: acme/site\n";
    let config = content::config::parse(text).expect("valid");
    assert_eq!(
        config.storage,
        content::config::StorageKind::Cloud(content::config::CloudStorage {
            branch_prefix: Some("quire/".into()),
            path_prefix: None,
        })
    );
    let cloud = config.cloud.expect("a cloud");
    assert_eq!(cloud.project, "acme/site");
    assert_eq!(
        cloud.url, "https://api.keystatic.cloud",
        "Keystatic Cloud's by default"
    );
    assert!(!cloud.sign_in_required);

    let text = "cloud:\n  project: acme/site\n  url: https://cloud.example.com/\n  signIn: required\nstorage:\n  kind: git\n";
    let cloud = content::config::parse(text)
        .expect("valid")
        .cloud
        .expect("a cloud");
    assert_eq!(cloud.url, "https://cloud.example.com");
    assert!(cloud.sign_in_required);
}

#[test]
fn cloud_config_that_is_missing_or_wrong_is_said_in_the_specs_words() {
    assert_eq!(
        cloud_problems("  kind: cloud\n", ""),
        [
            "1:1: Missing Keystatic Cloud config: storage kind \"cloud\" needs cloud: { project: team/project }"
        ]
    );
    assert_eq!(
        cloud_problems("  kind: cloud\ncloud:\n  project: acme\n", ""),
        ["4:12: Cloud project id must contain a slash"]
    );
    assert_eq!(
        cloud_problems(
            "  kind: cloud\ncloud:\n  url: https://cloud.example.com\n",
            ""
        ),
        ["4:3: Missing Keystatic Cloud config: cloud.project is missing; write it as team/project"]
    );
    assert_eq!(
        cloud_problems(
            "  kind: cloud\ncloud:\n  project: a/b\n  url: 'javascript:alert(1)'\n",
            ""
        ),
        ["5:8: cloud: \"url\" \"javascript:alert(1)\" is not the http(s) address of a cloud"]
    );
    assert_eq!(
        cloud_problems(
            "  kind: git\ncloud:\n  project: a/b\n  signIn: always\n",
            ""
        ),
        ["5:11: cloud: \"signIn\" is \"required\" or \"optional\", not \"always\""]
    );
    assert_eq!(
        cloud_problems(
            "  kind: github\n  repo: acme/site\ncloud:\n  project: a/b\n  signIn: required\n",
            ""
        ),
        [
            "1:1: cloud: \"signIn: required\" guards local and git storage; on github, people sign in with GitHub"
        ]
    );
}
