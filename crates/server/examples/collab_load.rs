//! Load on the collaboration socket, to measure (not a test): starts the `quire` binary on a copy of
//! the example blog, connects idle clients (in the site's presence room, pinging as the admin does)
//! and typists (each adding a short token to one shared text at a steady pace), and reports how
//! long an update takes to reach an observer (percentiles) and the server's memory. Each client
//! comes from a loopback address of its own (127.1.x.y), as people on their own machines do, within
//! the server's bounds per address.
//!
//! `cargo run --release -p server --example collab_load -- [--typists 50] [--idle 500]
//! [--seconds 30] [--interval-ms 500] [--quire target/release/quire]`

#[path = "../tests/peer/mod.rs"]
mod peer;

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;

const ROOM: &str = "entry::collection/posts/item/load";

struct Options {
    typists: usize,
    idle: usize,
    seconds: u64,
    interval: Duration,
    quire: String,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let number =
        |name: &str, default: u64| value(name).and_then(|v| v.parse().ok()).unwrap_or(default);
    Options {
        typists: number("--typists", 50) as usize,
        idle: number("--idle", 500) as usize,
        seconds: number("--seconds", 30),
        interval: Duration::from_millis(number("--interval-ms", 500)),
        quire: value("--quire").unwrap_or_else(|| "target/release/quire".into()),
    }
}

/// The loopback address of client `n`: each person on a machine of their own, as the server's
/// bounds per address expect.
fn machine(n: usize) -> std::net::Ipv4Addr {
    std::net::Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250) as u8 + 1)
}

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))
                .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() {
    let options = options();
    let site = test_support::copy_site("examples/blog");
    let mut server = Command::new(&options.quire)
        .args(["serve", "--root"])
        .arg(site.path())
        .args(["--port", "0"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the quire binary runs (build it with cargo build --release)");
    let pid = server.id();
    let mut line = String::new();
    let mut stdout = BufReader::new(server.stdout.take().expect("stdout"));
    let address = loop {
        line.clear();
        if stdout.read_line(&mut line).expect("output") == 0 {
            panic!("quire stopped before serving");
        }
        if let Some(at) = line.split("http://").nth(1) {
            break at.trim().trim_end_matches("/keystatic").to_string();
        }
    };
    println!(
        "quire (pid {pid}) at {address}; {} KiB at start",
        rss_kib(pid)
    );

    // Idle people: on the site, pinging every 10 s.
    let mut idle = Vec::new();
    for n in 0..options.idle {
        let mut person = peer::signed_from(&address, &format!("Idle {n}"), machine(n)).await;
        person.join("presence").await;
        person
            .aware(
                "presence",
                1_000_000 + n as u64,
                1,
                &json!({ "branch": "", "location": "", "path": [] }),
            )
            .await;
        idle.push(tokio::spawn(async move {
            loop {
                person.text(json!({ "type": "ping" })).await;
                person.settle(Duration::from_secs(10)).await;
            }
        }));
    }
    println!(
        "{} idle clients connected; {} KiB",
        options.idle,
        rss_kib(pid)
    );

    let sent: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let latencies: Arc<Mutex<Vec<Duration>>> = Arc::default();

    // The observer sees every token arrive.
    let mut observer = peer::signed_from(&address, "Observer", machine(options.idle)).await;
    observer.join(ROOM).await;
    observer.settle(Duration::from_millis(200)).await;
    let observing = {
        let sent = sent.clone();
        let latencies = latencies.clone();
        tokio::spawn(async move {
            let mut seen = HashSet::new();
            while observer.read_one().await {
                let Some(_) = observer.docs.get(ROOM) else {
                    continue;
                };
                let text = observer.text_of(ROOM);
                let now = Instant::now();
                for token in text.split(';').filter(|t| !t.is_empty()) {
                    if seen.insert(token.to_string())
                        && let Some(at) = sent.lock().unwrap().get(token)
                    {
                        latencies.lock().unwrap().push(now - *at);
                    }
                }
            }
        })
    };

    let started = Instant::now();
    let mut typists = Vec::new();
    for n in 0..options.typists {
        let mut typist = peer::signed_from(
            &address,
            &format!("Typist {n}"),
            machine(options.idle + 1 + n),
        )
        .await;
        typist.join(ROOM).await;
        let sent = sent.clone();
        let interval = options.interval;
        let until = started + Duration::from_secs(options.seconds);
        typists.push(tokio::spawn(async move {
            typist.settle(Duration::from_millis(300)).await;
            let mut count = 0;
            while Instant::now() < until {
                let token = format!("{n}.{count}");
                sent.lock().unwrap().insert(token.clone(), Instant::now());
                typist.type_text(ROOM, &format!("{token};")).await;
                count += 1;
                typist.settle(interval).await;
            }
            count
        }));
    }
    let mut updates = 0;
    for typist in typists {
        updates += typist.await.unwrap_or(0);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    observing.abort();
    let memory = rss_kib(pid);

    let mut latencies = latencies.lock().unwrap().clone();
    latencies.sort();
    let percentile = |p: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * p).round() as usize)
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{} typists sent {updates} updates in {} s; the observer received {}",
        options.typists,
        options.seconds,
        latencies.len()
    );
    println!(
        "update latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
        percentile(0.5),
        percentile(0.9),
        percentile(0.99),
        percentile(1.0)
    );
    println!(
        "server memory: {memory} KiB ({} idle + {} typists + observer)",
        options.idle, options.typists
    );
    for task in idle {
        task.abort();
    }
    let _ = server.kill();
    let _ = server.wait();
}
