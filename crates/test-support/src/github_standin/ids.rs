//! Opaque ids as GitHub hands them out: node ids of refs and pull requests, and page cursors.
//! Each encodes what it names, so that the stand-in needs no table to read them back, and none is
//! a name a client could be tempted to build itself.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The repository's node id.
pub(crate) const REPOSITORY_ID: &str = "R_standin";

/// The node id of the ref named `full_name` (`refs/heads/main`).
pub(crate) fn ref_id(full_name: &str) -> String {
    format!("REF_{}", URL_SAFE_NO_PAD.encode(full_name))
}

/// The full ref name a ref's node id stands for.
pub(crate) fn ref_name(id: &str) -> Option<String> {
    let encoded = id.strip_prefix("REF_")?;
    String::from_utf8(URL_SAFE_NO_PAD.decode(encoded).ok()?).ok()
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
