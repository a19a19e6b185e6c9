//! Text made safe for the path of a host's web address.

/// Percent-encodes `text` for a URL's path, keeping `/` (a branch `quire/new look` stays two
/// segments: `quire/new%20look`).
pub fn encode_path(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_slashes_and_unreserved_characters() {
        assert_eq!(
            super::encode_path("quire/new look+ü"),
            "quire/new%20look%2B%C3%BC"
        );
    }
}
