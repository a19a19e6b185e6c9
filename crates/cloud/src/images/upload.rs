//! What an upload must be before it is kept: at most 10 MB; PNG, JPEG, GIF or WebP, known by its
//! bytes rather than its name; an image that decodes, within limits that a small file unpacking to
//! a huge image (a decompression bomb) cannot pass. And the name it is kept under.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};

use crate::error::Error;

/// The largest upload taken, as the admin checks it first: 10 MB.
pub const UPLOAD_MAX: usize = 10 * 1024 * 1024;

/// The largest side of an image taken, in pixels.
const SIDE_MAX: u32 = 20_000;

/// The most memory one decode may take.
const DECODE_MEMORY_MAX: u64 = 512 * 1024 * 1024;

/// The spec's words, as the admin shows them.
pub const TOO_LARGE: &str = "Images must be smaller than 10MB";
pub const WRONG_TYPE: &str = "Invalid image type, only PNG, JPEG, GIF, and WebP are supported";
const BOMB: &str =
    "This image is too large to open: at most 20,000 pixels a side, and 512 MB once decoded.";

/// The kinds of image taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Png,
    Jpeg,
    Gif,
    Webp,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Png, Kind::Jpeg, Kind::Gif, Kind::Webp];

    /// The kind `bytes` begin as; none for anything else (SVG, HTML, an image named `.png`).
    pub fn of(bytes: &[u8]) -> Option<Kind> {
        match bytes {
            [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, ..] => Some(Kind::Png),
            [0xff, 0xd8, 0xff, ..] => Some(Kind::Jpeg),
            [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(Kind::Gif),
            [
                b'R',
                b'I',
                b'F',
                b'F',
                _,
                _,
                _,
                _,
                b'W',
                b'E',
                b'B',
                b'P',
                ..,
            ] => Some(Kind::Webp),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Png => "image/png",
            Kind::Jpeg => "image/jpeg",
            Kind::Gif => "image/gif",
            Kind::Webp => "image/webp",
        }
    }

    pub fn format(self) -> ImageFormat {
        match self {
            Kind::Png => ImageFormat::Png,
            Kind::Jpeg => ImageFormat::Jpeg,
            Kind::Gif => ImageFormat::Gif,
            Kind::Webp => ImageFormat::WebP,
        }
    }

    /// The extensions a file of this kind may have; the first is the one given when its name has
    /// none of them.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Kind::Png => &["png"],
            Kind::Jpeg => &["jpg", "jpeg"],
            Kind::Gif => &["gif"],
            Kind::Webp => &["webp"],
        }
    }
}

/// A checked upload: its kind and size in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    pub kind: Kind,
    pub width: u32,
    pub height: u32,
}

/// Limits every decode of the cloud keeps to.
pub fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(SIDE_MAX);
    limits.max_image_height = Some(SIDE_MAX);
    limits.max_alloc = Some(DECODE_MEMORY_MAX);
    limits
}

/// Checks `bytes` as an upload: its kind by its bytes, and a whole decode within the limits.
/// Blocking: run it off the async workers.
pub fn check(bytes: &[u8]) -> Result<Checked, Error> {
    if bytes.len() > UPLOAD_MAX {
        return Err(Error::TooLarge(TOO_LARGE.into()));
    }
    let kind = Kind::of(bytes).ok_or_else(|| Error::Invalid(WRONG_TYPE.into()))?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    reader.limits(limits());
    let decoded = reader.decode().map_err(|err| match err {
        image::ImageError::Limits(_) => Error::Invalid(BOMB.into()),
        err => Error::Invalid(format!(
            "This file is not an image that can be read ({err})."
        )),
    })?;
    Ok(Checked {
        kind,
        width: decoded.width(),
        height: decoded.height(),
    })
}

/// The name an upload called `given` is kept under: lowercase ASCII, words joined by hyphens, and
/// an extension of its kind (`My Photo (1).JPG` → `my-photo-1.jpg`).
pub fn file_name(given: &str, kind: Kind) -> String {
    let given = given.rsplit(['/', '\\']).next().unwrap_or_default();
    let (stem, extension) = match given.rsplit_once('.') {
        Some((stem, extension)) if !stem.is_empty() => (stem, extension.to_ascii_lowercase()),
        _ => (given, String::new()),
    };
    let mut slug = String::new();
    // Letters of other alphabets in their ASCII spelling (`Été` → `ete`).
    for c in deunicode::deunicode(stem)
        .chars()
        .flat_map(char::to_lowercase)
    {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    let slug = if slug.is_empty() { "image" } else { slug };
    // Long names make long addresses; 80 characters say enough.
    let slug: String = slug.chars().take(80).collect();
    let slug = slug.trim_end_matches('-');
    let extension = if kind.extensions().contains(&extension.as_str()) {
        extension
    } else {
        kind.extensions()[0].to_string()
    };
    format!("{slug}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::{Kind, file_name};

    #[test]
    fn names_are_lowercase_ascii_with_hyphens_and_an_extension_of_their_kind() {
        assert_eq!(file_name("My Photo (1).JPG", Kind::Jpeg), "my-photo-1.jpg");
        assert_eq!(file_name("hero.jpeg", Kind::Jpeg), "hero.jpeg");
        assert_eq!(
            file_name("C:\\Users\\me\\Été 2024.png", Kind::Png),
            "ete-2024.png"
        );
        assert_eq!(file_name("../../etc/passwd", Kind::Gif), "passwd.gif");
        assert_eq!(file_name("", Kind::Webp), "image.webp");
        assert_eq!(file_name(".png", Kind::Png), "png.png");
        assert_eq!(file_name("logo.svg", Kind::Png), "logo.png");
    }

    #[test]
    fn kinds_are_known_by_their_bytes() {
        assert_eq!(Kind::of(b"\x89PNG\r\n\x1a\n...."), Some(Kind::Png));
        assert_eq!(Kind::of(b"\xff\xd8\xff\xe0"), Some(Kind::Jpeg));
        assert_eq!(Kind::of(b"GIF89a..."), Some(Kind::Gif));
        assert_eq!(Kind::of(b"RIFF\x10\0\0\0WEBPVP8 "), Some(Kind::Webp));
        assert_eq!(
            Kind::of(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            None
        );
        assert_eq!(Kind::of(b"<!DOCTYPE html>"), None);
    }
}
