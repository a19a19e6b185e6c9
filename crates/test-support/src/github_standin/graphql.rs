//! `POST /api/graphql`: answers only the documents in `crates/storage-github/graphql/`, compared
//! with what was sent regardless of whitespace, so that a test passing against the stand-in proves
//! that Quire sends nothing else.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::state::Shared;
use super::{auth, mutations, queries, reply};

/// An operation Quire sends, named as in its document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operation {
    Repository,
    Branches,
    Ref,
    PullRequests,
    CreateCommit,
    CreateRef,
    DeleteRef,
}

impl Operation {
    pub fn name(self) -> &'static str {
        match self {
            Operation::Repository => "Repository",
            Operation::Branches => "Branches",
            Operation::Ref => "Ref",
            Operation::PullRequests => "PullRequests",
            Operation::CreateCommit => "CreateCommit",
            Operation::CreateRef => "CreateRef",
            Operation::DeleteRef => "DeleteRef",
        }
    }
}

/// The documents Quire sends.
const DOCUMENTS: [(Operation, &str); 7] = [
    (
        Operation::Repository,
        include_str!("../../../storage-github/graphql/repository.graphql"),
    ),
    (
        Operation::Branches,
        include_str!("../../../storage-github/graphql/branches.graphql"),
    ),
    (
        Operation::Ref,
        include_str!("../../../storage-github/graphql/ref.graphql"),
    ),
    (
        Operation::PullRequests,
        include_str!("../../../storage-github/graphql/pull-requests.graphql"),
    ),
    (
        Operation::CreateCommit,
        include_str!("../../../storage-github/graphql/create-commit.graphql"),
    ),
    (
        Operation::CreateRef,
        include_str!("../../../storage-github/graphql/create-ref.graphql"),
    ),
    (
        Operation::DeleteRef,
        include_str!("../../../storage-github/graphql/delete-ref.graphql"),
    ),
];

/// The operation whose document `query` is, whitespace aside.
pub(crate) fn operation_of(query: &str) -> Option<Operation> {
    let sent = without_whitespace(query);
    DOCUMENTS
        .iter()
        .find(|(_, document)| without_whitespace(document) == sent)
        .map(|(operation, _)| *operation)
}

/// `text` with whitespace dropped, except one space where it parts two names (`query Ref`).
fn without_whitespace(text: &str) -> String {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut parted = false;
    for c in text.chars() {
        if c.is_whitespace() {
            parted = true;
            continue;
        }
        if parted && is_name(c) && out.chars().next_back().is_some_and(is_name) {
            out.push(' ');
        }
        parted = false;
        out.push(c);
    }
    out
}

pub(crate) async fn graphql(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut inner = shared.lock();
    let viewer = match auth::viewer(&inner, &headers) {
        Ok(viewer) => viewer,
        Err(refused) => return refused.into_response(),
    };
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return reply::rest_error(StatusCode::BAD_REQUEST, "Problems parsing JSON");
    };
    let operation = request["query"].as_str().and_then(operation_of);
    let variables = match &request["variables"] {
        Value::Null => Value::Object(Default::default()),
        variables => variables.clone(),
    };
    let answer = match operation {
        None => reply::graphql_failure("stand-in: unknown document"),
        Some(Operation::Repository) => with(variables, |vars| {
            queries::repository(&shared, &inner, &viewer, vars)
        }),
        Some(Operation::Branches) => with(variables, |vars| {
            queries::branches(&shared, &inner, &viewer, vars)
        }),
        Some(Operation::Ref) => with(variables, |vars| {
            queries::git_ref(&shared, &inner, &viewer, vars)
        }),
        Some(Operation::PullRequests) => with(variables, |vars| {
            queries::pull_requests(&shared, &inner, &viewer, vars)
        }),
        Some(Operation::CreateCommit) => with(variables, |vars: mutations::Input<_>| {
            mutations::create_commit(&shared, &inner, &viewer, vars.input)
        }),
        Some(Operation::CreateRef) => with(variables, |vars: mutations::Input<_>| {
            mutations::create_ref(&shared, &inner, &viewer, vars.input)
        }),
        Some(Operation::DeleteRef) => with(variables, |vars: mutations::Input<_>| {
            mutations::delete_ref(&shared, &mut inner, &viewer, vars.input)
        }),
    };
    reply::json(StatusCode::OK, &answer)
}

/// Runs an operation on its variables, or answers that they do not fit its document.
fn with<T: DeserializeOwned>(variables: Value, run: impl FnOnce(T) -> Value) -> Value {
    match serde_json::from_value(variables) {
        Ok(vars) => run(vars),
        Err(err) => reply::graphql_failure(&format!(
            "stand-in: the variables do not fit the document: {err}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_match_whatever_their_whitespace() {
        let sent = "mutation DeleteRef($input: DeleteRefInput!) { deleteRef(input: $input) { clientMutationId } }";
        assert_eq!(operation_of(sent), Some(Operation::DeleteRef));
        let squeezed =
            "mutation DeleteRef($input:DeleteRefInput!){deleteRef(input:$input){clientMutationId}}";
        assert_eq!(operation_of(squeezed), Some(Operation::DeleteRef));
        let other = "mutation DeleteRef($input: DeleteRefInput!) { deleteRef(input: $input) { clientMutationId ref } }";
        assert_eq!(operation_of(other), None);
        assert_eq!(operation_of("mutationDeleteRef"), None);
    }
}
