//! Links that open a new pull request for a branch on the host a remote points at: GitHub, GitLab,
//! Bitbucket, and Gitea-style hosts (Gitea, Forgejo, Codeberg) for anything else.

use storage::encode_path as encode;

/// `https://host/owner/repo` of a remote URL (https, `ssh://` or scp-like `git@host:owner/repo.git`).
fn web_url(remote: &str) -> Option<(String, String)> {
    let remote = remote.trim().trim_end_matches('/');
    let remote = remote.strip_suffix(".git").unwrap_or(remote);
    let (host, path) = if let Some(rest) = remote
        .strip_prefix("https://")
        .or_else(|| remote.strip_prefix("http://"))
    {
        rest.split_once('/')?
    } else if let Some(rest) = remote.strip_prefix("ssh://") {
        let (host, path) = rest.split_once('/')?;
        (host.rsplit('@').next()?.split(':').next()?, path)
    } else {
        let (user_host, path) = remote.split_once(':')?;
        (user_host.rsplit('@').next()?, path)
    };
    let host = host.rsplit('@').next()?;
    (!host.is_empty() && path.contains('/'))
        .then(|| (host.to_string(), path.trim_start_matches('/').to_string()))
}

/// The page that starts a pull request from `branch` into `base`, or None for an unknown remote.
pub fn new_pull_request_url(remote: &str, branch: &str, base: &str) -> Option<String> {
    let (host, path) = web_url(remote)?;
    let repo = format!("https://{host}/{path}");
    let branch_q = encode(branch).replace('/', "%2F");
    Some(if host == "github.com" {
        format!("{repo}/pull/new/{}", encode(branch))
    } else if host.starts_with("gitlab.") {
        format!(
            "{repo}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch_q}&merge_request%5Btarget_branch%5D={}",
            encode(base).replace('/', "%2F")
        )
    } else if host == "bitbucket.org" {
        format!(
            "{repo}/pull-requests/new?source={branch_q}&dest={}",
            encode(base).replace('/', "%2F")
        )
    } else {
        format!("{repo}/compare/{}...{}", encode(base), encode(branch))
    })
}

#[cfg(test)]
mod tests {
    use super::new_pull_request_url;

    #[test]
    fn links_follow_each_host() {
        let url = |remote| new_pull_request_url(remote, "quire/new-look", "main");
        assert_eq!(
            url("git@github.com:acme/site.git").as_deref(),
            Some("https://github.com/acme/site/pull/new/quire/new-look")
        );
        assert_eq!(
            url("https://github.com/acme/site").as_deref(),
            Some("https://github.com/acme/site/pull/new/quire/new-look")
        );
        assert_eq!(
            url("https://gitlab.com/acme/web/site.git").as_deref(),
            Some(
                "https://gitlab.com/acme/web/site/-/merge_requests/new?merge_request%5Bsource_branch%5D=quire%2Fnew-look&merge_request%5Btarget_branch%5D=main"
            )
        );
        assert_eq!(
            url("ssh://git@bitbucket.org/acme/site.git").as_deref(),
            Some(
                "https://bitbucket.org/acme/site/pull-requests/new?source=quire%2Fnew-look&dest=main"
            )
        );
        assert_eq!(
            url("ssh://git@codeberg.org:2222/acme/site.git").as_deref(),
            Some("https://codeberg.org/acme/site/compare/main...quire/new-look")
        );
        assert_eq!(url("/srv/git/site.git"), None);
    }
}
