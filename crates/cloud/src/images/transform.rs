//! Transforms by query, as Keystatic's image service takes them: `w`/`width` and `h`/`height`
//! (1–10240), `fit` (`scale-down`, the default, never enlarges; `contain`; `cover` fills the box
//! and cuts what is over; `crop` as `cover` without enlarging), `f`/`format` (`png`, `jpeg`,
//! `webp`, `avif`; from the browser's `Accept` when absent) and `q`/`quality` (1–100, JPEG's and
//! AVIF's). Each distinct
//! transform is named by its normalised parameters (`Asked::key`), so it is made once and kept.

use std::collections::HashMap;
use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageReader};

use super::upload::{Kind, limits};
use crate::error::Error;

const SIDE_MAX: u32 = 10_240;
/// JPEG's and AVIF's quality when none is asked.
const QUALITY: u8 = 82;
/// How hard the AVIF encoder works (1 slowest and smallest, 10 fastest): made on request, a
/// transform must not keep its first viewer waiting for seconds.
const AVIF_SPEED: u8 = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    ScaleDown,
    Contain,
    Cover,
    Crop,
}

impl Fit {
    fn name(self) -> &'static str {
        match self {
            Fit::ScaleDown => "scale-down",
            Fit::Contain => "contain",
            Fit::Cover => "cover",
            Fit::Crop => "crop",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Jpeg,
    Webp,
    Avif,
}

impl Format {
    fn named(name: &str) -> Option<Format> {
        match name {
            "png" => Some(Format::Png),
            "jpeg" | "jpg" => Some(Format::Jpeg),
            "webp" => Some(Format::Webp),
            "avif" => Some(Format::Avif),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Webp => "image/webp",
            Format::Avif => "image/avif",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpeg",
            Format::Webp => "webp",
            Format::Avif => "avif",
        }
    }

    /// The format an image of `kind` keeps when none is asked and the browser takes no better.
    fn of(kind: Kind) -> Format {
        match kind {
            Kind::Jpeg => Format::Jpeg,
            Kind::Webp => Format::Webp,
            // A transformed GIF is one frame: PNG keeps it without loss.
            Kind::Png | Kind::Gif => Format::Png,
        }
    }
}

/// A transform asked for, its format not yet chosen when the query named none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub fit: Fit,
    pub format: Option<Format>,
    pub quality: Option<u8>,
}

/// What `query` asks; none when it asks for no transform (the original is served as it is).
pub fn asked(query: &HashMap<String, String>) -> Result<Option<Asked>, Error> {
    let value = |short: &str, long: &str| query.get(short).or_else(|| query.get(long));
    let side = |short: &str, long: &str| -> Result<Option<u32>, Error> {
        let Some(text) = value(short, long) else {
            return Ok(None);
        };
        match text.parse::<u32>() {
            Ok(n) if (1..=SIDE_MAX).contains(&n) => Ok(Some(n)),
            _ => Err(Error::Invalid(format!(
                "{long} must be a whole number from 1 to {SIDE_MAX}; it is \"{text}\"."
            ))),
        }
    };
    let width = side("w", "width")?;
    let height = side("h", "height")?;
    let fit = match query.get("fit").map(String::as_str) {
        None | Some("scale-down") => Fit::ScaleDown,
        Some("contain") => Fit::Contain,
        Some("cover") => Fit::Cover,
        Some("crop") => Fit::Crop,
        Some(other) => {
            return Err(Error::Invalid(format!(
                "fit must be scale-down, contain, cover or crop; it is \"{other}\"."
            )));
        }
    };
    let format = match value("f", "format") {
        None => None,
        Some(name) => Some(Format::named(name).ok_or_else(|| {
            Error::Invalid(format!(
                "format must be png, jpeg, webp or avif; it is \"{name}\"."
            ))
        })?),
    };
    let quality = match value("q", "quality") {
        None => None,
        Some(text) => match text.parse::<u8>() {
            Ok(q) if (1..=100).contains(&q) => Some(q),
            _ => {
                return Err(Error::Invalid(format!(
                    "quality must be a whole number from 1 to 100; it is \"{text}\"."
                )));
            }
        },
    };
    let nothing = width.is_none()
        && height.is_none()
        && format.is_none()
        && quality.is_none()
        && !query.contains_key("fit");
    Ok((!nothing).then_some(Asked {
        width,
        height,
        fit,
        format,
        quality,
    }))
}

impl Asked {
    /// The format made: the one asked, else the best the browser takes (`accept`), else the
    /// original's.
    pub fn format_for(&self, kind: Kind, accept: &str) -> Format {
        self.format.unwrap_or_else(|| {
            if accept.contains("image/webp") {
                Format::Webp
            } else {
                Format::of(kind)
            }
        })
    }

    /// The name of this transform in `format`, which names its kept result.
    pub fn key(&self, format: Format) -> String {
        let side = |n: Option<u32>| n.map_or("_".to_string(), |n| n.to_string());
        let quality = match format {
            Format::Jpeg | Format::Avif => self.quality.unwrap_or(QUALITY).to_string(),
            // Lossless: quality changes nothing.
            Format::Png | Format::Webp => "_".to_string(),
        };
        format!(
            "w{}-h{}-{}-q{quality}.{}",
            side(self.width),
            side(self.height),
            self.fit.name(),
            format.extension()
        )
    }

    /// The size the image of `width`×`height` is scaled to before anything is cut, and the size
    /// it is cut to.
    fn sizes(&self, width: u32, height: u32) -> ((u32, u32), (u32, u32)) {
        let (w, h) = (f64::from(width), f64::from(height));
        let scale = match (self.width, self.height) {
            (None, None) => 1.0,
            (Some(bw), None) => f64::from(bw) / w,
            (None, Some(bh)) => f64::from(bh) / h,
            (Some(bw), Some(bh)) => {
                let (sx, sy) = (f64::from(bw) / w, f64::from(bh) / h);
                match self.fit {
                    Fit::ScaleDown | Fit::Contain => sx.min(sy),
                    Fit::Cover | Fit::Crop => sx.max(sy),
                }
            }
        };
        let scale = match self.fit {
            Fit::ScaleDown | Fit::Crop => scale.min(1.0),
            Fit::Contain | Fit::Cover => scale,
        };
        let scaled = (
            ((w * scale).round() as u32).clamp(1, SIDE_MAX),
            ((h * scale).round() as u32).clamp(1, SIDE_MAX),
        );
        let cut = match (self.fit, self.width, self.height) {
            (Fit::Cover | Fit::Crop, Some(bw), Some(bh)) => (scaled.0.min(bw), scaled.1.min(bh)),
            _ => scaled,
        };
        (scaled, cut)
    }

    /// The original's `bytes` (of `kind`), transformed and encoded in `format`. Blocking.
    pub fn apply(&self, bytes: &[u8], kind: Kind, format: Format) -> Result<Vec<u8>, Error> {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
        reader.limits(limits());
        let image = reader
            .decode()
            .map_err(|err| Error::Unavailable(format!("decoding a kept image: {err}")))?;
        let ((sw, sh), (cw, ch)) = self.sizes(image.width(), image.height());
        let mut image = if (sw, sh) == (image.width(), image.height()) {
            image
        } else {
            image.resize_exact(sw, sh, FilterType::Lanczos3)
        };
        if (cw, ch) != (sw, sh) {
            image = image.crop_imm((sw - cw) / 2, (sh - ch) / 2, cw, ch);
        }
        encode(&image, format, self.quality.unwrap_or(QUALITY))
    }
}

fn encode(image: &DynamicImage, format: Format, quality: u8) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    let failed = |err: image::ImageError| Error::Unavailable(format!("encoding an image: {err}"));
    match format {
        Format::Png => image
            .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
            .map_err(failed)?,
        Format::Jpeg => {
            let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality);
            // JPEG has no transparency.
            DynamicImage::ImageRgb8(image.to_rgb8())
                .write_with_encoder(encoder)
                .map_err(failed)?;
        }
        Format::Webp => {
            let encoder = image::codecs::webp::WebPEncoder::new_lossless(&mut out);
            DynamicImage::ImageRgba8(image.to_rgba8())
                .write_with_encoder(encoder)
                .map_err(failed)?;
        }
        Format::Avif => {
            let encoder = image::codecs::avif::AvifEncoder::new_with_speed_quality(
                &mut out, AVIF_SPEED, quality,
            );
            DynamicImage::ImageRgba8(image.to_rgba8())
                .write_with_encoder(encoder)
                .map_err(failed)?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::{Asked, Fit, Format, asked};
    use crate::images::upload::Kind;

    fn query(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn sizes(pairs: &[(&str, &str)], width: u32, height: u32) -> ((u32, u32), (u32, u32)) {
        asked(&query(pairs)).unwrap().unwrap().sizes(width, height)
    }

    #[test]
    fn no_parameter_asks_for_the_original() {
        assert_eq!(asked(&query(&[])).unwrap(), None);
        assert_eq!(asked(&query(&[("v", "2")])).unwrap(), None);
    }

    #[test]
    fn out_of_range_or_unknown_values_are_refused_with_what_was_wrong() {
        for pairs in [
            [("w", "0")],
            [("width", "10241")],
            [("h", "abc")],
            [("fit", "stretch")],
            [("f", "tiff")],
            [("q", "101")],
        ] {
            assert!(asked(&query(&pairs)).is_err(), "{pairs:?}");
        }
        let err = asked(&query(&[("fit", "fill")])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "fit must be scale-down, contain, cover or crop; it is \"fill\"."
        );
    }

    #[test]
    fn each_fit_sizes_as_documented() {
        // A 4000×3000 photograph into an 800×800 box.
        let box_ = |fit| [("w", "800"), ("h", "800"), ("fit", fit)];
        assert_eq!(
            sizes(&box_("scale-down"), 4000, 3000),
            ((800, 600), (800, 600))
        );
        assert_eq!(
            sizes(&box_("contain"), 4000, 3000),
            ((800, 600), (800, 600))
        );
        assert_eq!(sizes(&box_("cover"), 4000, 3000), ((1067, 800), (800, 800)));
        assert_eq!(sizes(&box_("crop"), 4000, 3000), ((1067, 800), (800, 800)));
        // A small image: scale-down and crop never enlarge; contain and cover do.
        assert_eq!(
            sizes(&box_("scale-down"), 400, 300),
            ((400, 300), (400, 300))
        );
        assert_eq!(sizes(&box_("crop"), 400, 300), ((400, 300), (400, 300)));
        assert_eq!(sizes(&box_("contain"), 400, 300), ((800, 600), (800, 600)));
        assert_eq!(sizes(&box_("cover"), 400, 300), ((1067, 800), (800, 800)));
        // One side keeps the proportions.
        assert_eq!(sizes(&[("w", "800")], 4000, 3000), ((800, 600), (800, 600)));
        assert_eq!(
            sizes(&[("height", "300")], 4000, 3000),
            ((400, 300), (400, 300))
        );
    }

    #[test]
    fn the_format_is_the_one_asked_else_webp_when_taken_else_the_originals() {
        let scaled = Asked {
            width: Some(10),
            height: None,
            fit: Fit::ScaleDown,
            format: None,
            quality: None,
        };
        assert_eq!(
            scaled.format_for(Kind::Jpeg, "image/avif,image/webp,*/*"),
            Format::Webp
        );
        assert_eq!(scaled.format_for(Kind::Jpeg, "*/*"), Format::Jpeg);
        assert_eq!(scaled.format_for(Kind::Gif, ""), Format::Png);
        let png = Asked {
            format: Some(Format::Png),
            ..scaled
        };
        assert_eq!(png.format_for(Kind::Jpeg, "image/webp"), Format::Png);
        assert_eq!(scaled.key(Format::Jpeg), "w10-h_-scale-down-q82.jpeg");
        assert_eq!(png.key(Format::Png), "w10-h_-scale-down-q_.png");
    }
}
