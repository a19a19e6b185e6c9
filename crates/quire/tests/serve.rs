//! `quire serve` as an operator starts it: on every interface it still answers only to this
//! machine's addresses and the host names it was given.

mod running;

use running::{request, serve, serve_logging, status};

fn get(address: &str, host: &str) -> u16 {
    let host = format!("Host: {host}");
    let response = request(
        address,
        "GET /api/keystatic/v1/config",
        &[&host, "no-cors: 1"],
        "",
    )
    .expect("an answer");
    status(&response)
}

#[test]
fn on_every_interface_only_known_hosts_are_answered() {
    let site = test_support::copy_site("examples/blog");
    let (mut server, address) = serve(
        site.path(),
        &["--host", "0.0.0.0", "--allow-host", "cms.example.com"],
    );
    let port = address.rsplit(':').next().expect("a port").to_string();
    assert_eq!(get(&address, &format!("127.0.0.1:{port}")), 200);
    assert_eq!(get(&address, &format!("localhost:{port}")), 200);
    assert_eq!(get(&address, "cms.example.com"), 200);
    assert_eq!(get(&address, "evil.example"), 403, "DNS rebinding");
    assert_eq!(get(&address, &format!("evil.example:{port}")), 403);
    server.kill().expect("stop");
    server.wait().expect("stopped");
}

#[test]
fn deleting_folders_the_admin_watches_logs_no_warning() {
    let site = test_support::copy_site("examples/blog");
    let (mut server, address) = serve_logging(site.path(), &[]);
    let host = format!("Host: {address}");
    let list = || {
        let response = request(
            &address,
            "GET /api/keystatic/tree",
            &[&host, "no-cors: 1"],
            "",
        );
        assert_eq!(status(&response.expect("an answer")), 200);
    };
    // The listing watches every folder it walks; an entry's folders go when it is deleted.
    list();
    for folder in ["content/pages/about", "public/images/authors"] {
        std::fs::remove_dir_all(site.path().join(folder)).expect("deleted");
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    list();
    std::thread::sleep(std::time::Duration::from_millis(300));
    server.kill().expect("stop");
    let output = server.wait_with_output().expect("stopped");
    let logged = String::from_utf8_lossy(&output.stderr);
    assert!(!logged.contains("WARN"), "{logged}");
}
