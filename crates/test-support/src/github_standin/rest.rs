//! The REST calls Quire makes (`/user`, git trees, git blobs), the avatars the user record points
//! to, and GitHub's 404 for everything else.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

use super::state::Shared;
use super::{auth, git, reply};

/// `GET /api/v3/user`: the token's user.
pub(crate) async fn user(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let viewer = match auth::viewer(&shared.lock(), &headers) {
        Ok(viewer) => viewer,
        Err(refused) => return refused.into_response(),
    };
    let body = json!({
        "login": viewer.login,
        "id": viewer.id,
        "name": viewer.name,
        "avatar_url": shared.avatar_url(&viewer.login),
        "html_url": format!("{}/{}", shared.url, viewer.login),
        "type": "User",
    });
    reply::json(StatusCode::OK, &body)
}

/// `GET /api/v3/orgs/{org}/teams/{team}/memberships/{login}`: 200 with `state: active` for a
/// member, 404 otherwise (as GitHub answers someone who may not see the team, too).
pub(crate) async fn team_membership(
    State(shared): State<Arc<Shared>>,
    Path((org, team, login)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Response {
    let inner = shared.lock();
    if let Err(refused) = auth::viewer(&inner, &headers) {
        return refused.into_response();
    }
    let member = inner
        .teams
        .get(&format!("{org}/{team}"))
        .is_some_and(|members| members.contains(&login));
    if !member {
        return reply::not_found();
    }
    reply::json(
        StatusCode::OK,
        &json!({ "state": "active", "role": "member", "url": format!("{}/orgs/{org}/teams/{team}/memberships/{login}", shared.api_url()) }),
    )
}

/// `GET /api/v3/repos/{owner}/{name}/git/trees/{tree-ish}`, recursive when `recursive` is given
/// any value (as GitHub reads it).
pub(crate) async fn tree(
    State(shared): State<Arc<Shared>>,
    Path((owner, name, treeish)): Path<(String, String, String)>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let inner = shared.lock();
    let viewer = match auth::viewer(&inner, &headers) {
        Ok(viewer) => viewer,
        Err(refused) => return refused.into_response(),
    };
    let Some(repo) = inner.find_repo(&shared, &viewer, &owner, &name) else {
        return reply::not_found();
    };
    let Some(tree) = git::resolve_tree(repo.git, &treeish) else {
        return reply::not_found();
    };
    let base = format!(
        "{}/repos/{}/{}/git",
        shared.api_url(),
        repo.owner,
        repo.name
    );
    let Ok(odb) = repo.git.odb() else {
        return reply::not_found();
    };
    let entries: Vec<Value> = git::list(&tree, query.contains_key("recursive"))
        .into_iter()
        .map(|entry| {
            let kind = entry.kind();
            let mut value = json!({
                "path": entry.path,
                "mode": format!("{:06o}", entry.mode),
                "type": kind,
                "sha": entry.id.to_string(),
            });
            if kind == "blob" {
                let size = odb.read_header(entry.id).map_or(0, |(size, _)| size);
                value["size"] = json!(size);
            }
            if kind != "commit" {
                value["url"] = json!(format!("{base}/{kind}s/{}", entry.id));
            }
            value
        })
        .collect();
    let body = json!({
        "sha": tree.id().to_string(),
        "url": format!("{base}/trees/{}", tree.id()),
        "tree": entries,
        "truncated": false,
    });
    reply::json(StatusCode::OK, &body)
}

/// `GET /api/v3/repos/{owner}/{name}/git/blobs/{sha}`: raw bytes when the raw media type is
/// accepted, otherwise JSON with the bytes in base64 as GitHub wraps it.
pub(crate) async fn blob(
    State(shared): State<Arc<Shared>>,
    Path((owner, name, sha)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Response {
    let delay = shared.lock().blob_delay;
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let inner = shared.lock();
    let viewer = match auth::viewer(&inner, &headers) {
        Ok(viewer) => viewer,
        Err(refused) => return refused.into_response(),
    };
    let Some(repo) = inner.find_repo(&shared, &viewer, &owner, &name) else {
        return reply::not_found();
    };
    let blob = git2::Oid::from_str(&sha)
        .ok()
        .filter(|_| sha.len() == 40)
        .and_then(|id| repo.git.find_blob(id).ok());
    let Some(blob) = blob else {
        return reply::not_found();
    };
    let raw = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.contains("application/vnd.github.raw"));
    if raw {
        let content_type = [(header::CONTENT_TYPE, "application/vnd.github.raw")];
        return (content_type, blob.content().to_vec()).into_response();
    }
    let body = json!({
        "sha": blob.id().to_string(),
        "node_id": format!("B_{}", blob.id()),
        "size": blob.size(),
        "url": format!("{}/repos/{}/{}/git/blobs/{}", shared.api_url(), repo.owner, repo.name, blob.id()),
        "content": wrapped_base64(blob.content()),
        "encoding": "base64",
    });
    reply::json(StatusCode::OK, &body)
}

/// Base64 with a line break after every 60 characters, the last line's included, as GitHub
/// (Ruby's `Base64.encode64`) writes it.
fn wrapped_base64(bytes: &[u8]) -> String {
    let encoded = STANDARD.encode(bytes);
    let mut out = String::with_capacity(encoded.len() + encoded.len() / 60 + 1);
    for line in encoded.as_bytes().chunks(60) {
        out.push_str(std::str::from_utf8(line).expect("base64 is ASCII"));
        out.push('\n');
    }
    out
}

/// `GET /avatars/{login}.png`: a one-pixel PNG, so that an avatar shows without the network.
pub(crate) async fn avatar() -> Response {
    ([(header::CONTENT_TYPE, "image/png")], PIXEL.to_vec()).into_response()
}

/// A 1×1 transparent PNG.
const PIXEL: [u8; 67] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

/// Any other path: GitHub's 404.
pub(crate) async fn not_found() -> Response {
    reply::not_found()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_lines_are_sixty_characters_each_ending_in_a_line_break() {
        let text = wrapped_base64(&[7u8; 100]);
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(
            lines.iter().map(|l| l.len()).collect::<Vec<_>>(),
            [60, 60, 16]
        );
        assert!(text.ends_with('\n'));
        assert_eq!(wrapped_base64(b""), "");
    }
}
