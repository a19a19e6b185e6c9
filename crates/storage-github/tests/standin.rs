//! The github backend against the GitHub stand-in (a real git repository behind GitHub's API):
//! the storage conformance suite, signing in, GitHub's refusals as typed errors, branches and pull
//! requests, and caches that never serve someone GitHub has not just shown may read.

use std::sync::Arc;

use storage::{
    Accounts, AuthError, Branching, ChangeSet, EntryKind, Error, Hosting, Storage, blob_sha,
};
use storage_github::{Endpoints, Github, Repository};
use test_support::github_standin::{Permission, PullRequestState, Standin, StandinOptions};

const CLIENT_ID: &str = "Iv1.quire";
const CLIENT_SECRET: &str = "app-secret";

/// A repository on the stand-in with one commit, and the app in front of it.
struct Remote {
    standin: Standin,
    github: Github,
    dir: tempfile::TempDir,
}

fn remote(files: &[(&str, &str)], path_prefix: Option<&str>) -> Remote {
    let dir = tempfile::tempdir().expect("temp dir");
    let git = |args: &[&str]| test_support::git(dir.path(), args);
    git(&["init", "-q", "-b", "main"]);
    std::fs::write(dir.path().join("README.md"), "the repository's own file\n").unwrap();
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "first"]);
    let standin = Standin::spawn(StandinOptions {
        repo: dir.path().to_path_buf(),
        owner: "acme".into(),
        name: "site".into(),
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.into(),
    });
    let github = Github::new(
        Endpoints {
            web: standin.url().to_string(),
            api: standin.api_url(),
        },
        CLIENT_ID.into(),
        CLIENT_SECRET.into(),
        Repository {
            owner: "acme".into(),
            name: "site".into(),
            path_prefix: path_prefix.map(String::from),
        },
    );
    Remote {
        standin,
        github,
        dir,
    }
}

impl Remote {
    fn as_user(&self, login: &str, permission: Permission) -> Arc<dyn Storage> {
        self.standin.add_user(login, login, permission);
        self.github.storage(&self.standin.access_token_for(login))
    }

    fn git(&self, args: &[&str]) -> String {
        test_support::git(self.dir.path(), args)
    }
}

fn add(path: &str, text: &str) -> (String, Vec<u8>) {
    (path.to_string(), text.as_bytes().to_vec())
}

fn write(
    storage: &dyn Storage,
    branch: Option<&str>,
    files: &[(&str, &str)],
) -> Result<storage::Committed, Error> {
    storage.commit(
        branch,
        &ChangeSet {
            additions: files.iter().map(|(p, t)| add(p, t)).collect(),
            message: "Update content".into(),
            ..ChangeSet::default()
        },
    )
}

fn branching(storage: &dyn Storage) -> &dyn Branching {
    storage.branching().expect("GitHub has branches")
}

fn hosting(storage: &dyn Storage) -> &dyn Hosting {
    storage.hosting().expect("GitHub hosts the repository")
}

#[test]
fn github_storage_conforms() {
    storage::conformance::run_all(&|| {
        let remote = remote(&[], None);
        let storage = remote.as_user("octo", Permission::Write);
        Box::new(storage::conformance::Holding(storage, remote))
    });
}

#[test]
fn a_save_is_one_commit_on_github_as_the_person_signed_in() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    let storage = remote.as_user("octo", Permission::Write);
    let before = storage.head(None).unwrap().unwrap();
    let committed = storage
        .commit(
            None,
            &ChangeSet {
                additions: vec![
                    add("posts/a.yaml", "title: A\n"),
                    add("posts/b.yaml", "title: B\n"),
                ],
                expected: vec![("posts/a.yaml".into(), Some(blob_sha(b"title: A\n")))],
                expected_head: Some(before.clone()),
                message: "Update posts/b".into(),
                ..ChangeSet::default()
            },
        )
        .unwrap();
    let head = committed.head.unwrap();
    assert_eq!(remote.git(&["rev-parse", "main"]).trim(), head);
    assert_eq!(remote.git(&["rev-parse", "main~1"]).trim(), before);
    assert_eq!(
        remote
            .git(&["log", "-1", "--format=%s <%ae>", "main"])
            .trim(),
        "Update posts/b <octo@users.noreply.github.com>"
    );
    // The unchanged file was not sent: the commit touches b alone.
    assert_eq!(
        remote
            .git(&["diff", "--name-only", "main~1", "main"])
            .trim(),
        "posts/b.yaml"
    );
    // The next request sees it.
    let next = remote
        .github
        .storage(&remote.standin.access_token_for("octo"));
    assert_eq!(
        next.read(None, "posts/b.yaml").unwrap().as_deref(),
        Some(&b"title: B\n"[..])
    );
}

#[test]
fn githubs_refusals_are_typed() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    // Someone else's commit moved the branch since this person read it.
    let storage = remote.as_user("octo", Permission::Write);
    let head = storage.head(None).unwrap().unwrap();
    write(
        remote.as_user("hubot", Permission::Write).as_ref(),
        None,
        &[("posts/z.yaml", "z")],
    )
    .unwrap();
    let stale = storage.commit(
        None,
        &ChangeSet {
            additions: vec![add("posts/a.yaml", "mine")],
            expected_head: Some(head),
            ..ChangeSet::default()
        },
    );
    assert!(matches!(stale, Err(Error::Conflict(_))), "{stale:?}");

    remote.standin.protect("main");
    let protected = write(
        remote.as_user("octo", Permission::Write).as_ref(),
        None,
        &[("posts/a.yaml", "x")],
    );
    assert!(
        matches!(protected, Err(Error::Protected(ref b)) if b == "main"),
        "{protected:?}"
    );

    let reader = write(
        remote.as_user("reader", Permission::Read).as_ref(),
        Some("main"),
        &[("posts/a.yaml", "x")],
    );
    assert!(matches!(reader, Err(Error::Forbidden(_))), "{reader:?}");

    remote.standin.set_app_installed(false);
    let mut branch = remote.as_user("octo", Permission::Write);
    let head = branch.head(None).unwrap().unwrap();
    let created = branching(branch.as_ref()).create("quire/x", &head);
    assert!(
        matches!(created, Err(Error::Forbidden(ref m)) if m == "The GitHub App is unable to commit to the repository. Please ensure that the Keystatic GitHub App is installed in the GitHub repository acme/site"),
        "{created:?}"
    );
    remote.standin.set_app_installed(true);
    branch = remote.as_user("octo", Permission::Write);
    assert!(matches!(
        write(branch.as_ref(), Some("nope"), &[("posts/a.yaml", "x")]),
        Err(Error::NoSuchBranch(_))
    ));

    let stranger = remote.as_user("stranger", Permission::None);
    assert!(matches!(stranger.tree(None), Err(Error::RepoNotFound(ref r)) if r == "acme/site"));
    assert!(matches!(
        remote.github.storage("ghu_made_up").tree(None),
        Err(Error::Unauthorized)
    ));
}

#[test]
fn cached_files_go_only_to_people_github_lets_read() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    let octo = remote.as_user("octo", Permission::Read);
    assert!(octo.read(None, "posts/a.yaml").unwrap().is_some());
    let asked = remote.standin.requests().len();
    // Read again in a new request: the repository is asked (that proves access), the tree and
    // blob come from the cache.
    let again = remote
        .github
        .storage(&remote.standin.access_token_for("octo"));
    assert!(again.read(None, "posts/a.yaml").unwrap().is_some());
    let since: Vec<_> = remote.standin.requests()[asked..].to_vec();
    assert_eq!(since.len(), 1, "{since:?}");
    assert_eq!(since[0].operation.as_deref(), Some("Repository"));
    // Someone without access gets nothing, cache or not.
    let stranger = remote.as_user("stranger", Permission::None);
    assert!(matches!(
        stranger.read(None, "posts/a.yaml"),
        Err(Error::RepoNotFound(_))
    ));
}

#[test]
fn branches_link_their_pull_requests() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    let storage = remote.as_user("octo", Permission::Write);
    let branches = branching(storage.as_ref());
    let head = storage.head(None).unwrap().unwrap();
    branches.create("quire/new-look", &head).unwrap();
    let web = remote.standin.url();
    let links: Vec<(String, Option<String>)> = branches
        .list()
        .unwrap()
        .into_iter()
        .map(|b| (b.name, b.new_pull_request_url))
        .collect();
    assert_eq!(
        links,
        [
            ("main".to_string(), None),
            (
                "quire/new-look".to_string(),
                Some(format!("{web}/acme/site/pull/new/quire/new-look"))
            ),
        ]
    );

    assert_eq!(branches.open_pull_request("quire/new-look").unwrap(), None);
    remote
        .standin
        .add_pull_request(7, "quire/new-look", PullRequestState::Open);
    let open = branches
        .open_pull_request("quire/new-look")
        .unwrap()
        .unwrap();
    assert_eq!(open.number, 7);
    assert_eq!(open.url, format!("{web}/acme/site/pull/7"));
    assert_eq!(
        branches.open_pull_request("main").unwrap(),
        None,
        "the default branch proposes nothing"
    );

    let repository = hosting(storage.as_ref()).repository().unwrap();
    assert_eq!(repository.url, format!("{web}/acme/site"));
    assert_eq!(repository.fork_of, None);
    assert_eq!(
        repository.file_url,
        format!("{web}/acme/site/blob/{{branch}}/{{path}}")
    );
}

#[test]
fn a_site_in_a_folder_of_the_repository_sees_only_its_folder() {
    let remote = remote(
        &[("site/posts/a.yaml", "title: A\n"), ("other/x.txt", "x")],
        Some("site"),
    );
    let storage = remote.as_user("octo", Permission::Write);
    let paths: Vec<String> = storage
        .tree(None)
        .unwrap()
        .iter()
        .map(|e| e.path.clone())
        .collect();
    assert_eq!(paths, ["posts", "posts/a.yaml"]);
    write(storage.as_ref(), None, &[("posts/b.yaml", "title: B\n")]).unwrap();
    assert_eq!(remote.git(&["show", "main:site/posts/b.yaml"]), "title: B");
    let repository = hosting(storage.as_ref()).repository().unwrap();
    assert!(
        repository.file_url.ends_with("/blob/{branch}/site/{path}"),
        "{}",
        repository.file_url
    );
}

#[test]
fn signing_in_through_githubs_pages() {
    let remote = remote(&[], None);
    remote
        .standin
        .add_user("octo", "Octo Cat", Permission::Write);
    remote.standin.sign_in_as("octo");
    let redirect = "http://127.0.0.1:1/api/keystatic/github/oauth/callback";
    // A PKCE verifier and its S256 challenge, worked out apart.
    let verifier = "dBjftJeZ4CVP-mJ92IHOrI7fqOBxU_5RU0D4uOBXwJoM";
    let challenge = "TT4bJn5iZqSIFQq_MG4FGXU-bBf7eXGyUBS_Hg-w_xw";
    let url = remote.github.authorize_url(redirect, "0123abcd", challenge);
    assert!(url.starts_with(&format!(
        "{}/login/oauth/authorize?client_id=Iv1.quire&redirect_uri=",
        remote.standin.url()
    )));
    let code = approve(&url);
    assert!(
        matches!(
            remote
                .github
                .exchange_code(&code, redirect, "another verifier"),
            Err(AuthError::Refused(_))
        ),
        "only the verifier of the challenge exchanges the code"
    );
    let tokens = remote
        .github
        .exchange_code(&code, redirect, verifier)
        .unwrap();
    assert!(tokens.expires_in.is_some() && tokens.refresh.is_some());
    let user = remote.github.user(&tokens.access).unwrap();
    assert_eq!(
        (user.login.as_str(), user.name.as_deref()),
        ("octo", Some("Octo Cat"))
    );
    assert!(
        matches!(
            remote.github.exchange_code(&code, redirect, verifier),
            Err(AuthError::Refused(_))
        ),
        "a code is good once"
    );

    remote.standin.expire_access_tokens();
    assert!(matches!(
        remote.github.storage(&tokens.access).tree(None),
        Err(Error::Unauthorized)
    ));
    let renewed = remote
        .github
        .refresh(tokens.refresh.as_deref().unwrap())
        .unwrap();
    assert!(remote.github.storage(&renewed.access).tree(None).is_ok());

    remote.github.revoke(&renewed.access).unwrap();
    assert!(matches!(
        remote.github.user(&renewed.access),
        Err(Error::Unauthorized)
    ));
}

/// Follows GitHub's authorize page, which approves at once, and reads the code it sends back.
fn approve(url: &str) -> String {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .build()
        .into();
    let response = agent.get(url).call().unwrap();
    let location = response.headers()["location"].to_str().unwrap().to_string();
    let query = location.split_once('?').unwrap().1;
    assert!(query.contains("state=0123abcd"), "{location}");
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("code="))
        .unwrap()
        .to_string()
}

#[test]
fn team_membership_is_asked_of_github() {
    let remote = remote(&[], None);
    remote.standin.add_user("mona", "Mona", Permission::Read);
    remote.standin.set_team("acme", "editors", &["mona"]);
    let token = remote.standin.access_token_for("mona");
    assert!(
        remote
            .github
            .in_team(&token, "acme", "editors", "mona")
            .unwrap()
    );
    assert!(
        !remote
            .github
            .in_team(&token, "acme", "editors", "octo")
            .unwrap()
    );
    assert!(
        !remote
            .github
            .in_team(&token, "acme", "writers", "mona")
            .unwrap()
    );
    assert!(matches!(
        remote
            .github
            .in_team("ghu_made_up", "acme", "editors", "mona"),
        Err(Error::Unauthorized)
    ));
}

#[test]
fn a_new_apps_code_gives_its_settings_once() {
    let remote = remote(&[], None);
    let endpoints = Endpoints {
        web: remote.standin.url().to_string(),
        api: remote.standin.api_url(),
    };
    // As GitHub's new-app page would: the manifest posted, a code back.
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .build()
        .into();
    let manifest = r#"{"name":"Blog Quire","redirect_url":"http://127.0.0.1:1/api/keystatic/github/created-app"}"#;
    let response = agent
        .post(&format!(
            "{}/settings/apps/new?state=s1",
            remote.standin.url()
        ))
        .send_form([("manifest", manifest)])
        .unwrap();
    let location = response.headers()["location"].to_str().unwrap().to_string();
    let code = location
        .split(['?', '&'])
        .find_map(|pair| pair.strip_prefix("code="))
        .unwrap()
        .to_string();
    let app = storage_github::convert_manifest(&endpoints, &code).unwrap();
    assert_eq!(app.slug, "blog-quire");
    assert_eq!(app.client_id, CLIENT_ID);
    assert!(
        storage_github::convert_manifest(&endpoints, &code).is_err(),
        "a code is good once"
    );
    assert!(storage_github::convert_manifest(&endpoints, "../user").is_err());
}

#[test]
fn links_and_the_default_branch_are_left_alone() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    std::os::unix::fs::symlink("a.yaml", remote.dir.path().join("posts/link.yaml")).unwrap();
    remote.git(&["add", "-A"]);
    remote.git(&["commit", "-q", "-m", "a link"]);
    let storage = remote.as_user("octo", Permission::Write);
    let tree = storage.tree(None).unwrap();
    let link = tree.iter().find(|e| e.path == "posts/link.yaml");
    assert_eq!(
        link.map(|e| (e.kind, e.sha.as_str())),
        Some((EntryKind::Link, blob_sha(b"a.yaml").as_str())),
        "listed as a link to a.yaml: {tree:?}"
    );
    assert_eq!(storage.read(None, "posts/link.yaml").unwrap(), None);
    for path in ["posts/link.yaml", "posts/link.yaml/x.png"] {
        let written = write(storage.as_ref(), None, &[(path, "title: L\n")]);
        assert!(
            matches!(written, Err(Error::Refused { path: ref refused, .. }) if refused == path),
            "{written:?}"
        );
    }
    let branches = branching(storage.as_ref());
    assert!(matches!(
        branches.delete("main"),
        Err(Error::Invalid(ref m)) if m == "The default branch cannot be deleted"
    ));
    // GitHub's own refusals of a change are the editor's to read, not an outage.
    let head = storage.head(None).unwrap().unwrap();
    branches.create("quire/x", &head).unwrap();
    assert!(matches!(
        branches.create("quire/x", &head),
        Err(Error::Invalid(_))
    ));
}

#[test]
fn without_a_head_to_keep_to_someone_elses_commit_meanwhile_is_no_conflict() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    let storage = remote.as_user("octo", Permission::Write);
    storage.head(None).unwrap();
    write(
        remote.as_user("hubot", Permission::Write).as_ref(),
        None,
        &[("posts/z.yaml", "z")],
    )
    .unwrap();
    // Keystatic's update route names no head: the change lands on top of hubot's.
    write(storage.as_ref(), None, &[("posts/b.yaml", "title: B\n")]).unwrap();
    assert_eq!(remote.git(&["show", "main:posts/z.yaml"]), "z");
    assert_eq!(remote.git(&["show", "main:posts/b.yaml"]), "title: B");
}

#[test]
fn someone_who_may_only_read_works_on_their_fork() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    let reader = remote.as_user("ada", Permission::Read);
    // No fork yet: the repository itself, read-only.
    assert!(!hosting(reader.as_ref()).writable().unwrap());
    assert_eq!(hosting(reader.as_ref()).repository().unwrap().fork_of, None);
    assert!(matches!(
        write(reader.as_ref(), None, &[("posts/a.yaml", "title: Mine\n")]),
        Err(Error::Forbidden(_))
    ));

    // A fork without the app: GitHub refuses the write, naming the fork to install it on.
    remote.standin.fork("ada", false);
    let storage = remote
        .github
        .storage(&remote.standin.access_token_for("ada"));
    assert!(hosting(storage.as_ref()).writable().unwrap());
    let repository = hosting(storage.as_ref()).repository().unwrap();
    let web = remote.standin.url();
    assert_eq!(repository.url, format!("{web}/ada/site"));
    assert_eq!(repository.fork_of, Some(format!("{web}/acme/site")));
    // A fork's branches, its default one too, are proposed to the repository upstream.
    let main = branching(storage.as_ref()).list().unwrap().remove(0);
    assert_eq!(
        main.new_pull_request_url,
        Some(format!("{web}/acme/site/compare/main...ada:main"))
    );
    match write(storage.as_ref(), None, &[("posts/a.yaml", "title: Mine\n")]) {
        Err(Error::Forbidden(message)) => {
            assert!(message.ends_with("repository ada/site"), "{message}")
        }
        other => panic!("{other:?}"),
    }

    // With the app on the fork, saves and branches land there and the repository is untouched.
    remote.standin.fork("ada", true);
    let storage = remote
        .github
        .storage(&remote.standin.access_token_for("ada"));
    let committed = write(storage.as_ref(), None, &[("posts/a.yaml", "title: Mine\n")]).unwrap();
    assert_eq!(committed.head, remote.standin.fork_head("ada", "main"));
    assert_eq!(remote.git(&["show", "main:posts/a.yaml"]), "title: A");
    assert_eq!(
        storage.read(None, "posts/a.yaml").unwrap().as_deref(),
        Some(&b"title: Mine\n"[..])
    );
    let head = storage.head(None).unwrap().unwrap();
    branching(storage.as_ref())
        .create("quire/mine", &head)
        .unwrap();
    assert!(remote.standin.fork_head("ada", "quire/mine").is_some());
    assert!(
        remote
            .git(&["branch", "--list", "quire/mine"])
            .trim()
            .is_empty()
    );

    // Its pull requests are numbered upstream.
    assert_eq!(
        branching(storage.as_ref())
            .open_pull_request("quire/mine")
            .unwrap(),
        None
    );
    remote
        .standin
        .add_fork_pull_request(12, "ada", "quire/mine", PullRequestState::Open);
    let open = branching(storage.as_ref())
        .open_pull_request("quire/mine")
        .unwrap()
        .unwrap();
    assert_eq!(open.url, format!("{web}/acme/site/pull/12"));
    branching(storage.as_ref()).delete("quire/mine").unwrap();
    assert_eq!(remote.standin.fork_head("ada", "quire/mine"), None);

    // Someone who may push to the repository works there, fork or not.
    remote.standin.add_user("ada", "ada", Permission::Write);
    let storage = remote
        .github
        .storage(&remote.standin.access_token_for("ada"));
    assert_eq!(
        hosting(storage.as_ref()).repository().unwrap().fork_of,
        None
    );
    write(
        storage.as_ref(),
        None,
        &[("posts/a.yaml", "title: Upstream\n")],
    )
    .unwrap();
    assert_eq!(
        remote.git(&["show", "main:posts/a.yaml"]),
        "title: Upstream"
    );
}

#[test]
fn a_request_about_one_branch_asks_for_that_branch_only() {
    let remote = remote(&[("posts/a.yaml", "title: A\n")], None);
    let head = remote.git(&["rev-parse", "HEAD"]).trim().to_string();
    for i in 0..250 {
        remote.git(&["update-ref", &format!("refs/heads/b{i:03}"), &head]);
    }
    let storage = remote.as_user("octo", Permission::Write);
    let operations = |since: usize| -> Vec<String> {
        remote.standin.requests()[since..]
            .iter()
            .filter_map(|r| r.operation.clone())
            .collect()
    };
    let asked = remote.standin.requests().len();
    assert!(
        storage
            .read(Some("b200"), "posts/a.yaml")
            .unwrap()
            .is_some()
    );
    assert!(storage.read(None, "posts/a.yaml").unwrap().is_some());
    assert_eq!(operations(asked), ["Repository"]);
    // Another branch in the same request: its head alone.
    assert_eq!(storage.head(Some("b201")).unwrap(), Some(head.clone()));
    assert!(matches!(
        storage.head(Some("nope")),
        Err(Error::NoSuchBranch(_))
    ));
    assert_eq!(operations(asked), ["Repository", "Ref", "Ref"]);

    // Listing asks for every branch, a hundred at a time; then a branch not listed is none.
    let asked = remote.standin.requests().len();
    assert_eq!(branching(storage.as_ref()).list().unwrap().len(), 251);
    assert_eq!(operations(asked), ["Branches", "Branches", "Branches"]);
    let asked = remote.standin.requests().len();
    assert!(matches!(
        storage.head(Some("nope-either")),
        Err(Error::NoSuchBranch(_))
    ));
    assert!(operations(asked).is_empty());
}
