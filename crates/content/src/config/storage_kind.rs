//! `storage` and `cloud` in `quire.yaml`: where content lives (the site's folder, a git repository
//! on disk, a repository on GitHub, or one reached through a Quire or Keystatic Cloud), and the
//! cloud a site signs its people in with.

use super::model::*;
use super::reading::{Cx, present};
use crate::value::{Node, Value};

/// The cloud Keystatic's own sites use when their config names none.
pub const KEYSTATIC_CLOUD: &str = "https://api.keystatic.cloud";

pub(super) fn read_storage(cx: &mut Cx, node: Option<&Node>) -> StorageKind {
    let Some(node) = node else {
        return StorageKind::Local;
    };
    let Some(entries) = cx.mapping(node, "storage") else {
        return StorageKind::Local;
    };
    match cx.string(entries, "kind", "storage").as_deref() {
        None | Some("local") => {
            cx.known_keys(entries, &["kind"], "storage");
            StorageKind::Local
        }
        Some("git") => {
            cx.known_keys(
                entries,
                &[
                    "kind",
                    "repo",
                    "defaultBranch",
                    "remote",
                    "branchPrefix",
                    "protected",
                ],
                "storage",
            );
            // Which repository Quire commits to is the operator's choice, never the site's.
            if let Some(repo) = present(entries, "repo") {
                cx.error(
                    repo,
                    "storage: \"repo\" is not read from quire.yaml; the repository is the site's root, or the one `quire serve --repo` names",
                );
            }
            let mut git_option = |key: &str| {
                let value = cx.string(entries, key, "storage")?;
                if value.starts_with('-') {
                    let at = present(entries, key).unwrap_or(node);
                    cx.error(at, format!("storage: \"{key}\" must not start with -"));
                    return None;
                }
                Some(value)
            };
            StorageKind::Git(GitStorage {
                default_branch: git_option("defaultBranch"),
                remote: git_option("remote"),
                branch_prefix: git_option("branchPrefix"),
                protected: cx.strings(entries, "protected", "storage"),
            })
        }
        Some("github") => {
            cx.known_keys(
                entries,
                &["kind", "repo", "branchPrefix", "pathPrefix", "allow"],
                "storage",
            );
            read_github(cx, node, entries)
                .map(StorageKind::Github)
                .unwrap_or(StorageKind::Local)
        }
        Some("cloud") => {
            cx.known_keys(entries, &["kind", "branchPrefix", "pathPrefix"], "storage");
            StorageKind::Cloud(CloudStorage {
                branch_prefix: cx.string(entries, "branchPrefix", "storage"),
                path_prefix: read_path_prefix(cx, node, entries),
            })
        }
        Some(other) => {
            let at = present(entries, "kind").unwrap_or(node);
            cx.error(
                at,
                format!(
                    "storage kind \"{other}\" is not supported; use \"local\", \"git\", \"github\" or \"cloud\""
                ),
            );
            StorageKind::Local
        }
    }
}

/// `repo` as Keystatic takes it (`owner/name` or `{ owner, name }`), and the names GitHub allows,
/// since both go into the URLs of GitHub's API.
fn read_github(cx: &mut Cx, node: &Node, entries: &[(String, Node)]) -> Option<GithubStorage> {
    let Some(repo) = present(entries, "repo") else {
        cx.error(node, "storage: \"repo\" is missing; write it as owner/name");
        return None;
    };
    let (owner, name) = match &repo.value {
        Value::String(text) => match text.split_once('/') {
            Some((owner, name)) => (owner.to_string(), name.to_string()),
            None => {
                cx.error(repo, "storage: \"repo\" must be written as owner/name");
                return None;
            }
        },
        Value::Object(parts) => {
            cx.known_keys(parts, &["owner", "name"], "storage.repo");
            let owner = cx.string(parts, "owner", "storage.repo");
            let name = cx.string(parts, "name", "storage.repo");
            if owner.is_none() {
                cx.error(repo, "owner is missing");
            }
            if name.is_none() {
                cx.error(repo, "name is missing");
            }
            (owner?, name?)
        }
        other => {
            cx.error(
                repo,
                format!(
                    "storage: \"repo\" must be owner/name or a mapping of owner and name, found {}",
                    other.type_name()
                ),
            );
            return None;
        }
    };
    let owner_ok = !owner.is_empty()
        && !owner.starts_with('-')
        && owner.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let name_ok = !name.is_empty()
        && name != "."
        && name != ".."
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !owner_ok {
        cx.error(
            repo,
            format!("storage: \"{owner}\" is not a GitHub account name"),
        );
    }
    if !name_ok {
        cx.error(
            repo,
            format!("storage: \"{name}\" is not a GitHub repository name"),
        );
    }
    let branch_prefix = cx.string(entries, "branchPrefix", "storage");
    let path_prefix = read_path_prefix(cx, node, entries);
    let allow = cx.strings(entries, "allow", "storage");
    let is_name = |s: &str| {
        !s.is_empty()
            && !s.starts_with('-')
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    for name in &allow {
        let ok = match name.split_once('/') {
            Some((org, team)) => is_name(org) && is_name(team),
            None => is_name(name),
        };
        if !ok {
            let at = present(entries, "allow").unwrap_or(node);
            cx.error(
                at,
                format!(
                    "storage: \"{name}\" in allow is neither a GitHub login nor an org/team name"
                ),
            );
        }
    }
    (owner_ok && name_ok).then_some(GithubStorage {
        owner,
        name,
        branch_prefix,
        path_prefix,
        allow,
    })
}

/// `pathPrefix`: the folder of the repository that holds the site (a monorepo's `site/`), without
/// slashes around it.
fn read_path_prefix(cx: &mut Cx, node: &Node, entries: &[(String, Node)]) -> Option<String> {
    cx.string(entries, "pathPrefix", "storage")
        .and_then(|prefix| {
            let trimmed = prefix.trim_matches('/').to_string();
            let clean = trimmed
                .split('/')
                .all(|s| !s.is_empty() && s != "." && s != ".." && !s.eq_ignore_ascii_case(".git"));
            if trimmed.is_empty() {
                return None;
            }
            if !clean {
                let at = present(entries, "pathPrefix").unwrap_or(node);
                cx.error(
                    at,
                    format!("storage: \"pathPrefix\" {prefix:?} is not a folder of the repository"),
                );
                return None;
            }
            Some(trimmed)
        })
}

/// `cloud: { project: team/project, url, signIn: required }`.
pub(super) fn read_cloud(cx: &mut Cx, node: Option<&Node>) -> Option<CloudConfig> {
    let node = node?;
    let entries = cx.mapping(node, "cloud")?;
    cx.known_keys(entries, &["project", "url", "signIn"], "cloud");
    let project = cx.string(entries, "project", "cloud");
    let project = match project {
        None => {
            cx.error(node, "Missing Keystatic Cloud config: cloud.project is missing; write it as team/project");
            return None;
        }
        Some(project) if !project.contains('/') => {
            let at = present(entries, "project").unwrap_or(node);
            cx.error(at, "Cloud project id must contain a slash");
            return None;
        }
        Some(project) => project,
    };
    let url = match cx.string(entries, "url", "cloud") {
        None => KEYSTATIC_CLOUD.to_string(),
        Some(url) => {
            let parsed = url::Url::parse(&url).ok().filter(|u| {
                matches!(u.scheme(), "http" | "https")
                    && u.host().is_some()
                    && u.query().is_none()
                    && u.fragment().is_none()
            });
            match parsed {
                Some(_) => url.trim_end_matches('/').to_string(),
                None => {
                    let at = present(entries, "url").unwrap_or(node);
                    cx.error(
                        at,
                        format!("cloud: \"url\" {url:?} is not the http(s) address of a cloud"),
                    );
                    return None;
                }
            }
        }
    };
    let sign_in_required = match cx.string(entries, "signIn", "cloud").as_deref() {
        None | Some("optional") => false,
        Some("required") => true,
        Some(other) => {
            let at = present(entries, "signIn").unwrap_or(node);
            cx.error(
                at,
                format!("cloud: \"signIn\" is \"required\" or \"optional\", not \"{other}\""),
            );
            false
        }
    };
    Some(CloudConfig {
        project,
        url,
        sign_in_required,
    })
}

/// Storage through a cloud needs the cloud (`written`: whether `cloud` is in the file at all); a cloud guards sign-in only where Quire's own server
/// holds the content (`local` and `git`): on `github` people sign in with GitHub.
pub(super) fn check_cloud(
    cx: &mut Cx,
    storage: &StorageKind,
    cloud: Option<&CloudConfig>,
    written: bool,
    root: &Node,
) {
    match (storage, cloud) {
        // A `cloud` written but wrong has had its own message.
        (StorageKind::Cloud(_), None) if !written => cx.error(
            root,
            "Missing Keystatic Cloud config: storage kind \"cloud\" needs cloud: { project: team/project }",
        ),
        (StorageKind::Github(_), Some(cloud)) if cloud.sign_in_required => cx.error(
            root,
            "cloud: \"signIn: required\" guards local and git storage; on github, people sign in with GitHub",
        ),
        _ => {}
    }
}
