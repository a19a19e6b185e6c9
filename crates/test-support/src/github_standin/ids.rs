//! Opaque ids as GitHub hands them out: node ids of refs and pull requests, and page cursors.
//! Each encodes what it names, so that the stand-in needs no table to read them back, and none is
//! a name a client could be tempted to build itself.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Which of the stand-in's repositories a node id names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RepoKey {
    /// The site's repository.
    Site,
    /// A user's fork of it, by their login.
    Fork(String),
    /// Another repository of the site's owner, by its name (lowercase).
    Sibling(String),
}

/// The node id of one of the stand-in's repositories.
pub(crate) fn repository_id(key: &RepoKey) -> String {
    match key {
        RepoKey::Site => "R_standin".to_string(),
        RepoKey::Fork(login) => format!("R_fork_{}", URL_SAFE_NO_PAD.encode(login)),
        RepoKey::Sibling(name) => format!("R_sib_{}", URL_SAFE_NO_PAD.encode(name)),
    }
}

/// The repository a node id names.
pub(crate) fn repository_key(id: &str) -> Option<RepoKey> {
    if id == "R_standin" {
        return Some(RepoKey::Site);
    }
    let decode = |encoded: &str| String::from_utf8(URL_SAFE_NO_PAD.decode(encoded).ok()?).ok();
    if let Some(encoded) = id.strip_prefix("R_fork_") {
        return decode(encoded).map(RepoKey::Fork);
    }
    decode(id.strip_prefix("R_sib_")?).map(RepoKey::Sibling)
}

/// The node id of the ref named `full_name` (`refs/heads/main`) in the repository `repository_id`.
pub(crate) fn ref_id(repository_id: &str, full_name: &str) -> String {
    let text = format!("{repository_id}:{full_name}");
    format!("REF_{}", URL_SAFE_NO_PAD.encode(text))
}

/// The repository's node id and the full ref name a ref's node id stands for.
pub(crate) fn ref_name(id: &str) -> Option<(String, String)> {
    let encoded = id.strip_prefix("REF_")?;
    let text = String::from_utf8(URL_SAFE_NO_PAD.decode(encoded).ok()?).ok()?;
    let (repository, name) = text.split_once(':')?;
    Some((repository.to_string(), name.to_string()))
}

/// The node id of pull request `number`.
pub(crate) fn pull_request_id(number: u64) -> String {
    format!("PR_{}", URL_SAFE_NO_PAD.encode(format!("standin:{number}")))
}

/// The cursor after the branch named `name` in a list of branches.
pub(crate) fn cursor(name: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("cursor:{name}"))
}

/// The branch name a cursor was made after.
pub(crate) fn cursor_name(cursor: &str) -> Option<String> {
    let text = String::from_utf8(URL_SAFE_NO_PAD.decode(cursor).ok()?).ok()?;
    text.strip_prefix("cursor:").map(String::from)
}
