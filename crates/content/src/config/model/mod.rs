//! The normalized site configuration: collections, singletons, their fields and every field
//! kind's options, with every default filled in. Only data: reading it is `site.rs` and the kinds'.

mod fields;

pub use fields::*;

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub storage: StorageKind,
    /// The cloud the site signs people in with: required for `cloud` storage, optional beside
    /// `local` and `git` (where it can guard the admin).
    pub cloud: Option<CloudConfig>,
    pub brand: Brand,
    pub navigation: Vec<NavGroup>,
    pub collections: Vec<(String, Collection)>,
    pub singletons: Vec<(String, Singleton)>,
    /// Whether people see each other and edit together (`collaboration`, on by default).
    pub collaboration: bool,
    /// The admin's language for people who have not chosen one, before their browser's
    /// (`locale`, one of [`ADMIN_LOCALES`](crate::config::ADMIN_LOCALES)).
    pub locale: Option<String>,
}

impl Config {
    pub fn collection(&self, key: &str) -> Option<&Collection> {
        self.collections
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, c)| c)
    }

    pub fn singleton(&self, key: &str) -> Option<&Singleton> {
        self.singletons
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, s)| s)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageKind {
    /// Files in the site's folder.
    Local,
    /// Commits to branches of a git repository on disk.
    Git(GitStorage),
    /// A repository on GitHub, read and written as the person signed in.
    Github(GithubStorage),
    /// The cloud project's repository, reached through the cloud as the person signed in to it.
    Cloud(CloudStorage),
}

impl StorageKind {
    /// What the names of branches made in the admin start with, for storage with branches.
    pub fn branch_prefix(&self) -> Option<&str> {
        match self {
            StorageKind::Local => None,
            StorageKind::Git(git) => git.branch_prefix.as_deref(),
            StorageKind::Github(github) => github.branch_prefix.as_deref(),
            StorageKind::Cloud(cloud) => cloud.branch_prefix.as_deref(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GithubStorage {
    pub owner: String,
    pub name: String,
    /// Prefix of branches created in the admin.
    pub branch_prefix: Option<String>,
    /// The folder of the repository that holds the site (a monorepo's `site/`), without slashes
    /// around it; None when the site is the repository's root.
    pub path_prefix: Option<String>,
    /// Who may use the admin once signed in: GitHub logins and `org/team` names; empty: everyone
    /// GitHub lets read the repository.
    pub allow: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CloudStorage {
    /// Prefix of branches created in the admin.
    pub branch_prefix: Option<String>,
    /// The folder of the repository that holds the site, as for GitHub.
    pub path_prefix: Option<String>,
}

/// `cloud: { project, url, signIn }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloudConfig {
    /// `team/project`.
    pub project: String,
    /// The cloud's address, without a trailing slash (Keystatic Cloud's when the config names none).
    pub url: String,
    /// Whether the admin asks for cloud sign-in before anything is served (`signIn: required`),
    /// on `local` and `git` storage; always so on `cloud` storage.
    pub sign_in_required: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GitStorage {
    /// None: the branch the repository's HEAD points at.
    pub default_branch: Option<String>,
    /// A remote to push each commit to.
    pub remote: Option<String>,
    /// Prefix of branches created in the admin (`quire/`).
    pub branch_prefix: Option<String>,
    /// Branches that only take changes through pull requests.
    pub protected: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Brand {
    pub name: String,
    pub mark: Option<String>,
}

/// A sidebar section; `label` is None for a flat list.
#[derive(Debug, Clone, PartialEq)]
pub struct NavGroup {
    pub label: Option<String>,
    pub items: Vec<NavItem>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum NavItem {
    Collection(String),
    Singleton(String),
    Divider,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataFormat {
    Yaml,
    Json,
}

impl DataFormat {
    pub fn extension(self) -> &'static str {
        match self {
            DataFormat::Yaml => "yaml",
            DataFormat::Json => "json",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Format {
    pub data: DataFormat,
    /// The content field whose text follows the frontmatter, by its path through object fields and
    /// conditionals' values: `[content]`, or `[page, body]` for Keystatic's
    /// `contentField: ['page', 'body']`, or `[aside, value]`.
    pub content_field: Option<Vec<String>>,
}

impl Format {
    /// The field of `schema` whose text follows the frontmatter, if the format has one.
    pub fn content_field_of<'s>(&self, schema: &'s Schema) -> Option<&'s Field> {
        field_at(schema, self.content_field.as_deref()?)
    }
}

/// The field at `path` through a schema, its object fields and its conditionals' `value` (`[page,
/// body]`, `[aside, value]`): through a conditional, its first choice's (a contentField's choices
/// all hold content of one extension there).
pub fn field_at<'s>(schema: &'s Schema, path: &[String]) -> Option<&'s Field> {
    let (first, rest) = path.split_first()?;
    let mut field = &schema.iter().find(|(key, _)| key == first)?.1;
    for step in rest {
        field = if let FieldKind::Object { fields, .. } = &field.kind {
            &fields.iter().find(|(key, _)| key == step)?.1
        } else if let FieldKind::Conditional { values, .. } = &field.kind
            && step == "value"
        {
            &values.first()?.1
        } else {
            return None;
        };
    }
    Some(field)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryLayout {
    Form,
    Content,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Collection {
    pub label: String,
    pub path: String,
    pub slug_field: String,
    pub format: Format,
    pub entry_layout: EntryLayout,
    pub columns: Vec<String>,
    pub preview_url: Option<String>,
    pub template: Option<String>,
    /// How the list orders slugs, when not as text (Keystatic's `parseSlugForSort`).
    pub slug_sort: Option<SlugSort>,
    pub schema: Schema,
}

/// A sort key taken from each slug: the first capture group of `pattern`, as a number or as text.
/// Slugs it does not match sort after the others.
#[derive(Debug, Clone)]
pub struct SlugSort {
    pub pattern: regex::Regex,
    pub as_number: bool,
}

impl PartialEq for SlugSort {
    fn eq(&self, other: &SlugSort) -> bool {
        self.pattern.as_str() == other.pattern.as_str() && self.as_number == other.as_number
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Singleton {
    pub label: String,
    pub path: String,
    pub format: Format,
    pub entry_layout: EntryLayout,
    pub preview_url: Option<String>,
    pub schema: Schema,
}
