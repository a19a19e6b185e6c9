//! The GraphQL documents Quire sends to GitHub, one file each in `graphql/` (a test checks every
//! one against GitHub's published schema, and the stand-in answers only these).

pub const REPOSITORY: &str = include_str!("../graphql/repository.graphql");
pub const BRANCHES: &str = include_str!("../graphql/branches.graphql");
pub const REF: &str = include_str!("../graphql/ref.graphql");
pub const CREATE_COMMIT: &str = include_str!("../graphql/create-commit.graphql");
pub const CREATE_REF: &str = include_str!("../graphql/create-ref.graphql");
pub const DELETE_REF: &str = include_str!("../graphql/delete-ref.graphql");
pub const PULL_REQUESTS: &str = include_str!("../graphql/pull-requests.graphql");
