//! Storage that could not be opened (a repository without commits, say): the server still starts,
//! and every request answers with the reason, so the admin can show it instead of crashing.

use crate::backend::Storage;
use crate::change::{ChangeSet, Committed};
use crate::error::Error;
use crate::tree::Tree;

pub struct UnavailableStorage {
    pub reason: String,
}

impl Storage for UnavailableStorage {
    fn tree(&self, _branch: Option<&str>) -> Result<Tree, Error> {
        Err(Error::Unavailable(self.reason.clone()))
    }

    fn read(&self, _branch: Option<&str>, _path: &str) -> Result<Option<Vec<u8>>, Error> {
        Err(Error::Unavailable(self.reason.clone()))
    }

    fn commit(&self, _branch: Option<&str>, _change: &ChangeSet) -> Result<Committed, Error> {
        Err(Error::Unavailable(self.reason.clone()))
    }

    fn head(&self, _branch: Option<&str>) -> Result<Option<String>, Error> {
        Err(Error::Unavailable(self.reason.clone()))
    }
}
