//! Two Quire servers sharing their rooms through a real Redis (`redis-server`, started on a free
//! port for the test): someone on one server and someone on the other edit one document, see each
//! other, and a late joiner on the second server finds what was written on the first.

mod peer;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;
use server::{CollabSettings, Hub};

const ROOM: &str = "entry:main:collection/posts/item/hello";

/// A Redis server of its own, stopped when dropped.
struct Redis {
    child: Child,
    url: String,
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_redis() -> Redis {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new("redis-server")
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server runs (scripts/check.sh installs Debian's redis-server)");
    // Dropping it stops (and waits for) the child, whether or not it came up.
    let redis = Redis {
        child,
        url: format!("redis://127.0.0.1:{port}/"),
    };
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return redis;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(redis);
    panic!("redis-server did not start on port {port}");
}

/// A server of the example blog whose rooms are shared through `redis`; answers its address.
async fn listen(redis: &Redis, dir: &tempfile::TempDir) -> String {
    let hub =
        Hub::shared(CollabSettings::default(), &redis.url, "quire:test").expect("a Redis URL");
    peer::serve(dir.path(), "", |state| state.with_hub(hub)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_a_room_through_redis() {
    let redis = start_redis();
    let site = test_support::copy_site("examples/blog");
    let first = listen(&redis, &site).await;
    let second = listen(&redis, &site).await;
    // Both servers are subscribed before anyone writes.
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut ada = peer::signed(&first, "Ada").await;
    ada.join(ROOM).await;
    ada.settle(Duration::from_millis(600)).await;
    ada.type_text(ROOM, "Hello").await;
    ada.settle(Duration::from_millis(200)).await;

    // Bo opens the room on the other server, which has never had it: it finds Ada's text.
    let mut bo = peer::signed(&second, "Bo").await;
    bo.join(ROOM).await;
    bo.until(|p| p.text_of(ROOM) == "Hello").await;

    bo.type_text(ROOM, " World").await;
    ada.until(|p| p.text_of(ROOM) == "Hello World").await;

    ada.aware(ROOM, 41, 1, &json!({ "path": ["title"] })).await;
    bo.until(|p| p.awareness.get(ROOM).is_some_and(|s| s.contains_key(&41)))
        .await;
    assert_eq!(
        bo.awareness[ROOM][&41]["user"]["name"], "Ada",
        "stamped by Ada's server"
    );
    assert_eq!(bo.awareness[ROOM][&41]["path"], json!(["title"]));
}
