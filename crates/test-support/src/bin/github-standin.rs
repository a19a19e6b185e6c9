//! `github-standin`: the GitHub stand-in as a process, for browser journeys. It prints
//! `listening on http://127.0.0.1:PORT` as its first line once it answers, then serves until it
//! is killed; journeys steer it through its control API (`/_standin/`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use test_support::github_standin::{Standin, StandinOptions};

/// Serves a git repository as GitHub would, on 127.0.0.1 only.
#[derive(Parser)]
#[command(name = "github-standin")]
struct Args {
    /// The git repository to serve (bare or not; its working tree is never touched).
    #[arg(long)]
    repo: PathBuf,
    /// The repository's owner, as in `owner/name`.
    #[arg(long)]
    owner: String,
    /// The repository's name.
    #[arg(long)]
    name: String,
    /// The OAuth app's client id.
    #[arg(long)]
    client_id: String,
    /// The OAuth app's client secret.
    #[arg(long)]
    client_secret: String,
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    port: u16,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let options = StandinOptions {
        repo: args.repo,
        owner: args.owner,
        name: args.name,
        client_id: args.client_id,
        client_secret: args.client_secret,
    };
    let standin = match Standin::spawn_on(options, args.port) {
        Ok(standin) => standin,
        Err(err) => {
            eprintln!("github-standin: {err}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout();
    let announced =
        writeln!(stdout, "listening on {}", standin.url()).and_then(|()| stdout.flush());
    if announced.is_err() {
        return ExitCode::FAILURE;
    }
    loop {
        std::thread::park();
    }
}
