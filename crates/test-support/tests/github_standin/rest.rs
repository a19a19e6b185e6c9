//! The REST calls: the token's user, git trees by any tree-ish in git's order, blobs raw or in
//! GitHub's base64, and the 401s and 404s a client must tell apart.

use base64::Engine;
use serde_json::{Value, json};
use test_support::github_standin::Permission;

use crate::{Hub, NAME, OWNER, read_json};

fn trees(treeish: &str) -> String {
    format!("/repos/{OWNER}/{NAME}/git/trees/{treeish}?recursive=1")
}

#[test]
fn the_user_is_the_tokens_owner() {
    let hub = Hub::site();
    let (status, user) = hub.get_json("/user", &hub.token());
    assert_eq!(status, 200);
    let url = hub.standin.url();
    assert_eq!(user["login"], "octo");
    assert_eq!(user["name"], "Octo Cat");
    assert!(user["id"].is_u64());
    assert_eq!(user["html_url"], format!("{url}/octo"));
    let avatar = user["avatar_url"].as_str().expect("an avatar");
    let mut image = hub.agent.get(avatar).call().expect("the avatar");
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/png");
    let bytes = image.body_mut().read_to_vec().expect("bytes");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn calls_without_a_live_token_are_refused() {
    let hub = Hub::site();
    let bad = json!({ "message": "Bad credentials", "documentation_url": "https://docs.github.com/rest" });
    assert_eq!(hub.get_json("/user", "ghu_madeup"), (401, bad.clone()));
    assert_eq!(hub.get_json(&trees("main"), "ghu_madeup"), (401, bad));
    let anonymous = hub
        .agent
        .get(format!("{}/user", hub.standin.api_url()))
        .call()
        .expect("an answer");
    assert_eq!(anonymous.status(), 401);
    let token_scheme = hub
        .agent
        .get(format!("{}/user", hub.standin.api_url()))
        .header("Authorization", format!("token {}", hub.token()))
        .call()
        .expect("an answer");
    assert_eq!(token_scheme.status(), 200);
}

#[test]
fn a_recursive_tree_lists_what_git_lists_in_its_order() {
    let hub = Hub::site();
    let (status, tree) = hub.get_json(&trees("main"), &hub.token());
    assert_eq!(status, 200);
    let listed: Vec<String> = tree["tree"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            let size = e.get("size").map_or("-".to_string(), Value::to_string);
            let (mode, kind, sha, path) = (&e["mode"], &e["type"], &e["sha"], &e["path"]);
            format!("{} {} {} {size}\t{}", s(mode), s(kind), s(sha), s(path))
        })
        .collect();
    let by_git = hub.git(&["ls-tree", "-r", "-t", "-l", "main"]);
    let by_git: Vec<String> = by_git
        .lines()
        .map(|line| {
            let (head, path) = line.split_once('\t').expect("a tab");
            let parts: Vec<&str> = head.split_whitespace().collect();
            format!(
                "{} {} {} {}\t{path}",
                parts[0], parts[1], parts[2], parts[3]
            )
        })
        .collect();
    assert_eq!(listed, by_git);
    assert!(
        listed.iter().any(|l| l.starts_with("100755 blob")),
        "the executable keeps its mode"
    );
    assert_eq!(tree["sha"], hub.git(&["rev-parse", "main^{tree}"]));
    assert_eq!(tree["truncated"], false);
    let first = &tree["tree"][0];
    let url = first["url"].as_str().expect("a url");
    assert!(url.starts_with(&hub.standin.api_url()), "{url}");
}

fn s(value: &Value) -> &str {
    value.as_str().expect("a string")
}

#[test]
fn a_tree_is_found_by_branch_commit_or_tree_id() {
    let hub = Hub::site();
    let token = hub.token();
    let tree_id = hub.git(&["rev-parse", "feature/x^{tree}"]);
    let commit = hub.head("feature/x");
    let by_branch = hub.get_json(&trees("feature/x"), &token);
    let by_escaped_branch = hub.get_json(&trees("feature%2Fx"), &token);
    let by_commit = hub.get_json(&trees(&commit), &token);
    let by_tree = hub.get_json(&trees(&tree_id), &token);
    assert_eq!(by_branch.0, 200);
    assert_eq!(by_branch.1["sha"], tree_id);
    assert_eq!(by_escaped_branch, by_branch);
    assert_eq!(by_commit, by_branch);
    assert_eq!(by_tree, by_branch);
}

#[test]
fn without_recursive_a_tree_lists_its_own_entries() {
    let hub = Hub::site();
    let path = format!("/repos/{OWNER}/{NAME}/git/trees/main");
    let (_, tree) = hub.get_json(&path, &hub.token());
    let paths: Vec<&str> = tree["tree"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| s(&e["path"]))
        .collect();
    assert_eq!(paths, ["README.md", "content", "run.sh"]);
    assert_eq!(tree["tree"][1]["type"], "tree");
    assert_eq!(tree["tree"][1]["mode"], "040000");
    assert!(tree["tree"][1].get("size").is_none());
}

#[test]
fn trees_that_are_not_there_for_the_viewer_are_not_found() {
    let hub = Hub::site();
    let token = hub.token();
    let not_found = |path: &str| {
        let (status, body) = hub.get_json(path, &token);
        assert_eq!(status, 404, "{path}");
        assert_eq!(body["message"], "Not Found");
    };
    not_found(&trees("no-such-branch"));
    not_found(&trees(&"0".repeat(40)));
    not_found(&format!("/repos/{OWNER}/other/git/trees/main"));
    not_found(&format!("/repos/someone/{NAME}/git/trees/main"));
    hub.standin.add_user("octo", "Octo Cat", Permission::None);
    not_found(&trees("main"));
}

#[test]
fn a_blob_is_raw_bytes_when_asked_for_and_wrapped_base64_otherwise() {
    let hub = Hub::site();
    let dir = hub.dir.path();
    let bytes: Vec<u8> = (0..=255u8).cycle().take(200).collect();
    std::fs::write(dir.join("binary.bin"), &bytes).unwrap();
    hub.git(&["add", "binary.bin"]);
    hub.git(&["commit", "-q", "-m", "Binary"]);
    let sha = hub.git(&["rev-parse", "main:binary.bin"]);
    let path = format!("/repos/{OWNER}/{NAME}/git/blobs/{sha}");
    let url = format!("{}{path}", hub.standin.api_url());
    let token = hub.token();

    for accept in [
        "application/vnd.github.raw+json",
        "application/vnd.github.raw",
    ] {
        let mut raw = hub
            .agent
            .get(&url)
            .header("Authorization", format!("Bearer {token}"))
            .header("Accept", accept)
            .call()
            .expect("an answer");
        assert_eq!(raw.status(), 200);
        assert_eq!(raw.headers()["content-type"], "application/vnd.github.raw");
        assert_eq!(raw.body_mut().read_to_vec().unwrap(), bytes);
    }

    let (status, blob) = hub.get_json(&path, &token);
    assert_eq!(status, 200);
    assert_eq!(blob["sha"], sha);
    assert_eq!(blob["size"], 200);
    assert_eq!(blob["encoding"], "base64");
    let content = s(&blob["content"]);
    let lines: Vec<&str> = content.split_terminator('\n').collect();
    assert!(
        lines[..lines.len() - 1].iter().all(|l| l.len() == 60),
        "{content}"
    );
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(content.replace('\n', ""))
        .unwrap();
    assert_eq!(decoded, bytes);
}

#[test]
fn an_unknown_blob_or_path_is_not_found() {
    let hub = Hub::site();
    let token = hub.token();
    let path = format!("/repos/{OWNER}/{NAME}/git/blobs/{}", "1".repeat(40));
    assert_eq!(hub.get_json(&path, &token).0, 404);
    let tree = hub.git(&["rev-parse", "main^{tree}"]);
    let not_a_blob = format!("/repos/{OWNER}/{NAME}/git/blobs/{tree}");
    assert_eq!(hub.get_json(&not_a_blob, &token).0, 404);
    let (status, body) = read_json(hub.get("/repos/acme/site/contents/README.md", &token));
    assert_eq!((status, s(&body["message"])), (404, "Not Found"));
}
