//! Reading a crate's Rust sources for the code map's checks: the graph of its modules (which module
//! names which, by `use` or by a path in the code) and the circles in it, and the match arms that
//! catch every other variant of an enum.
//!
//! Each file is one module (`lib.rs` the crate's root, `a/mod.rs` the module `a`, `a/b.rs` the
//! module `a::b`); a parent and its child are two modules, so a `mod.rs` that calls into its child
//! while the child uses the parent's items is a circle. A file's `#[cfg(test)] mod tests` is left
//! out: tests exercise the crate from above and no module names them.

use std::collections::{BTreeMap, BTreeSet};

/// A module's path below the crate's root (`["config", "reading"]`); empty for the root.
pub type ModulePath = Vec<String>;

/// One module naming another, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    pub from: ModulePath,
    pub to: ModulePath,
    /// `file:line` of the first place `from` names `to`.
    pub at: String,
}

/// The module a source file is, from its path below `src/` (`config/mod.rs`, `kinds/text.rs`).
pub fn module_of(relative: &str) -> ModulePath {
    let relative = relative.strip_suffix(".rs").unwrap_or(relative);
    let mut segments: Vec<String> = relative.split('/').map(String::from).collect();
    if segments.last().is_some_and(|s| s == "mod" || s == "lib") {
        segments.pop();
    }
    segments
}

/// Every module naming another: `files` are (path below `src/`, text).
pub fn edges(files: &[(String, String)]) -> Vec<Edge> {
    let modules: BTreeSet<ModulePath> = files.iter().map(|(path, _)| module_of(path)).collect();
    let mut out: Vec<Edge> = Vec::new();
    for (path, text) in files {
        let here = module_of(path);
        let code = without_tests(&code_only(text));
        for (offset, target) in named_paths(&code) {
            let Some(to) = resolve(&modules, &here, &target) else {
                continue;
            };
            if to == here || out.iter().any(|e| e.from == here && e.to == to) {
                continue;
            }
            let line = code[..offset].matches('\n').count() + 1;
            out.push(Edge {
                from: here.clone(),
                to,
                at: format!("{path}:{line}"),
            });
        }
    }
    out
}

/// The circles among `edges`: each a set of modules that reach one another (Tarjan's components of
/// more than one module), with the edges inside it.
pub fn circles(edges: &[Edge]) -> Vec<Vec<Edge>> {
    let mut nodes: BTreeSet<&ModulePath> = BTreeSet::new();
    for edge in edges {
        nodes.insert(&edge.from);
        nodes.insert(&edge.to);
    }
    let nodes: Vec<&ModulePath> = nodes.into_iter().collect();
    let index_of = |m: &ModulePath| nodes.iter().position(|n| *n == m).expect("a node");
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for edge in edges {
        next[index_of(&edge.from)].push(index_of(&edge.to));
    }
    let components = strongly_connected(&next);
    components
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let members: Vec<&ModulePath> = component.iter().map(|i| nodes[*i]).collect();
            edges
                .iter()
                .filter(|e| members.contains(&&e.from) && members.contains(&&e.to))
                .cloned()
                .collect()
        })
        .collect()
}

/// Tarjan's strongly connected components of a graph given as successor lists.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'g> {
        next: &'g [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &s.next[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(index) if s.on_stack[w] => s.low[v] = s.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let mut state = State {
        next,
        index: vec![None; next.len()],
        low: vec![0; next.len()],
        on_stack: vec![false; next.len()],
        stack: Vec::new(),
        counter: 0,
        out: Vec::new(),
    };
    for v in 0..next.len() {
        if state.index[v].is_none() {
            visit(&mut state, v);
        }
    }
    state.out
}

/// The module `path` names from `here`, if it names one of `modules`: the deepest module along it.
/// Paths start at `crate`, `super` or `self`, or at a child of `here`; others name other crates.
fn resolve(
    modules: &BTreeSet<ModulePath>,
    here: &ModulePath,
    path: &[String],
) -> Option<ModulePath> {
    let mut base: ModulePath = here.clone();
    let mut rest = path;
    let mut anchored = false;
    while let Some((first, tail)) = rest.split_first() {
        match first.as_str() {
            "crate" => base.clear(),
            "super" => {
                base.pop()?;
            }
            "self" => {}
            _ => break,
        }
        anchored = true;
        rest = tail;
    }
    for segment in rest {
        let mut deeper = base.clone();
        deeper.push(segment.clone());
        if !modules.contains(&deeper) {
            break;
        }
        base = deeper;
        anchored = true;
    }
    anchored.then_some(base)
}

/// Every path the code names (`use` trees expanded, and `a::b` paths in expressions and types), with
/// the offset it starts at.
fn named_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let tokens = tokens(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let (offset, token) = &tokens[i];
        if token == "use" {
            let end = (i..tokens.len())
                .find(|j| tokens[*j].1 == ";")
                .unwrap_or(tokens.len());
            let tree: Vec<&str> = tokens[i + 1..end].iter().map(|(_, t)| t.as_str()).collect();
            for path in use_tree(&tree) {
                out.push((*offset, path));
            }
            i = end + 1;
            continue;
        }
        let after_path = i > 0 && tokens[i - 1].1 == "::";
        if is_ident(token) && !after_path && tokens.get(i + 1).is_some_and(|(_, t)| t == "::") {
            let mut path = vec![token.clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|(_, t)| t == "::")
                && tokens.get(j + 1).is_some_and(|(_, t)| is_ident(t))
            {
                path.push(tokens[j + 1].1.clone());
                j += 2;
            }
            out.push((*offset, path));
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// The paths of a `use` tree (`super::{a, b::{self, C}}` → `super::a`, `super::b`, `super::b::C`);
/// `as` renames are dropped.
fn use_tree(tokens: &[&str]) -> Vec<Vec<String>> {
    fn tree(tokens: &[&str], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            match tokens.get(*at).copied() {
                Some("{") => {
                    *at += 1;
                    while tokens.get(*at).is_some_and(|t| *t != "}") {
                        tree(tokens, at, &path, out);
                        if tokens.get(*at) == Some(&",") {
                            *at += 1;
                        }
                    }
                    *at += 1;
                    return;
                }
                Some("*") => {
                    *at += 1;
                    out.push(path);
                    return;
                }
                Some("self") if !path.is_empty() => {
                    *at += 1;
                }
                Some(token) if is_ident(token) => {
                    path.push(token.to_string());
                    *at += 1;
                }
                _ => {}
            }
            match tokens.get(*at).copied() {
                Some("::") => *at += 1,
                Some("as") => {
                    *at += 2;
                    out.push(path);
                    return;
                }
                _ => {
                    out.push(path);
                    return;
                }
            }
        }
    }
    // `pub use` and `pub(crate) use` reach here as `use`; a leading `::` names an extern crate.
    let mut out = Vec::new();
    let mut at = 0;
    if tokens.first() != Some(&"::") {
        tree(tokens, &mut at, &[], &mut out);
    }
    out
}

fn is_ident(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Identifiers, `::` and single punctuation characters, with their offsets.
fn tokens(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (offset, c) = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while chars
                .get(i)
                .is_some_and(|(_, c)| c.is_alphanumeric() || *c == '_')
            {
                i += 1;
            }
            let end = chars.get(i).map_or(code.len(), |(o, _)| *o);
            out.push((offset, code[chars[start].0..end].to_string()));
        } else if c == ':' && chars.get(i + 1).is_some_and(|(_, c)| *c == ':') {
            out.push((offset, "::".to_string()));
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push((offset, c.to_string()));
            }
            i += 1;
        }
    }
    out
}

/// The code before a file's `#[cfg(test)] mod tests` (of any visibility: a test module that
/// lends its helpers to its siblings' tests is `pub(super)`).
pub fn without_tests(code: &str) -> String {
    let mut kept = String::new();
    let mut lines = code.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines.peek().is_some_and(|next| {
                let next = next.trim_start();
                let next = next.strip_prefix("pub(super) ").unwrap_or(next);
                next.starts_with("mod tests")
            })
        {
            break;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// The code of a Rust file with comments, strings and character literals blanked out (line breaks
/// kept, so offsets still give lines), so that only code is read.
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let prev_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if !prev_ident && (c == 'r' || (c == 'b' && next == Some('r'))) && {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            chars.get(j) == Some(&'"')
        } {
            // A raw string: r"…", r#"…"#, br"…".
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            loop {
                match chars.get(j) {
                    None => break,
                    Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    Some(_) => j += 1,
                }
            }
            out.extend(chars[i..j.min(chars.len())].iter().map(|c| blank(*c)));
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(chars[i..end].iter().map(|c| blank(*c)));
            i = end;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal, not a lifetime.
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '\'' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(chars.len());
            out.extend(chars[i..end].iter().map(|c| blank(*c)));
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// How `edges` read in a message: one `from -> to (file:line)` per line.
pub fn describe(edges: &[Edge]) -> String {
    let name = |m: &ModulePath| {
        if m.is_empty() {
            "crate".to_string()
        } else {
            m.join("::")
        }
    };
    edges
        .iter()
        .map(|e| format!("  {} -> {} ({})", name(&e.from), name(&e.to), e.at))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `.rs` file below `src`, as (path below `src/`, text), in path order.
pub fn read_sources(src: &std::path::Path) -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, src: &std::path::Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path
                    .strip_prefix(src)
                    .expect("below src")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(relative, std::fs::read_to_string(&path).expect("read"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out.into_iter().collect()
}

/// The lines (1-based) of `code` (rustfmt's layout, comments and strings blanked) where a `match`
/// whose arms name `Enum::` variants has an arm that catches the others: `_`, a bare binding, or a
/// tuple arm with `_` or a binding where the other arms name `Enum::` variants.
pub fn catch_all_arms(code: &str, enum_name: &str) -> Vec<usize> {
    let variant = format!("{enum_name}::");
    let lines: Vec<&str> = code.lines().collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut out = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let arm = line.trim_start();
        let Some(pattern) = arm_pattern(arm) else {
            continue;
        };
        let tuple = tuple_parts(pattern);
        let catches = |part: &str| part == "_" || is_binding(part);
        if !catches(pattern) && !tuple.iter().any(|p| catches(p)) {
            continue;
        }
        // The other arms of this match: lines at the same depth up to the match and the block's end.
        let depth = indent(line);
        let same_block = |l: &&&str| l.trim().is_empty() || indent(l) >= depth;
        let before = lines[..at].iter().rev().take_while(same_block);
        let after = lines[at + 1..].iter().take_while(same_block);
        let siblings: Vec<&str> = before
            .chain(after)
            .filter(|l| indent(l) == depth)
            .map(|l| l.trim_start().trim_start_matches("| "))
            .collect();
        let names_variant = |part: &str| part.starts_with(&variant);
        let over_enum = if catches(pattern) {
            siblings.iter().any(|s| names_variant(s))
        } else {
            siblings.iter().any(|s| {
                let other = tuple_parts(arm_pattern(s).unwrap_or(s));
                tuple
                    .iter()
                    .zip(&other)
                    .any(|(mine, theirs)| catches(mine) && names_variant(theirs))
            })
        };
        if over_enum {
            out.push(at + 1);
        }
    }
    out
}

/// The pattern of a match arm that starts this line (`pattern =>` or `pattern if guard =>`).
fn arm_pattern(line: &str) -> Option<&str> {
    let (head, _) = line.split_once(" =>")?;
    let pattern = head.split(" if ").next().unwrap_or(head).trim();
    (!pattern.is_empty() && !pattern.starts_with(['}', ')', '.'])).then_some(pattern)
}

/// A lowercase name alone: a pattern that binds whatever it is given.
fn is_binding(pattern: &str) -> bool {
    let pattern = pattern.strip_prefix("ref ").unwrap_or(pattern);
    pattern
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && pattern
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The parts of a tuple pattern `(a, B::C(x), _)`, split at its top-level commas; empty when the
/// pattern is not a tuple.
fn tuple_parts(pattern: &str) -> Vec<&str> {
    let Some(inner) = pattern.strip_prefix('(').and_then(|p| p.strip_suffix(')')) else {
        return Vec::new();
    };
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(inner[start..].trim());
    parts
}
