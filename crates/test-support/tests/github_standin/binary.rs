//! The `github-standin` binary: its one announced line, then the same stand-in over HTTP.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use crate::{CLIENT_ID, CLIENT_SECRET, NAME, OWNER, agent, read_json, site_repository};

/// Kills the child when the test ends, passing or not.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_binary_announces_its_address_and_serves() {
    let repo = site_repository();
    let mut child = Command::new(env!("CARGO_BIN_EXE_github-standin"))
        .args(["--repo", repo.path().to_str().unwrap()])
        .args(["--owner", OWNER, "--name", NAME])
        .args(["--client-id", CLIENT_ID, "--client-secret", CLIENT_SECRET])
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().expect("stdout");
    let _running = Running(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let url = line
        .strip_suffix('\n')
        .and_then(|l| l.strip_prefix("listening on "))
        .unwrap_or_else(|| panic!("the first line: {line:?}"));
    let port: u16 = url
        .strip_prefix("http://127.0.0.1:")
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("an address on 127.0.0.1: {url}"));
    assert_ne!(port, 0);

    let agent = agent();
    let authorize = format!(
        "{url}/login/oauth/authorize?client_id={CLIENT_ID}&redirect_uri=http%3A%2F%2Fapp.test%2F&state=st"
    );
    let answer = agent.get(authorize).call().expect("an answer");
    assert_eq!(answer.status(), 302);
    let location = answer.headers()["location"].to_str().unwrap().to_string();
    let code = location
        .split(['=', '&'])
        .nth(1)
        .expect("a code")
        .to_string();
    let answer = agent
        .post(format!("{url}/login/oauth/access_token"))
        .header("Accept", "application/json")
        .send_form([
            ("client_id", CLIENT_ID),
            ("client_secret", CLIENT_SECRET),
            ("code", code.as_str()),
        ])
        .expect("an answer");
    let token = read_json(answer).1["access_token"]
        .as_str()
        .expect("a token")
        .to_string();
    let answer = agent
        .get(format!("{url}/api/v3/user"))
        .header("Authorization", format!("Bearer {token}"))
        .call()
        .expect("an answer");
    assert_eq!(read_json(answer), (200, read_user(url)));
}

fn read_user(url: &str) -> serde_json::Value {
    serde_json::json!({
        "login": "octo",
        "id": 1000,
        "name": "Octo Cat",
        "avatar_url": format!("{url}/avatars/octo.png"),
        "html_url": format!("{url}/octo"),
        "type": "User",
    })
}
