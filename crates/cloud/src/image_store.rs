//! Where projects' images are kept: an object store (the data folder's `images/`), and the turns
//! to decode and encode them. Decoding and encoding take memory and time: at most
//! `TRANSFORMS_AT_ONCE` run at once on an instance, the others wait their turn.

use std::sync::Arc;

use bytes::Bytes;
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, ObjectStoreExt};
use tokio::sync::Semaphore;

use crate::error::Error;

/// Decodes and encodes running at once on an instance.
pub const TRANSFORMS_AT_ONCE: usize = 4;

/// Where a project's images are kept, and the turns to transform them.
pub struct Images {
    store: Arc<dyn ObjectStore>,
    turns: Semaphore,
}

impl Images {
    pub fn new(store: Arc<dyn ObjectStore>) -> Images {
        Images {
            store,
            turns: Semaphore::new(TRANSFORMS_AT_ONCE),
        }
    }

    /// Images kept in the folder `dir` (made when missing).
    pub fn in_folder(dir: &std::path::Path) -> Result<Images, String> {
        std::fs::create_dir_all(dir)
            .map_err(|err| format!("cannot make the images folder {}: {err}", dir.display()))?;
        let store = object_store::local::LocalFileSystem::new_with_prefix(dir)
            .map_err(|err| format!("cannot keep images in {}: {err}", dir.display()))?;
        Ok(Images::new(Arc::new(store)))
    }

    /// Runs `work` off the async workers, in its turn.
    pub(crate) async fn in_turn<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, Error> + Send + 'static,
    ) -> Result<T, Error> {
        let _turn = self
            .turns
            .acquire()
            .await
            .map_err(|err| Error::Unavailable(format!("image turns: {err}")))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|err| Error::Unavailable(format!("an image's work stopped: {err}")))?
    }

    pub(crate) async fn put(&self, key: &str, bytes: Bytes) -> Result<(), Error> {
        self.store
            .put(&StorePath::from(key), bytes.into())
            .await
            .map_err(|err| Error::Unavailable(format!("keeping an image: {err}")))?;
        Ok(())
    }

    pub(crate) async fn get(&self, key: &str) -> Result<Option<Bytes>, Error> {
        match self.store.get(&StorePath::from(key)).await {
            Ok(found) => found
                .bytes()
                .await
                .map(Some)
                .map_err(|err| Error::Unavailable(format!("reading an image: {err}"))),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(Error::Unavailable(format!("reading an image: {err}"))),
        }
    }

    /// Removes everything kept under `prefix` (an image's original and its transforms).
    pub(crate) async fn remove_all(&self, prefix: &str) -> Result<(), Error> {
        use futures_util::TryStreamExt;
        let prefix = StorePath::from(prefix);
        let kept: Vec<_> = self
            .store
            .list(Some(&prefix))
            .map_ok(|meta| meta.location)
            .try_collect()
            .await
            .map_err(|err| Error::Unavailable(format!("listing an image's files: {err}")))?;
        for location in kept {
            match self.store.delete(&location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(err) => {
                    return Err(Error::Unavailable(format!("removing an image: {err}")));
                }
            }
        }
        Ok(())
    }
}
