//! Reading the fields inside a field. Composite kinds (array, blocks, conditional, object) and
//! content components read their children through [`ReadFields`], which the kinds' dispatch
//! (`kinds/mod.rs`) implements for the reading context: they never name the dispatch that names them.

use super::model::{Field, Schema};
use crate::value::Node;

/// Reads fields of any kind.
pub(crate) trait ReadFields {
    /// One field; `key` names it in messages, after `owner`.
    fn field(&mut self, key: &str, node: &Node, owner: &str) -> Option<Field>;

    /// A mapping of fields (required: a problem at `owner` when absent).
    fn schema(&mut self, node: Option<&Node>, what: &str, owner: &Node) -> Schema;
}
