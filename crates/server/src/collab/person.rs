//! Who a socket belongs to and which rooms' documents they may change.

use std::sync::Arc;

/// Who a socket belongs to, as far as the server knows before it speaks.
#[derive(Debug, Clone)]
pub enum Person {
    /// Storage without sign-in: the person names themselves.
    Unnamed,
    /// Signed in: shown as their account, writing where `rights` say.
    Known(serde_json::Value, Rights),
}

/// Asks again who a signed-in socket's person is and what they may write; Err: they may no longer
/// collaborate (signed out, no access), and why.
pub type Recheck = Arc<
    dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = Result<Person, String>> + Send>>
        + Send
        + Sync,
>;

/// The rooms whose documents a person may change (everyone may read them and say where they are).
/// A room's document is what whoever saves it commits: someone who may not push to the repository
/// must not write into what its writers save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rights {
    /// Every room: the person may push to the repository.
    All,
    /// Only the rooms of their fork's branches (`entry:{fork}@…`, the fork's address
    /// percent-encoded as the admin names them).
    Fork(String),
    /// None: the person may only read.
    None,
}

impl Rights {
    pub fn may_write(&self, room: &str) -> bool {
        match self {
            Rights::All => true,
            Rights::Fork(prefix) => room.starts_with(prefix),
            Rights::None => false,
        }
    }

    /// The rights of someone who may push (`can_write`) to the repository they work on, their fork
    /// when `fork_url` is given.
    pub fn of(can_write: bool, fork_url: Option<&str>) -> Rights {
        match (can_write, fork_url) {
            (true, None) => Rights::All,
            (true, Some(url)) => Rights::Fork(format!("entry:{}@", percent_encode(url))),
            (false, _) => Rights::None,
        }
    }
}

/// `text` as JavaScript's `encodeURIComponent` writes it.
fn percent_encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_write_only_where_they_may_push() {
        let writer = Rights::of(true, None);
        assert!(writer.may_write("entry:main:collection/posts/item/a"));
        let reader = Rights::of(false, None);
        assert!(!reader.may_write("entry:main:collection/posts/item/a"));
        let forker = Rights::of(true, Some("https://github.com/octo/blog"));
        assert_eq!(
            forker,
            Rights::Fork("entry:https%3A%2F%2Fgithub.com%2Focto%2Fblog@".into())
        );
        assert!(
            forker
                .may_write("entry:https%3A%2F%2Fgithub.com%2Focto%2Fblog@main:singleton/settings")
        );
        assert!(!forker.may_write("entry:main:singleton/settings"));
    }
}
