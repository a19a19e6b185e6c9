//! The body vectors (`vectors/bodies`), which the admin's tests run through its editor's readers:
//! the checker reports the same problems, with the same messages and lines, for the same bodies.

mod vector_files;

use content::body::{BodyProblem, ContentField, Severity, check_body};
use content::config;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Vector {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    field: Value,
    body: String,
    problems: Vec<Shown>,
    notices: Vec<Shown>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Shown {
    line: Option<usize>,
    message: String,
}

fn vectors() -> Vec<(String, Vector)> {
    vector_files::read("bodies")
}

fn shown(problems: &[BodyProblem], severity: Severity) -> Vec<Shown> {
    problems
        .iter()
        .filter(|problem| problem.severity == severity)
        .map(|problem| Shown {
            line: problem.line,
            message: problem.message.clone(),
        })
        .collect()
}

#[test]
fn bodies_show_the_problems_the_admin_shows() {
    let mut failures = Vec::new();
    for (file, vector) in vectors() {
        for case in vector.cases {
            // A singleton whose one field is the case's (JSON is YAML's flow syntax).
            let text = format!(
                "singletons:\n  item:\n    path: item\n    schema:\n      body: {}\n",
                case.field
            );
            let config = config::parse(&text)
                .unwrap_or_else(|e| panic!("{}: {}", case.name, e.render("vector")));
            let schema = &config.singleton("item").expect("the singleton").schema;
            let field = ContentField::of(&schema[0].1.kind).expect("a content field");
            let problems = check_body(field, &case.body);
            let (refused, notices) = (
                shown(&problems, Severity::Refused),
                shown(&problems, Severity::Notice),
            );
            if refused != case.problems || notices != case.notices {
                failures.push(format!(
                    "{file}: {}\n  body     {:?}\n  expected {:?} {:?}\n  got      {refused:?} {notices:?}",
                    case.name, case.body, case.problems, case.notices
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
