//! Where content is kept: the [`Storage`] trait that every backend implements, git object hashing,
//! an in-memory backend, and the conformance suite that every backend passes.
//!
//! Storage knows files and change sets, never fields or config.
//!
//! Storage by capability: the core every backend has is [`Storage`]; what a backend may add it
//! answers through [`Storage::branching`] ([`Branching`]) and [`Storage::hosting`] ([`Hosting`]),
//! and [`Storage::takes_authors`] says whether a change set's author authors the commit. Storage
//! that people sign in to is [`Accounts`] (`accounts.rs`). Callers ask for capabilities, never for
//! a kind of storage.

mod accounts;
mod backend;
mod change;
pub mod conformance;
mod error;
mod hash;
mod memory;
mod tree;
mod unavailable;
mod url;

pub use accounts::{
    Accounts, AuthError, CloudSession, LibraryPage, Provider, Relayed, Tokens, User,
};
pub use backend::{Branch, Branching, HostedRepository, Hosting, PullRequest, Storage};
pub use change::{Author, ChangeSet, Committed, PushFailed};
pub use error::Error;
pub use hash::{blob_sha, tree_from_blobs, tree_root};
pub use memory::MemoryStorage;
pub use tree::{EntryKind, Tree, TreeEntry};
pub use unavailable::UnavailableStorage;
pub use url::encode_path;
