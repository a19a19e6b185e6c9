//! YAML timestamps as js-yaml reads them, printed as JavaScript's `toISOString()`.
//!
//! Only real times are timestamps: js-yaml builds its dates with `Date.UTC`, which rolls an
//! impossible day or hour over into the next month or day (`2024-13-45` would read as 2025-02-14).
//! Such a scalar is read as its text instead, as the admin's loader does, so that a date field
//! reports it rather than saving another day.

use std::sync::LazyLock;

use regex::Regex;

static DATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$").expect("valid pattern"));
static DATETIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?$",
    )
    .expect("valid pattern")
});

/// The ISO string of a YAML timestamp, or None when `text` is not one: not of its shape, or naming
/// a day or time that does not exist.
pub fn to_iso(text: &str) -> Option<String> {
    if let Some(c) = DATE.captures(text) {
        let (y, m, d) = (num(&c, 1)?, num(&c, 2)?, num(&c, 3)?);
        return is_real_day(y, m, d).then(|| format_iso(days_from_civil(y, m, d) * 86_400_000));
    }
    let c = DATETIME.captures(text)?;
    let (y, mo, d) = (num(&c, 1)?, num(&c, 2)?, num(&c, 3)?);
    let (h, mi, s) = (num(&c, 4)?, num(&c, 5)?, num(&c, 6)?);
    if !is_real_day(y, mo, d) || h > 23 || mi > 59 || s > 59 {
        return None;
    }
    let millis = c
        .get(7)
        .map(|f| {
            let digits: String = f.as_str().chars().chain("000".chars()).take(3).collect();
            digits.parse::<i64>().unwrap_or(0)
        })
        .unwrap_or(0);
    let mut offset_minutes = 0;
    if c.get(9).is_some() {
        let sign = if &c[9] == "-" { -1 } else { 1 };
        let (zone_h, zone_mi) = (num(&c, 10)?, c.get(11).map_or(Some(0), |_| num(&c, 11))?);
        if zone_h > 23 || zone_mi > 59 {
            return None;
        }
        offset_minutes = sign * (zone_h * 60 + zone_mi);
    }
    let epoch = days_from_civil(y, mo, d) * 86_400_000
        + ((h * 60 + mi - offset_minutes) * 60 + s) * 1000
        + millis;
    Some(format_iso(epoch))
}

fn num(c: &regex::Captures<'_>, i: usize) -> Option<i64> {
    c.get(i)?.as_str().parse().ok()
}

/// The day exists in the proleptic Gregorian calendar.
fn is_real_day(y: i64, m: i64, d: i64) -> bool {
    (1..=12).contains(&m) && d >= 1 && civil_from_days(days_from_civil(y, m, d)) == (y, m, d)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (out-of-range months roll over as in `Date.UTC`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let (y, m) = (y + (m - 1).div_euclid(12), (m - 1).rem_euclid(12) + 1);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

fn format_iso(epoch_millis: i64) -> String {
    let days = epoch_millis.div_euclid(86_400_000);
    let rest = epoch_millis.rem_euclid(86_400_000);
    let (y, m, d) = civil_from_days(days);
    let (h, mi, s, ms) = (
        rest / 3_600_000,
        rest / 60_000 % 60,
        rest / 1000 % 60,
        rest % 1000,
    );
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{ms:03}Z")
}

/// `YYYY-MM-DD` for dates, `YYYY-MM-DDTHH:mm` for datetimes: the values the admin's inputs hold.
/// The day must exist and the time be on a clock.
pub fn is_valid_date_string(text: &str, is_date: bool) -> bool {
    let shape = if is_date {
        "dddd-dd-dd"
    } else {
        "dddd-dd-ddTdd:dd"
    };
    let shaped = text.len() == shape.len()
        && text
            .chars()
            .zip(shape.chars())
            .all(|(c, s)| if s == 'd' { c.is_ascii_digit() } else { c == s });
    let part = |range: std::ops::Range<usize>| {
        text.get(range)
            .and_then(|p| p.parse::<i64>().ok())
            .unwrap_or(-1)
    };
    if !shaped {
        return false;
    }
    let (y, m, d) = (part(0..4), part(5..7), part(8..10));
    is_real_day(y, m, d) && (is_date || (part(11..13) < 24 && part(14..16) < 60))
}

/// A `Date` read from YAML as the admin holds it: `toISOString().slice(0, 10)` for dates,
/// `.slice(0, -8)` for datetimes.
pub fn date_from_iso(iso: &str, is_date: bool) -> String {
    let end = if is_date {
        10
    } else {
        iso.len().saturating_sub(8)
    };
    iso.get(..end).unwrap_or(iso).to_string()
}

/// A `Date` read from YAML as a date field (midnight UTC: the day alone) or a datetime field (a
/// whole minute) holds it, or None when the field would have to drop part of it to hold it.
pub fn field_value_from_iso(iso: &str, is_date: bool) -> Option<String> {
    let dropped = if is_date {
        "T00:00:00.000Z"
    } else {
        ":00.000Z"
    };
    let kept = iso.strip_suffix(dropped)?;
    Some(if is_date {
        kept.to_string()
    } else {
        date_from_iso(iso, false)
    })
}

#[cfg(test)]
mod tests {
    use super::to_iso;

    #[test]
    fn dates_and_datetimes_print_as_javascript_does() {
        assert_eq!(
            to_iso("2024-06-26").as_deref(),
            Some("2024-06-26T00:00:00.000Z")
        );
        assert_eq!(
            to_iso("2024-06-26T18:30:00.000Z").as_deref(),
            Some("2024-06-26T18:30:00.000Z")
        );
        assert_eq!(
            to_iso("2024-06-26 18:30:00 +02:00").as_deref(),
            Some("2024-06-26T16:30:00.000Z")
        );
        assert_eq!(
            to_iso("2001-12-14t21:59:43.10-05:00").as_deref(),
            Some("2001-12-15T02:59:43.100Z")
        );
        assert_eq!(
            to_iso("0024-01-01").as_deref(),
            Some("0024-01-01T00:00:00.000Z")
        );
        assert_eq!(to_iso("2024-6-26"), None);
        assert_eq!(to_iso("hello"), None);
    }

    #[test]
    fn impossible_days_and_times_are_not_timestamps() {
        for text in [
            "2024-13-45",
            "2023-02-29",
            "2024-02-30",
            "2024-00-10",
            "2024-06-00",
            "2024-01-01T25:61:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T10:60:00Z",
            "2024-01-01T10:00:60Z",
            "2024-01-01T10:00:00+24:00",
            "2024-01-01T10:00:00+02:60",
            "2023-02-29 10:00:00",
        ] {
            assert_eq!(to_iso(text), None, "{text}");
        }
        assert!(to_iso("2024-02-29").is_some());
        assert!(to_iso("2024-12-31T23:59:59.999-23:59").is_some());
    }

    #[test]
    fn fields_take_only_what_they_hold_whole() {
        use super::field_value_from_iso;
        let midnight = "2024-06-26T00:00:00.000Z";
        assert_eq!(
            field_value_from_iso(midnight, true).as_deref(),
            Some("2024-06-26")
        );
        assert_eq!(
            field_value_from_iso(midnight, false).as_deref(),
            Some("2024-06-26T00:00")
        );
        let evening = "2024-06-26T18:30:00.000Z";
        assert_eq!(field_value_from_iso(evening, true), None);
        assert_eq!(
            field_value_from_iso(evening, false).as_deref(),
            Some("2024-06-26T18:30")
        );
        assert_eq!(
            field_value_from_iso("2024-06-26T18:30:45.000Z", false),
            None
        );
        assert_eq!(
            field_value_from_iso("2024-06-26T18:30:00.500Z", false),
            None
        );
    }
}
