//! The YAML error vectors (`vectors/yaml`), which the admin's tests run too: the server's reader
//! words and places every broken data file as the admin does.

use std::path::PathBuf;

use content::config::DataFormat;
use content::entry::parse_entry_file;
use serde::Deserialize;

#[derive(Deserialize)]
struct Vector {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    yaml: String,
    #[serde(rename = "in")]
    place: Option<String>,
    error: String,
}

fn vectors() -> Vec<(String, Vector)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vectors/yaml");
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
            (path.display().to_string(), vector)
        })
        .collect()
}

#[test]
fn yaml_errors_read_as_the_admin_shows_them() {
    let mut failures = Vec::new();
    for (file, vector) in vectors() {
        for case in vector.cases {
            let in_frontmatter = case.place.as_deref() == Some("frontmatter");
            let bytes = if in_frontmatter {
                format!("---\n{}---\nBody\n", case.yaml)
            } else {
                case.yaml.clone()
            };
            let shown = match parse_entry_file(bytes.as_bytes(), DataFormat::Yaml, in_frontmatter) {
                Ok(_) => "opens without a problem".to_string(),
                Err(err) => err.to_string(),
            };
            if shown != case.error {
                failures.push(format!(
                    "{file}: {}\n  expected {}\n  got      {shown}",
                    case.name, case.error
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
