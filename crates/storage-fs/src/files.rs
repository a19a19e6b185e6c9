//! Small helpers over the file system: its errors as storage errors, durable renames.

use std::fs;
use std::path::Path;

use storage::Error;

pub fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Makes a rename or removal durable; best effort, as not every platform can sync a directory.
pub fn sync_parent(path: &Path) {
    if let Some(parent) = path.parent()
        && let Ok(dir) = fs::File::open(parent)
    {
        let _ = dir.sync_all();
    }
}
