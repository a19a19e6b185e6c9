//! Two Quire servers sharing their rooms through a real Redis (`redis-server`, started on a free
//! port for the test): someone on one server and someone on the other edit one document, see each
//! other, and a late joiner on the second server finds what was written on the first. What others
//! publish on the channel (any Redis client, a server without the site's secret) reaches no room.

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

const CHANNEL: &str = "quire:collab:test";
const SECRET: &[u8] = b"the secret every server of the site shares";

/// A server of the example blog whose rooms are shared through `redis`; answers its address.
async fn listen(redis: &Redis, dir: &tempfile::TempDir) -> String {
    listen_with(redis, dir, CHANNEL, SECRET).await
}

async fn listen_with(
    redis: &Redis,
    dir: &tempfile::TempDir,
    channel: &str,
    secret: &[u8],
) -> String {
    let hub =
        Hub::shared(CollabSettings::default(), &redis.url, channel, secret).expect("a Redis URL");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_others_publish_on_the_channel_reaches_no_room() {
    let redis = start_redis();
    let site = test_support::copy_site("examples/blog");
    let ours = listen(&redis, &site).await;
    // A server on the same channel without the site's secret (another site, or an attacker's).
    let theirs = listen_with(&redis, &site, CHANNEL, b"not the site's secret at all....").await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut ada = peer::signed(&ours, "Ada").await;
    ada.join(ROOM).await;
    ada.settle(Duration::from_millis(600)).await;
    ada.type_text(ROOM, "ours").await;
    ada.round_trip().await;

    // Their server neither reads the room nor writes into it.
    let mut eve = peer::signed(&theirs, "Eve").await;
    eve.join(ROOM).await;
    eve.settle(Duration::from_millis(800)).await;
    assert_eq!(eve.text_of(ROOM), "", "no unsaved text of ours");
    eve.type_text(ROOM, "theirs").await;
    eve.aware(ROOM, 66, 1, &json!({ "path": [] })).await;
    eve.round_trip().await;

    // A message published by any Redis client, shaped as a server's but unsealed.
    let doc = yrs::Doc::new();
    {
        use yrs::{Text, Transact};
        let text = doc.get_or_insert_text("t");
        text.insert(&mut doc.transact_mut(), 0, "injected");
    }
    let update = {
        use yrs::{ReadTxn, StateVector, Transact};
        doc.transact()
            .encode_state_as_update_v1(&StateVector::default())
    };
    let message = {
        use yrs::sync::{Message, SyncMessage};
        use yrs::updates::encoder::Encode;
        Message::Sync(SyncMessage::Update(update)).encode_v1()
    };
    let mut payload = vec![9u8; 16];
    payload.push(0);
    {
        use yrs::encoding::write::Write;
        payload.write_string(ROOM);
    }
    payload.extend_from_slice(&message);
    let client = redis::Client::open(redis.url.as_str()).expect("a client");
    let mut connection = client
        .get_multiplexed_async_connection()
        .await
        .expect("connected");
    let _: i64 = redis::cmd("PUBLISH")
        .arg(CHANNEL)
        .arg(payload)
        .query_async(&mut connection)
        .await
        .expect("published");
    ada.settle(Duration::from_millis(500)).await;

    let mut bo = peer::signed(&ours, "Bo").await;
    bo.join(ROOM).await;
    bo.until(|p| p.text_of(ROOM) == "ours").await;
    bo.settle(Duration::from_millis(300)).await;
    assert_eq!(bo.text_of(ROOM), "ours");
    assert!(
        !bo.awareness.get(ROOM).is_some_and(|s| s.contains_key(&66)),
        "no one of theirs is shown"
    );
    assert_eq!(ada.text_of(ROOM), "ours");
}
