//! The GitHub App's setup on a server others can reach (`--setup`): only whoever reads the console
//! (the address it printed holds a secret made for this start) is handed a setup state and may
//! complete the setup; anyone else's link, or their app, changes nothing.

mod running;

use std::io::BufRead;

use running::{request, serve_printing, status};
use test_support::github_standin::{Standin, StandinOptions};

/// The part of an answer after its head.
fn body(response: &str) -> &str {
    response.split_once("\r\n\r\n").map_or("", |(_, body)| body)
}

fn header<'a>(response: &'a str, name: &str) -> Option<&'a str> {
    response
        .split("\r\n\r\n")
        .next()?
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.trim())
}

fn config(address: &str, cookie: Option<&str>) -> serde_json::Value {
    let host = format!("Host: {address}");
    let cookie = cookie.map(|c| format!("Cookie: {c}"));
    let mut headers = vec![host.as_str(), "no-cors: 1"];
    headers.extend(cookie.as_deref());
    let response =
        request(address, "GET /api/keystatic/v1/config", &headers, "").expect("answered");
    assert_eq!(status(&response), 503, "{response}");
    serde_json::from_str(body(&response)).expect("JSON")
}

fn get(address: &str, path: &str, cookie: Option<&str>) -> String {
    let host = format!("Host: {address}");
    let cookie = cookie.map(|c| format!("Cookie: {c}"));
    let mut headers = vec![host.as_str()];
    headers.extend(cookie.as_deref());
    request(address, &format!("GET {path}"), &headers, "").expect("answered")
}

#[test]
fn only_the_address_printed_at_start_sets_up_the_app() {
    let site = test_support::copy_site("examples/blog");
    let quire_yaml = site.path().join("quire.yaml");
    let text = std::fs::read_to_string(&quire_yaml)
        .expect("config")
        .replace(
            "storage:\n  kind: local\n",
            "storage:\n  kind: github\n  repo: acme/blog\n",
        );
    std::fs::write(&quire_yaml, text).expect("config written");
    test_support::git(site.path(), &["init", "-q", "-b", "main"]);
    test_support::git(site.path(), &["add", "-A"]);
    test_support::git(site.path(), &["commit", "-q", "-m", "Initial content"]);
    let standin = Standin::spawn(StandinOptions {
        repo: site.path().to_path_buf(),
        owner: "acme".into(),
        name: "blog".into(),
        client_id: "Iv1.quire".into(),
        client_secret: "app-secret".into(),
    });
    std::fs::write(
        site.path().join(".env"),
        format!(
            "QUIRE_GITHUB_URL={}\nQUIRE_GITHUB_API_URL={}\n",
            standin.url(),
            standin.api_url()
        ),
    )
    .expect(".env");
    let (mut server, address, mut out) =
        serve_printing(site.path(), &["--setup", "--allow-host", "cms.example.com"]);
    let mut line = String::new();
    out.read_line(&mut line).expect("the setup's line");
    let printed = line
        .split_whitespace()
        .find(|word| word.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let path = printed
        .strip_prefix(&format!("http://{address}"))
        .unwrap_or_else(|| panic!("{printed} is not on {address}"));
    assert!(
        path.starts_with("/api/keystatic/github/setup?secret="),
        "{path}"
    );

    // Anyone may see that the app is missing, but is handed no state.
    let details = &config(&address, None)["details"];
    assert!(details["missing"].as_array().is_some_and(|m| !m.is_empty()));
    assert!(details.get("state").is_none(), "{details}");
    // Guessing gets nothing either.
    let guessed = get(
        &address,
        "/api/keystatic/github/setup?secret=0123456789abcdef",
        None,
    );
    assert_eq!(status(&guessed), 403, "{guessed}");
    let made_up = get(
        &address,
        "/api/keystatic/github/created-app?code=c0de&state=s",
        None,
    );
    assert_eq!(status(&made_up), 400);

    // The printed address: its browser gets the setup's cookie, and with it a state.
    let opened = get(&address, path, None);
    assert_eq!(status(&opened), 307, "{opened}");
    assert_eq!(header(&opened, "location"), Some("/keystatic"));
    let cookie = header(&opened, "set-cookie")
        .and_then(|c| c.split(';').next())
        .expect("the setup's cookie")
        .to_string();
    assert!(header(&opened, "set-cookie").unwrap().contains("HttpOnly"));
    let details = &config(&address, Some(&cookie))["details"];
    let state = details["state"].as_str().expect("a state").to_string();

    // GitHub creates the app and sends the browser back with a code.
    let manifest = serde_json::json!({
        "name": "Blog Quire",
        "redirect_url": format!("http://{address}/api/keystatic/github/created-app"),
    });
    let form: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("manifest", &manifest.to_string())
        .finish();
    let standin_address = standin.url().trim_start_matches("http://").to_string();
    let host = format!("Host: {standin_address}");
    let created = request(
        &standin_address,
        &format!("POST /settings/apps/new?state={state}"),
        &[&host, "Content-Type: application/x-www-form-urlencoded"],
        &form,
    )
    .expect("GitHub answers");
    let back = header(&created, "location").expect("sent back").to_string();
    let back = back
        .strip_prefix(&format!("http://{address}"))
        .expect("to the admin")
        .to_string();
    // Someone else with the link (and without the cookie) completes nothing.
    let stolen = get(&address, &back, None);
    assert_eq!(status(&stolen), 400, "{stolen}");
    assert!(
        !std::fs::read_to_string(site.path().join(".env"))
            .expect(".env")
            .contains("KEYSTATIC_GITHUB_CLIENT_ID")
    );
    // The operator's browser does.
    let done = get(&address, &back, Some(&cookie));
    assert_eq!(status(&done), 307, "{done}");
    assert!(
        header(&done, "location")
            .is_some_and(|to| to.starts_with("/keystatic/created-github-app?slug=")),
        "{done}"
    );
    let env = std::fs::read_to_string(site.path().join(".env")).expect(".env");
    assert!(env.contains("KEYSTATIC_GITHUB_CLIENT_ID="), "{env}");
    server.kill().expect("stop");
    server.wait().expect("stopped");
}
