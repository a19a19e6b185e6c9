//! The wire between Quire's admin and its server: every request and response body of the API
//! (`docs/api.md`) and the normalized config (`config`), as serde types. The admin's TypeScript
//! types (`web/src/api/wire.ts`, `web/src/api/config.ts`) are generated from them:
//! `cargo test -p protocol` fails when they are stale, and `QUIRE_BLESS=1 cargo test -p protocol`
//! writes them anew.
//!
//! This crate holds shapes only: no behaviour, no crate of ours.

mod branches;
mod commit;
pub mod config;
mod entries;
mod entry;
mod error;
mod session;
mod tree;

pub use branches::{
    Branch, BranchList, CreatedBranch, NewBranch, PullRequest, PullRequestResponse,
};
pub use commit::{
    Addition, ChangedFile, CommitAuthor, CommitRequest, CommitResponse, CommitWarning, Deletion,
    UpdateRequest, WarningCode,
};
pub use config::{BranchCapability, Capabilities, CloudSession, ConfigResponse, SignInProvider};
pub use entries::{
    CollectionSummary, ColumnValue, EntryListItem, EntryListResponse, EntryStatus,
    SingletonSummary, Summary,
};
pub use entry::{EntryFile, EntryFilesResponse, SlugsResponse};
pub use error::{ErrorBody, ErrorCode};
pub use session::{Repository, User};
pub use tree::{EntryType, FileMode, TreeEntry, TreeResponse};

/// Every type the admin's `wire.ts` declares, in the order it declares them (`config.ts` has
/// [`config::typescript_declarations`]).
pub fn typescript_declarations() -> Vec<String> {
    use ts_rs::TS;
    vec![
        ConfigResponse::decl(),
        Capabilities::decl(),
        BranchCapability::decl(),
        SignInProvider::decl(),
        CloudSession::decl(),
        User::decl(),
        Repository::decl(),
        FileMode::decl(),
        EntryType::decl(),
        TreeEntry::decl(),
        TreeResponse::decl(),
        Summary::decl(),
        CollectionSummary::decl(),
        SingletonSummary::decl(),
        ColumnValue::decl(),
        EntryStatus::decl(),
        EntryListItem::decl(),
        EntryListResponse::decl(),
        EntryFile::decl(),
        EntryFilesResponse::decl(),
        SlugsResponse::decl(),
        Addition::decl(),
        Deletion::decl(),
        UpdateRequest::decl(),
        CommitRequest::decl(),
        CommitAuthor::decl(),
        WarningCode::decl(),
        CommitWarning::decl(),
        CommitResponse::decl(),
        ChangedFile::decl(),
        Branch::decl(),
        BranchList::decl(),
        NewBranch::decl(),
        CreatedBranch::decl(),
        PullRequest::decl(),
        PullRequestResponse::decl(),
        ErrorCode::decl(),
        ErrorBody::decl(),
    ]
}
