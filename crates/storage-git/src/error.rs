//! libgit2's errors as storage errors.

use storage::Error;

/// A libgit2 failure, said as an I/O error of the repository.
pub fn git(err: git2::Error) -> Error {
    Error::Io {
        path: String::from("git repository"),
        source: std::io::Error::other(err.message().to_string()),
    }
}
