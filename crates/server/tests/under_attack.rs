//! A team's server on the internet (GitHub storage, against the GitHub stand-in), attacked as an
//! attacker would: sockets before sign-in, sockets and rooms by the thousand, slow bodies, a list
//! that reads forever, a socket that outlives its rights, logout from another page, answers a
//! shared cache could keep. Each test also shows that the honest person next to the attacker still
//! works: their list answers, their save lands, their socket stays open.

mod hosted;
mod peer;

use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpStream};
use std::time::Duration;

use serde_json::json;
use server::CollabSettings;
use test_support::github_standin::Permission;
use tokio_tungstenite::tungstenite::Error as WsError;

const ROOM: &str = "entry:main:collection/posts/item/writing-with-git";

/// Timings short enough for a test.
fn quick() -> CollabSettings {
    CollabSettings {
        auth_within: Duration::from_millis(400),
        recheck_every: Duration::from_millis(300),
        send_within: Duration::from_millis(500),
        ..CollabSettings::default()
    }
}

/// A socket of `login`'s admin, authenticated.
async fn socket_of(hosted: &hosted::Hosted, login: &str, from: Ipv4Addr) -> peer::Peer {
    socket_with(hosted, &hosted.cookie(login), from).await
}

/// A socket of the admin whose browser holds `cookie`, authenticated.
async fn socket_with(hosted: &hosted::Hosted, cookie: &str, from: Ipv4Addr) -> peer::Peer {
    let mut peer = open_with(hosted, cookie, from)
        .await
        .expect("the socket opens");
    peer.text(json!({ "type": "auth" })).await;
    peer.until(|peer| peer.user.is_some()).await;
    peer
}

async fn open_as(
    hosted: &hosted::Hosted,
    login: &str,
    from: Ipv4Addr,
) -> Result<peer::Peer, WsError> {
    open_with(hosted, &hosted.cookie(login), from).await
}

async fn open_with(
    hosted: &hosted::Hosted,
    cookie: &str,
    from: Ipv4Addr,
) -> Result<peer::Peer, WsError> {
    peer::open_as(
        &hosted.address,
        &format!("http://{}", hosted.address),
        &[("cookie", cookie)],
        Some(from),
    )
    .await
}

/// The HTTP status a refused upgrade answered.
fn refused_with(result: Result<peer::Peer, WsError>) -> u16 {
    match result {
        Err(WsError::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("refused otherwise: {other}"),
        Ok(_) => panic!("the socket opened"),
    }
}

/// Two honest people on one entry: what one types, the other sees.
async fn honest_pair_works(hosted: &hosted::Hosted) {
    let mut ada = socket_of(hosted, "octo", Ipv4Addr::new(127, 0, 0, 21)).await;
    let mut bo = socket_of(hosted, "octo", Ipv4Addr::new(127, 0, 0, 22)).await;
    ada.join(ROOM).await;
    bo.join(ROOM).await;
    ada.settle(Duration::from_millis(100)).await;
    bo.settle(Duration::from_millis(100)).await;
    ada.type_text(ROOM, "honest").await;
    bo.until(|p| p.text_of(ROOM).contains("honest")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn before_sign_in_a_socket_holds_next_to_nothing() {
    let hosted = hosted::start(quick(), &[]).await;
    let origin = format!("http://{}", hosted.address);
    // No session: refused at the upgrade.
    assert_eq!(
        refused_with(peer::open(&hosted.address, &origin).await),
        401
    );
    let attacker = Ipv4Addr::new(127, 0, 0, 2);
    // Announcing a chunked message before `auth`: closed at once.
    let mut chunky = open_as(&hosted, "octo", attacker).await.unwrap();
    chunky.text(json!({ "type": "chunks", "count": 32 })).await;
    assert_eq!(chunky.closed_code().await, Some(1009));
    // More than a few KiB of room messages before `auth`: closed.
    let mut talkative = open_as(&hosted, "octo", attacker).await.unwrap();
    for _ in 0..3 {
        talkative.binary(peer::frame(ROOM, &[0u8; 8_000])).await;
    }
    assert_eq!(talkative.closed_code().await, Some(1008));
    // Saying nothing: closed once the time for `auth` is over.
    let mut silent = open_as(&hosted, "octo", attacker).await.unwrap();
    assert_eq!(silent.closed_code().await, Some(4401));
    honest_pair_works(&hosted).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_without_access_are_refused_and_readers_are_bounded() {
    let hosted = hosted::start(
        CollabSettings {
            sockets_per_person: 3,
            rooms_per_socket: 2,
            ..quick()
        },
        &[],
    )
    .await;
    hosted.person("mallory", Permission::None);
    hosted.person("rita", Permission::Read);
    // No access to the repository: no socket.
    let status = refused_with(open_as(&hosted, "mallory", Ipv4Addr::new(127, 0, 0, 2)).await);
    assert_eq!(status, 404, "the repository is not theirs to see");
    // A reader has sockets and rooms, within their own bounds.
    let mut held = Vec::new();
    for n in 0..3 {
        held.push(socket_of(&hosted, "rita", Ipv4Addr::new(127, 0, 0, 30 + n)).await);
    }
    let status = refused_with(open_as(&hosted, "rita", Ipv4Addr::new(127, 0, 0, 40)).await);
    assert_eq!(status, 429, "one person's sockets are bounded");
    let rooms = &mut held[0];
    for n in 0..3 {
        rooms
            .join(&format!("entry:main:collection/posts/item/p{n}"))
            .await;
    }
    assert_eq!(rooms.closed_code().await, Some(1008), "rooms per socket");
    honest_pair_works(&hosted).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_list_reading_slowly_holds_up_no_other() {
    let posts: Vec<(String, String)> = (0..60)
        .map(|n| (format!("many-{n:02}"), format!("Many {n}")))
        .collect();
    let hosted = hosted::start(quick(), &posts).await;
    hosted.person("rita", Permission::Read);
    // GitHub far away: each file takes a while.
    hosted.standin.set_blob_delay(Duration::from_millis(50));
    let address = hosted.address.clone();
    let cookie = format!("Cookie: {}", hosted.cookie("rita"));
    let big = std::thread::spawn(move || {
        hosted::request(
            &address,
            "GET",
            "/api/keystatic/v1/collections/posts/entries",
            &[&cookie, "no-cors: 1"],
            "",
        )
    });
    // Once the big list reads its files, a small one is asked for.
    let reading = || {
        hosted
            .standin
            .requests()
            .iter()
            .any(|r| r.path.contains("/git/blobs/"))
    };
    while !reading() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let small = hosted.get("/api/keystatic/v1/collections/authors/entries", "octo");
    assert_eq!(small.status, 200, "{}", small.body);
    assert!(small.json()["total"].as_u64().unwrap() > 0);
    assert!(
        !big.is_finished(),
        "the small list answered while the big one was still reading"
    );
    let big = big.join().expect("the big list");
    assert_eq!(big.status, 200, "{}", big.body);
    assert_eq!(big.json()["total"], 67);
}

/// Starts a save whose body (of `length` bytes) never comes; answers the connection.
fn slow_save(address: &str, cookie: &str, length: usize) -> TcpStream {
    let mut stream = TcpStream::connect(address).expect("connects");
    let head = format!(
        "POST /api/keystatic/v1/commit HTTP/1.1\r\nHost: {address}\r\nCookie: {cookie}\r\nno-cors: 1\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).expect("sent");
    stream
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bodies_stop_no_one_elses_saves() {
    let hosted = hosted::start(quick(), &[]).await;
    hosted.person("mallory", Permission::None);
    hosted.person("wendy", Permission::Write);
    // Someone who may not write is refused before their body arrives.
    for _ in 0..2 {
        let mut stream = slow_save(&hosted.address, &hosted.cookie("mallory"), 100_000);
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut answer = [0u8; 64];
        let read = stream.read(&mut answer).expect("answered before the body");
        let answer = String::from_utf8_lossy(&answer[..read]).into_owned();
        assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    }
    // A writer's slow bodies hold only their own turns.
    let _first = slow_save(&hosted.address, &hosted.cookie("wendy"), 100_000);
    let _second = slow_save(&hosted.address, &hosted.cookie("wendy"), 100_000);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let third = hosted.save_settings("wendy", "Wendy's third");
    assert_eq!(third.status, 429, "{}", third.body);
    assert_eq!(third.headers("retry-after"), ["2"]);
    let honest = hosted.save_settings("octo", "The Honest Journal");
    assert_eq!(honest.status, 200, "{}", honest.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_ends_with_its_rights() {
    let hosted = hosted::start(quick(), &[]).await;
    for login in ["carol", "dave", "eve"] {
        hosted.person(login, Permission::Write);
    }
    let mut octo = socket_of(&hosted, "octo", Ipv4Addr::new(127, 0, 0, 2)).await;
    let mut carol = socket_of(&hosted, "carol", Ipv4Addr::new(127, 0, 0, 3)).await;
    let mut dave = socket_of(&hosted, "dave", Ipv4Addr::new(127, 0, 0, 4)).await;
    for peer in [&mut octo, &mut carol, &mut dave] {
        peer.join(ROOM).await;
        peer.round_trip().await;
    }
    // Logging out closes the person's sockets at once.
    let eves = hosted.cookie("eve");
    let mut eve = socket_with(&hosted, &eves, Ipv4Addr::new(127, 0, 0, 5)).await;
    let out = hosted::request(
        &hosted.address,
        "POST",
        "/api/keystatic/github/logout",
        &[
            &format!("Cookie: {eves}"),
            "no-cors: 1",
            "Content-Type: application/json",
        ],
        "{}",
    );
    assert_eq!(out.status, 204, "{}", out.body);
    assert_eq!(eve.closed_code().await, Some(4403));
    // Someone who lost access on GitHub is closed when next checked.
    hosted.person("carol", Permission::None);
    assert_eq!(carol.closed_code().await, Some(4403));
    // Someone who may now only read stays, but what they type goes nowhere.
    hosted.person("dave", Permission::Read);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    dave.type_text(ROOM, "dave was here").await;
    dave.round_trip().await;
    octo.type_text(ROOM, "octo").await;
    octo.round_trip().await;
    let mut late = socket_of(&hosted, "octo", Ipv4Addr::new(127, 0, 0, 6)).await;
    late.join(ROOM).await;
    late.until(|p| p.text_of(ROOM).contains("octo")).await;
    assert!(
        !late.text_of(ROOM).contains("dave"),
        "{}",
        late.text_of(ROOM)
    );
    // The honest person's socket is open.
    octo.round_trip().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_out_takes_a_same_origin_post() {
    let hosted = hosted::start(quick(), &[]).await;
    let cookie = format!("Cookie: {}", hosted.cookie("octo"));
    let revoked = |hosted: &hosted::Hosted| {
        hosted
            .standin
            .requests()
            .iter()
            .any(|r| r.method == "DELETE" && r.path.ends_with("/token"))
    };
    // A link or an image on another page: nothing happens.
    let link = hosted::request(
        &hosted.address,
        "GET",
        "/api/keystatic/github/logout",
        &[&cookie, "Origin: https://evil.example"],
        "",
    );
    assert!((400..500).contains(&link.status), "{}", link.status);
    assert!(link.headers("set-cookie").is_empty());
    // A form posted from another page: refused.
    let form = hosted::request(
        &hosted.address,
        "POST",
        "/api/keystatic/github/logout",
        &[
            &cookie,
            "Origin: https://evil.example",
            "no-cors: 1",
            "Content-Type: application/json",
        ],
        "{}",
    );
    assert_eq!(form.status, 403, "{}", form.body);
    assert!(!revoked(&hosted));
    assert_eq!(hosted.get("/api/keystatic/v1/config", "octo").status, 200);
    // The admin's own menu: signed out, token revoked.
    let origin = format!("Origin: http://{}", hosted.address);
    let menu = hosted::request(
        &hosted.address,
        "POST",
        "/api/keystatic/github/logout",
        &[
            &cookie,
            &origin,
            "no-cors: 1",
            "Content-Type: application/json",
        ],
        "{}",
    );
    assert_eq!(menu.status, 204, "{}", menu.body);
    assert!(revoked(&hosted));
    let cleared = menu.headers("set-cookie");
    assert!(
        cleared
            .iter()
            .any(|c| c.starts_with("keystatic-gh-access-token=;") && c.contains("Max-Age=0")),
        "{cleared:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_in_answers_are_kept_by_no_shared_cache() {
    let hosted = hosted::start(quick(), &[]).await;
    for path in [
        "/api/keystatic/v1/config",
        "/api/keystatic/v1/collections/posts/entries",
        "/api/keystatic/tree",
    ] {
        let answer = hosted.get(path, "octo");
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
        assert_eq!(
            answer.headers("cache-control"),
            ["private, no-store"],
            "{path}"
        );
        assert!(
            answer
                .headers("vary")
                .iter()
                .any(|v| v.to_ascii_lowercase().contains("cookie")),
            "{path}: {:?}",
            answer.headers("vary")
        );
    }
}
