//! The YAML error vectors (`vectors/yaml`), which the admin's tests run too: the server's reader
//! words and places every broken data file as the admin does.

mod vector_files;

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
    vector_files::read("yaml")
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
