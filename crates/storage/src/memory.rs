//! An in-memory backend, for tests and as the reference behaviour of the conformance suite.

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::backend::Storage;
use crate::change::{ChangeSet, Committed};
use crate::error::Error;
use crate::hash::{blob_sha, tree_from_blobs};
use crate::tree::Tree;

#[derive(Default)]
pub struct MemoryStorage {
    files: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl MemoryStorage {
    pub fn new(files: impl IntoIterator<Item = (String, Vec<u8>)>) -> MemoryStorage {
        MemoryStorage {
            files: Mutex::new(files.into_iter().collect()),
        }
    }

    fn files(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        // A panic while holding the lock cannot leave the map half-changed: every change is one insert/remove.
        self.files
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Storage for MemoryStorage {
    fn tree(&self, _branch: Option<&str>) -> Result<Tree, Error> {
        let blobs: Vec<(String, String)> = self
            .files()
            .iter()
            .map(|(p, b)| (p.clone(), blob_sha(b)))
            .collect();
        Ok(tree_from_blobs(&blobs).into())
    }

    fn read(&self, _branch: Option<&str>, path: &str) -> Result<Option<Vec<u8>>, Error> {
        Ok(self.files().get(path).cloned())
    }

    fn commit(&self, _branch: Option<&str>, change: &ChangeSet) -> Result<Committed, Error> {
        let mut files = self.files();
        let conflicts: Vec<String> = change
            .expected
            .iter()
            .filter(|(path, sha)| files.get(path).map(|b| blob_sha(b)) != *sha)
            .map(|(path, _)| path.clone())
            .collect();
        if !conflicts.is_empty() {
            return Err(Error::Conflict(conflicts));
        }
        for (path, bytes) in &change.additions {
            files.insert(path.clone(), bytes.clone());
        }
        for path in &change.deletions {
            files.remove(path);
        }
        Ok(Committed::default())
    }
}
