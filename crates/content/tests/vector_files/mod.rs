//! Reading the shared vectors (`vectors/<folder>/*.json`) that the admin's tests read too.

use std::path::PathBuf;

use serde::de::DeserializeOwned;

/// Every JSON file of `vectors/<folder>`, by file name, in name order.
pub fn read<T: DeserializeOwned>(folder: &str) -> Vec<(String, T)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../vectors")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vectors in {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("read vector");
            let vector =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, vector)
        })
        .collect()
}
