//! The few pages the cloud answers with itself: the error page of an authorization request that
//! cannot be answered (which must never redirect). Everything a person reads is escaped.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

/// Text made safe for HTML.
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '"' => "&quot;".to_string(),
            '\'' => "&#39;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A page saying why a sign-in cannot go on.
pub fn sign_in_error(message: &str) -> Response {
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>Cannot sign in</title></head><body><main><h1>Cannot sign in</h1><p>{}</p><p>Go back to the admin you came from and try again, or ask your team's admin.</p></main></body></html>",
        escape(message)
    );
    (StatusCode::BAD_REQUEST, Html(body)).into_response()
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_in_a_message_is_shown_as_text() {
        assert_eq!(
            super::escape("<script>'&\""),
            "&lt;script&gt;&#39;&amp;&quot;"
        );
    }
}
