//! Whether a file named as an image holds an image: its extension is one an image field takes and
//! its leading bytes are that kind of image (a page named `photo.png` is not an image).

/// Extensions an image field takes (compared without regard to case).
const RASTER: &[&str] = &["png", "apng", "jpg", "jpeg", "gif", "webp", "avif"];
const VECTOR: &str = "svg";

/// The image kinds named in refusals.
pub const IMAGE_KINDS: &str = "a PNG, JPEG, GIF, WebP, AVIF or SVG image";

pub fn is_image_extension(extension: &str) -> bool {
    let extension = extension.to_ascii_lowercase();
    RASTER.contains(&extension.as_str()) || extension == VECTOR
}

/// Whether `bytes` are an image of a kind that `extension` names. Raster extensions take any raster
/// image (uploads are often misnamed, and browsers read them by their bytes); `.svg` takes SVG only.
pub fn is_image(extension: &str, bytes: &[u8]) -> bool {
    let extension = extension.to_ascii_lowercase();
    if extension == VECTOR {
        is_svg(bytes)
    } else {
        RASTER.contains(&extension.as_str()) && is_raster(bytes)
    }
}

fn is_raster(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        || bytes.starts_with(b"\xFF\xD8\xFF")
        || bytes.starts_with(b"GIF87a")
        || bytes.starts_with(b"GIF89a")
        || (bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP")
        || is_avif(bytes)
}

/// An ISO media file whose `ftyp` box names an AVIF brand, major or compatible.
fn is_avif(bytes: &[u8]) -> bool {
    if bytes.len() < 16 || &bytes[4..8] != b"ftyp" {
        return false;
    }
    let size = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
    let end = size.clamp(16, bytes.len());
    let brands = bytes[8..12]
        .chunks(4)
        .chain(bytes[16.min(end)..end].chunks_exact(4));
    brands.into_iter().any(|b| b == b"avif" || b == b"avis")
}

/// SVG text: after a byte order mark, white space, an XML declaration, comments and a doctype, the
/// first element is `<svg`.
fn is_svg(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let mut rest = text.trim_start_matches('\u{feff}');
    loop {
        rest = rest.trim_start();
        let skipped = [
            ("<?", "?>"),
            ("<!--", "-->"),
            ("<!DOCTYPE", ">"),
            ("<!doctype", ">"),
        ]
        .iter()
        .find_map(|(open, close)| {
            let inner = rest.strip_prefix(open)?;
            inner.find(close).map(|at| &inner[at + close.len()..])
        });
        match skipped {
            Some(after) => rest = after,
            None => break,
        }
    }
    rest.strip_prefix("<svg")
        .is_some_and(|after| after.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    const HTML: &[u8] = b"<!doctype html><script>alert(1)</script>";

    #[test]
    fn images_are_known_by_their_bytes() {
        assert!(is_image("png", PNG));
        assert!(is_image("PNG", PNG));
        assert!(
            is_image("jpg", PNG),
            "a misnamed raster image is still an image"
        );
        assert!(is_image("jpeg", b"\xFF\xD8\xFF\xE0\0\x10JFIF"));
        assert!(is_image("gif", b"GIF89a\x01\0"));
        assert!(is_image("webp", b"RIFF\x24\0\0\0WEBPVP8 "));
        assert!(is_image(
            "avif",
            b"\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf\0\0"
        ));
        assert!(is_image(
            "svg",
            b"\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- drawn -->\n<!DOCTYPE svg>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
        ));
    }

    #[test]
    fn other_bytes_are_not_images() {
        assert!(!is_image("png", HTML));
        assert!(!is_image("svg", HTML));
        assert!(!is_image("svg", PNG), "an SVG file must be SVG text");
        assert!(!is_image("png", b""));
        assert!(!is_image("html", PNG));
        assert!(!is_image("avif", b"\0\0\0\x18ftypisom\0\0\0\0isommp41"));
        assert!(!is_image("svg", b"<svgx>"));
    }
}
