//! GitHub's pages that start a pull request from a branch: in the repository itself, or from a
//! fork to the repository it was made from.

use storage::encode_path as encode;

/// GitHub's page (github.com or an Enterprise Server at `repo`'s host) that starts a pull request
/// from `branch`.
pub fn new_pull_request_url(repo: &str, branch: &str) -> String {
    format!("{}/pull/new/{}", repo.trim_end_matches('/'), encode(branch))
}

/// GitHub's page that proposes the `fork_owner`'s fork's `branch` to the repository at `upstream`
/// (compared with its `default` branch).
pub fn fork_pull_request_url(
    upstream: &str,
    default: &str,
    fork_owner: &str,
    branch: &str,
) -> String {
    format!(
        "{}/compare/{}...{}:{}",
        upstream.trim_end_matches('/'),
        encode(default),
        encode(fork_owner),
        encode(branch)
    )
}

#[cfg(test)]
mod tests {
    use super::{fork_pull_request_url, new_pull_request_url};

    #[test]
    fn a_forks_branch_is_compared_with_the_default_branch_upstream() {
        assert_eq!(
            fork_pull_request_url(
                "https://github.com/acme/site",
                "main",
                "ada",
                "quire/new look"
            ),
            "https://github.com/acme/site/compare/main...ada:quire/new%20look"
        );
    }

    #[test]
    fn a_branch_is_proposed_in_its_own_repository() {
        assert_eq!(
            new_pull_request_url("https://github.example.com/acme/site/", "quire/new look"),
            "https://github.example.com/acme/site/pull/new/quire/new%20look"
        );
    }
}
