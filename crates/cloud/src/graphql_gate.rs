//! What a person's GraphQL document may do on the way to GitHub: read (any member), or change the
//! repository (a mutation: editors and above). Every `createCommitOnBranch` must take its input from
//! a variable, so that the cloud can sign the commit with its person (`Co-authored-by`); found
//! wherever it hides (aliases, fragments, inline fragments). Subscriptions are refused.

use graphql_parser::query::{Definition, OperationDefinition, Selection, SelectionSet, Value};

use crate::error::Error;

/// What a document asks.
#[derive(Debug, PartialEq, Eq)]
pub enum Asks {
    Read,
    /// A mutation; the variables that carry each `createCommitOnBranch`'s input.
    Write {
        commit_inputs: Vec<String>,
    },
}

pub fn inspect(document: &str) -> Result<Asks, Error> {
    let parsed = graphql_parser::parse_query::<String>(document)
        .map_err(|err| Error::Invalid(format!("The GraphQL document could not be read: {err}")))?;
    let mut write = false;
    let mut commit_inputs = Vec::new();
    for definition in &parsed.definitions {
        let selections = match definition {
            Definition::Operation(OperationDefinition::Mutation(mutation)) => {
                write = true;
                &mutation.selection_set
            }
            Definition::Operation(OperationDefinition::Subscription(_)) => {
                return Err(Error::Invalid(
                    "Subscriptions are not passed on to GitHub.".into(),
                ));
            }
            Definition::Operation(OperationDefinition::Query(query)) => &query.selection_set,
            Definition::Operation(OperationDefinition::SelectionSet(set)) => set,
            Definition::Fragment(fragment) => &fragment.selection_set,
        };
        commits_in(selections, &mut commit_inputs)?;
    }
    if !write && !commit_inputs.is_empty() {
        // A fragment with a commit that no mutation spreads: harmless, but not a read either.
        write = true;
    }
    Ok(if write {
        Asks::Write { commit_inputs }
    } else {
        Asks::Read
    })
}

fn commits_in(set: &SelectionSet<'_, String>, found: &mut Vec<String>) -> Result<(), Error> {
    for selection in &set.items {
        match selection {
            Selection::Field(field) => {
                if field.name == "createCommitOnBranch" {
                    let input = field.arguments.iter().find(|(name, _)| name == "input");
                    match input {
                        Some((_, Value::Variable(variable))) => found.push(variable.clone()),
                        _ => {
                            return Err(Error::Invalid(
                                "createCommitOnBranch must take its input from a variable ($input), so that the cloud can name who made the commit.".into(),
                            ));
                        }
                    }
                }
                commits_in(&field.selection_set, found)?;
            }
            Selection::InlineFragment(fragment) => commits_in(&fragment.selection_set, found)?,
            Selection::FragmentSpread(_) => {}
        }
    }
    Ok(())
}

/// `body` with the trailer that names `name <email>` as the commit's co-author, after a blank line.
pub fn with_coauthor(body: &str, name: &str, email: &str) -> String {
    let clean = |text: &str| -> String {
        text.chars()
            .filter(|c| !c.is_control() && *c != '<' && *c != '>')
            .collect::<String>()
            .trim()
            .to_string()
    };
    let trailer = format!("Co-authored-by: {} <{}>", clean(name), clean(email));
    let body = body.trim_end();
    if body.is_empty() {
        trailer
    } else {
        format!("{body}\n\n{trailer}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_read_and_mutations_write() {
        assert_eq!(inspect("query Q { viewer { login } }").unwrap(), Asks::Read);
        assert_eq!(inspect("{ viewer { login } }").unwrap(), Asks::Read);
        let create_ref = "mutation CreateRef($input: CreateRefInput!) { createRef(input: $input) { ref { id } } }";
        assert_eq!(
            inspect(create_ref).unwrap(),
            Asks::Write {
                commit_inputs: vec![]
            }
        );
    }

    #[test]
    fn every_commit_is_found_wherever_it_hides() {
        let document = "mutation M($a: CreateCommitOnBranchInput!, $b: CreateCommitOnBranchInput!) { one: createCommitOnBranch(input: $a) { commit { oid } } ...F }
            fragment F on Mutation { ... on Mutation { createCommitOnBranch(input: $b) { commit { oid } } } }";
        assert_eq!(
            inspect(document).unwrap(),
            Asks::Write {
                commit_inputs: vec!["a".into(), "b".into()]
            }
        );
    }

    #[test]
    fn a_commit_written_inline_or_a_subscription_or_nonsense_is_refused() {
        let inline = r#"mutation { createCommitOnBranch(input: { message: { headline: "x" } }) { commit { oid } } }"#;
        let hidden = r#"query Q { viewer { login } } fragment F on Mutation { createCommitOnBranch(input: {}) { clientMutationId } }"#;
        for refused in [inline, hidden, "subscription { x }", "mutation {"] {
            assert!(
                matches!(inspect(refused), Err(Error::Invalid(_))),
                "{refused}"
            );
        }
    }

    #[test]
    fn the_trailer_follows_the_body_after_a_blank_line() {
        assert_eq!(
            with_coauthor("", "Ada", "ada@example.com"),
            "Co-authored-by: Ada <ada@example.com>"
        );
        assert_eq!(
            with_coauthor("Why.\n", "Ada <x>\nEvil: 1", "ada@example.com"),
            "Why.\n\nCo-authored-by: Ada xEvil: 1 <ada@example.com>"
        );
    }
}
