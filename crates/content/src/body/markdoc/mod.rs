//! A Markdoc body as the admin reads it: Markdoc 0.4's tokens (markdown-it without indented code,
//! setext headings or HTML, plus `{% %}` tags that stand alone on their lines as blocks and inline
//! elsewhere), its tree with the errors its parser records (`Node 'x' is missing closing`), then the
//! admin's reader over that tree (`web/src/editor/markdoc/parse.ts`).
//!
//! `tokens` cuts the text into Markdoc's tokens, `tree` nests them as its parser does, `read`
//! walks the tree as the admin's reader does.

mod read;
mod tokens;
mod tree;

use super::field::{BodyProblem, ContentField};
use super::options::EditorFeatures;
use read::Reader;
use tokens::Tokenizer;
use tree::Tree;

pub(super) fn check(field: ContentField<'_>, text: &str) -> Vec<BodyProblem> {
    let tokens = Tokenizer::new(text).tokens();
    let tree = Tree::build(&tokens);
    let mut reader = Reader {
        field,
        options: EditorFeatures::read(field.options, field.kind),
        tree: &tree,
        problems: Vec::new(),
    };
    reader.node(0, false);
    reader.problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Component, ContentKind};

    fn check_markdoc(text: &str) -> Vec<BodyProblem> {
        let options = crate::config::EditorOptions::default();
        let components: Vec<(String, Component)> = Vec::new();
        check(
            ContentField {
                kind: &ContentKind::Markdoc,
                options: &options,
                components: &components,
            },
            text,
        )
    }

    #[test]
    fn odd_text_is_read_without_panicking() {
        let texts = [
            "{%}",
            "{%",
            "%}",
            "{% %}",
            "```js {%}\nx\n```\n",
            "- {%}\n",
            "> {% a \"\\\" %}",
            "é{% ü /%}ö\n",
            "{% a %}\n{% b %}\n{% /a %}\n{% /b %}\n",
            "*a {% b %}c* d{% /b %}\n",
            "| {% a %} |\n|---|\n| {% /a %} |\n",
        ];
        for text in texts {
            check_markdoc(text);
        }
        assert_eq!(
            check_markdoc("{%}").len(),
            1,
            "an empty tag is a syntax error"
        );
    }
}
