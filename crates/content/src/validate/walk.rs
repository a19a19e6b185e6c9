//! The walk over an entry's values: the faults found so far, each at its dotted path, and the steps
//! every list and mapping takes. Kinds check their children through [`CheckFields`], which the
//! kinds' dispatch (`kinds/mod.rs`) implements: they never name the dispatch that names them.

use super::fault::{Fault, Problem};
use crate::config::model::{Field, Length};
use crate::value::{Node, Pos, Value};

/// The slug rules of a collection's slug field.
#[derive(Debug, Clone, Copy)]
pub struct SlugContext<'a> {
    pub field: &'a str,
    /// The slug taken from the file's path: the data file then stores only the name. When None, the
    /// field stores `{ name, slug }`.
    pub slug: Option<&'a str>,
    /// Slugs may contain `/` (a `**` glob).
    pub nested: bool,
    /// Slugs of the collection's other entries.
    pub taken: &'a [String],
}

/// Checks the value of a field of any kind.
pub(crate) trait CheckFields {
    /// Records the faults of `node` (None: absent) held by `field`, at `path`.
    fn field(&mut self, field: &Field, node: Option<&Node>, path: &str, pos: Option<Pos>);
}

/// One check of an entry's values, or of one field's.
pub(crate) struct Walk<'a> {
    /// The slug field's rules, when the entry has one.
    pub(crate) slug: Option<SlugContext<'a>>,
    /// Every fault found, in document order.
    pub(crate) faults: Vec<Problem>,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(slug: Option<SlugContext<'a>>) -> Walk<'a> {
        Walk {
            slug,
            faults: Vec::new(),
        }
    }

    /// The first shape fault among the paths `within` accepts, or else the first broken rule.
    pub(crate) fn first(&self, within: impl Fn(&str) -> bool) -> Option<Problem> {
        let mut candidates = self.faults.iter().filter(|p| within(&p.field));
        let shape = candidates.clone().find(|p| p.is_shape);
        shape.or_else(|| candidates.next()).cloned()
    }

    pub(crate) fn fault(&mut self, path: &str, fault: Fault, pos: Option<Pos>) {
        let (is_shape, message) = match fault {
            Fault::Shape(message) => (true, message),
            Fault::Rule(message) => (false, message),
        };
        self.faults.push(Problem {
            field: path.to_string(),
            message,
            pos,
            is_shape,
        });
    }

    /// The fault of a value checked on its own, if any.
    pub(crate) fn report(&mut self, path: &str, checked: Result<(), Fault>, pos: Option<Pos>) {
        if let Err(fault) = checked {
            self.fault(path, fault, pos);
        }
    }

    /// A value of the wrong shape.
    pub(crate) fn shape(&mut self, path: &str, message: impl Into<String>, pos: Option<Pos>) {
        self.fault(path, Fault::Shape(message.into()), pos);
    }

    /// A broken rule.
    pub(crate) fn rule(&mut self, path: &str, message: impl Into<String>, pos: Option<Pos>) {
        self.fault(path, Fault::Rule(message.into()), pos);
    }

    /// The items of a list value (absent: none), or None after reporting a value that is not one.
    pub(crate) fn items<'n>(
        &mut self,
        node: Option<&'n Node>,
        path: &str,
        pos: Option<Pos>,
    ) -> Option<&'n [Node]> {
        match present(node).map(|n| &n.value) {
            None => Some(&[]),
            Some(Value::Array(items)) => Some(items),
            Some(_) => {
                self.shape(path, "Must be an array", pos);
                None
            }
        }
    }
}

/// `path.key`, or `key` at the top.
pub(crate) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The value unless it is null, which reads as absent.
pub(crate) fn present(node: Option<&Node>) -> Option<&Node> {
    node.filter(|n| n.value != Value::Null)
}

/// The rule a list of `count` items breaks, if any.
pub(crate) fn item_count(count: usize, length: &Length) -> Option<String> {
    if count < length.min {
        return Some(format!("Must have at least {} item(s).", length.min));
    }
    length
        .max
        .filter(|max| count > *max)
        .map(|max| format!("Must have at most {max} item(s)."))
}
