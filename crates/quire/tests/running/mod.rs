//! The binary as a server: started on a free port, and spoken to over plain HTTP/1.1.

#![allow(dead_code)] // Each test file uses its own part.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Starts `quire serve --root root --port 0 <args>`; answers the process and the address it
/// printed (`127.0.0.1:PORT`).
pub fn serve(root: &Path, args: &[&str]) -> (Child, String) {
    let (child, address, _) = serve_printing(root, args);
    (child, address)
}

/// As `serve`, also answering what the server prints after its address (its other lines).
pub fn serve_printing(
    root: &Path,
    args: &[&str],
) -> (Child, String, std::io::BufReader<std::process::ChildStdout>) {
    start(root, args, Stdio::null())
}

/// As `serve`, with the server's log (its standard error, at its default level) kept in the
/// process for `wait_with_output`.
pub fn serve_logging(root: &Path, args: &[&str]) -> (Child, String) {
    let (child, address, _) = start(root, args, Stdio::piped());
    (child, address)
}

fn start(
    root: &Path,
    args: &[&str],
    log: Stdio,
) -> (Child, String, std::io::BufReader<std::process::ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quire"))
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .args(args)
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("quire starts");
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut line).expect("read");
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, address, stdout)
}

/// Sends one request to `address` (`headers` as `Name: value` lines, `Host` included when wanted);
/// answers the whole response, or None when the server went away.
pub fn request(address: &str, head: &str, headers: &[&str], body: &str) -> Option<String> {
    let mut stream = TcpStream::connect(address).ok()?;
    let mut text = format!("{head} HTTP/1.1\r\n");
    for header in headers {
        text += &format!("{header}\r\n");
    }
    text += &format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes()).ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    Some(response)
}

/// The status code of a response.
pub fn status(response: &str) -> u16 {
    response
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_default()
}
