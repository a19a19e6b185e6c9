//! Where the site lives on GitHub, as the config names it.

/// Where the site lives on GitHub.
#[derive(Debug, Clone)]
pub struct Repository {
    pub owner: String,
    pub name: String,
    /// The repository's folder that holds the site, without slashes around it.
    pub path_prefix: Option<String>,
}
