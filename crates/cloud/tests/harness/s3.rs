//! Where a test's images are kept: a folder of its own, or a bucket of its own on a real
//! S3-compatible server (moto's, from PyPI, which `scripts/check.sh` installs; its `moto_server` is
//! `$QUIRE_MOTO_SERVER`, else `~/.cache/quire-moto/bin/moto_server`).

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use cloud::image_store::{Images, S3Settings};
use object_store::ObjectStore;

/// Where a test keeps its images.
#[derive(Clone, Copy)]
pub enum Keep<'a> {
    Folder,
    S3(&'a S3Server),
}

/// A place opened for one test: its objects as the test reads them.
pub struct Kept {
    pub objects: Arc<dyn ObjectStore>,
    /// Kept as long as the test runs.
    pub folder: Option<tempfile::TempDir>,
    /// The images' address in S3 (`s3://bucket/prefix`).
    pub s3_url: Option<String>,
}

impl Keep<'_> {
    /// The cloud's images in a new place of this kind, and that place.
    pub fn open(self) -> (Images, Kept) {
        match self {
            Keep::Folder => {
                let folder = tempfile::tempdir().unwrap();
                let images = Images::in_folder(folder.path()).unwrap();
                let objects =
                    object_store::local::LocalFileSystem::new_with_prefix(folder.path()).unwrap();
                let kept = Kept {
                    objects: Arc::new(objects),
                    folder: Some(folder),
                    s3_url: None,
                };
                (images, kept)
            }
            Keep::S3(server) => {
                let bucket = server.bucket();
                let url = format!("s3://{bucket}/kept/here");
                let images = Images::in_s3(&url, server.settings()).unwrap();
                let objects = server.settings().with_bucket_name(&bucket).build().unwrap();
                let objects = object_store::prefix::PrefixStore::new(objects, "kept/here");
                let kept = Kept {
                    objects: Arc::new(objects),
                    folder: None,
                    s3_url: Some(url),
                };
                (images, kept)
            }
        }
    }
}

/// moto's S3 server on a free loopback port, stopped when dropped.
pub struct S3Server {
    child: Child,
    pub endpoint: String,
    buckets: AtomicU32,
}

impl S3Server {
    pub fn start() -> S3Server {
        let program = std::env::var_os("QUIRE_MOTO_SERVER")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
                    .join(".cache/quire-moto/bin/moto_server")
            });
        assert!(
            program.exists(),
            "moto's S3 server is at {} (scripts/check.sh installs it: `need_moto` in scripts/lib.sh)",
            program.display()
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(&program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("moto's server starts");
        let server = S3Server {
            child,
            endpoint: format!("http://127.0.0.1:{port}"),
            buckets: AtomicU32::new(0),
        };
        let until = Instant::now() + Duration::from_secs(30);
        while ureq::get(&server.endpoint).call().is_err() {
            assert!(Instant::now() < until, "moto's server answers within 30 s");
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    /// How the cloud reaches this server.
    pub fn settings(&self) -> S3Settings {
        S3Settings::new()
            .with_endpoint(&self.endpoint)
            .with_allow_http(true)
            .with_region("us-east-1")
            .with_access_key_id("test")
            .with_secret_access_key("test")
    }

    /// A new, empty bucket's name.
    pub fn bucket(&self) -> String {
        let name = format!("images-{}", self.buckets.fetch_add(1, Ordering::Relaxed));
        ureq::put(&format!("{}/{name}", self.endpoint))
            .send_empty()
            .expect("moto makes a bucket");
        name
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}
