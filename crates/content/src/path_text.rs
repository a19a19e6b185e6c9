//! Path strings as Keystatic writes and reads them: its `fixPath`, the shape of a collection's glob,
//! and what a clean path inside a site is. Text only: no config, no entries.

use std::sync::LazyLock;

use regex::Regex;

static COLLECTION_GLOB: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"/\*\*?(?:$|/)").expect("valid pattern"));

/// A collection path must end with `/*` or `/**` or include `/*/` or `/**/`.
pub fn is_collection_glob(path: &str) -> bool {
    COLLECTION_GLOB.is_match(path)
}

/// Keystatic's `fixPath`: no leading `./` or `/`, no trailing `/`.
pub fn fix_path(path: &str) -> &str {
    let path = path
        .strip_prefix("./")
        .unwrap_or(path)
        .trim_start_matches('/');
    path.trim_end_matches('/')
}

/// Whether a collection's or singleton's path (a glob's `*` segments included) stays inside the
/// site as Keystatic reads it (`fixPath`: a leading `./` or `/` dropped): no `..` or empty segment.
pub fn is_site_path(path: &str) -> bool {
    is_clean_path(fix_path(path))
}

/// The longest path a site's file may have, and the most folders it may lie in: far beyond real
/// content, and small enough that reading a path every way (nested slugs) stays cheap.
pub const MAX_PATH_BYTES: usize = 1024;
pub const MAX_PATH_SEGMENTS: usize = 64;

/// Relative, `/`-separated, no empty, `.` or `..` segment, no backslash or NUL, and no `.git`
/// folder (in any case): a repository's insides are never content. At most [`MAX_PATH_BYTES`]
/// long, in at most [`MAX_PATH_SEGMENTS`] segments.
pub fn is_clean_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= MAX_PATH_BYTES
        && path.bytes().filter(|b| *b == b'/').count() < MAX_PATH_SEGMENTS
        && !path.contains(['\\', '\0'])
        && path.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && !segment.eq_ignore_ascii_case(".git")
        })
}
