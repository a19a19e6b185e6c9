//! A server killed (`kill -9`) in the middle of a save leaves every file whole: after a restart the
//! file is one of the versions that were sent, and no staged file is left among the content.

mod running;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use base64::Engine;
use running::{request, serve};

/// Keystatic's update route with one file; answers None when the server went away.
fn save(address: &str, path: &str, text: &str) -> Option<String> {
    let contents = base64::engine::general_purpose::STANDARD.encode(text);
    let body =
        format!(r#"{{"additions":[{{"path":"{path}","contents":"{contents}"}}],"deletions":[]}}"#);
    let host = format!("Host: {address}");
    let headers = [
        host.as_str(),
        "no-cors: 1",
        "Content-Type: application/json",
    ];
    request(address, "POST /api/keystatic/update", &headers, &body)
}

const AUTHOR: &str = "content/authors/ada-palmer.yaml";

/// The author file with a biography of `n` paragraphs: large enough that writing it takes a while.
fn version(n: usize) -> String {
    let paragraph = "Ada writes about plain files and the people who edit them. ".repeat(40);
    format!(
        "name: Ada Palmer\nrole: Editor\nbio: |-\n{}\n",
        (0..n)
            .map(|i| format!("  {i} {paragraph}"))
            .collect::<Vec<_>>()
            .join("\n")
    )
}

/// Every file below `root` whose name says it was staged and never moved into place.
fn staged_files(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.to_string_lossy().contains(".quire") {
                found.push(path.display().to_string());
            }
        }
    }
    found
}

#[test]
fn a_save_cut_short_by_kill_leaves_a_whole_file() {
    let site = test_support::copy_site("examples/blog");
    let original = std::fs::read_to_string(site.path().join(AUTHOR)).expect("the author");
    let mut versions = vec![original];
    for round in 0..3 {
        let (mut server, address) = serve(site.path(), &[]);
        let running = Arc::new(AtomicBool::new(true));
        let writer = {
            let running = running.clone();
            let address = address.clone();
            std::thread::spawn(move || {
                let mut sent = Vec::new();
                let mut n = 20 + round * 37;
                while running.load(Ordering::Relaxed) {
                    let text = version(n);
                    sent.push(text.clone());
                    if save(&address, AUTHOR, &text).is_none() {
                        break;
                    }
                    n += 40;
                }
                sent
            })
        };
        // Kill the moment a save is half done: its file staged, not yet moved into place.
        let deadline = Instant::now() + Duration::from_secs(20);
        while staged_files(site.path()).is_empty() && Instant::now() < deadline {
            std::thread::yield_now();
        }
        server.kill().expect("kill -9");
        server.wait().expect("the server ended");
        running.store(false, Ordering::Relaxed);
        versions.extend(writer.join().expect("the writer"));
        assert!(
            Instant::now() < deadline,
            "round {round}: no save was ever caught half done"
        );

        // The next start clears what the cut-short save staged.
        let (mut restarted, _) = serve(site.path(), &[]);
        restarted.kill().expect("stop");
        restarted.wait().expect("stopped");
        let now = std::fs::read_to_string(site.path().join(AUTHOR)).expect("the author");
        assert!(
            versions.contains(&now),
            "round {round}: the file is none of the versions sent ({} bytes)",
            now.len()
        );
        assert_eq!(staged_files(site.path()), Vec::<String>::new());
    }
}
