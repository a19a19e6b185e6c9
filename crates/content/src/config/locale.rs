//! `locale` (Keystatic's option of the same name): the language the admin speaks to people who
//! have not chosen one. The admin has these locales, react-aria's (`web/src/lib/messages/locale.ts`
//! lists the same, and `tests/config_schema.rs` holds the two together).

use crate::config::reading::{Cx, present};
use crate::value::Node;

pub const ADMIN_LOCALES: [&str; 34] = [
    "ar-AE", "bg-BG", "cs-CZ", "da-DK", "de-DE", "el-GR", "en-US", "es-ES", "et-EE", "fi-FI",
    "fr-FR", "he-IL", "hr-HR", "hu-HU", "it-IT", "ja-JP", "ko-KR", "lt-LT", "lv-LV", "nb-NO",
    "nl-NL", "pl-PL", "pt-BR", "pt-PT", "ro-RO", "ru-RU", "sk-SK", "sl-SI", "sr-SP", "sv-SE",
    "tr-TR", "uk-UA", "zh-CN", "zh-TW",
];

/// The site's `locale`, when it names one of the admin's locales; anything else is an error that
/// says which it could have been.
pub(crate) fn read_locale(cx: &mut Cx, entries: &[(String, Node)]) -> Option<String> {
    let locale = cx.string(entries, "locale", "the config")?;
    if ADMIN_LOCALES.contains(&locale.as_str()) {
        return Some(locale);
    }
    let language = locale
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let same_language: Vec<&str> = ADMIN_LOCALES
        .iter()
        .copied()
        .filter(|l| l.split('-').next() == Some(language.as_str()))
        .collect();
    let hint = match same_language.as_slice() {
        [] => format!("one of {}", ADMIN_LOCALES.join(", ")),
        some => some.join(" or "),
    };
    if let Some(node) = present(entries, "locale") {
        cx.error(
            node,
            format!("locale: \"{locale}\" is not one of the admin's locales; use {hint}"),
        );
    }
    None
}
