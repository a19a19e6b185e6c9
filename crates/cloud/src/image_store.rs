//! Where projects' images are kept: an object store (the data folder's `images/`, or S3-compatible
//! object storage that several instances share), and the turns to decode and encode them. Decoding and encoding take memory and time: at most
//! `TRANSFORMS_AT_ONCE` run at once on an instance, the others wait their turn.

use std::sync::Arc;

use bytes::Bytes;
/// How S3-compatible object storage is reached (keys, region, endpoint).
pub use object_store::aws::AmazonS3Builder as S3Settings;
use object_store::path::Path as StorePath;
use object_store::prefix::PrefixStore;
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

    /// Images kept in S3-compatible object storage at `url` (`s3://bucket` or `s3://bucket/prefix`),
    /// reached with `settings`: for the binary `S3Settings::from_env()`, the usual AWS
    /// settings (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, and `AWS_ENDPOINT` with
    /// `AWS_ALLOW_HTTP` for another S3-compatible service).
    pub fn in_s3(url: &str, settings: S3Settings) -> Result<Images, String> {
        let parsed = url::Url::parse(url)
            .ok()
            .filter(|parsed| parsed.scheme() == "s3" && parsed.host_str().is_some())
            .ok_or_else(|| format!("--images {url} is not s3://bucket or s3://bucket/prefix"))?;
        let store = settings
            .with_url(url)
            .build()
            .map_err(|err| format!("cannot keep images in {url}: {err}"))?;
        let prefix = parsed.path().trim_matches('/');
        Ok(Images::new(if prefix.is_empty() {
            Arc::new(store)
        } else {
            Arc::new(PrefixStore::new(store, prefix))
        }))
    }

    /// Whether the store answers: a cloud whose images cannot be reached says so when it starts,
    /// not at its first upload.
    pub async fn check(&self) -> Result<(), String> {
        self.store
            .list_with_delimiter(None)
            .await
            .map(|_| ())
            .map_err(|err| format!("the images cannot be reached: {err}"))
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
