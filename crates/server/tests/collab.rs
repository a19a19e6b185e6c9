//! The collaboration socket over real connections: documents converge between two and three
//! clients and reach late joiners, large messages travel in chunks, messages sent before `auth`
//! are taken after it, awareness names people as the server knows them and goes when they leave,
//! silent sockets are closed, and pages of other sites are turned away.

mod peer;

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use server::{CollabSettings, Hub};

const ROOM: &str = "entry:main:collection/posts/item/hello";

/// Serves the example blog (local storage) with `settings`; answers its address.
async fn listen(settings: CollabSettings, config_extra: &str) -> (tempfile::TempDir, String) {
    let dir = test_support::copy_site("examples/blog");
    let address = peer::serve(dir.path(), config_extra, |state| {
        state.with_collab(settings)
    })
    .await;
    (dir, address)
}

#[tokio::test]
async fn two_and_three_clients_converge_and_a_late_joiner_gets_the_document() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let mut ada = peer::signed(&address, "Ada").await;
    let mut bo = peer::signed(&address, "Bo").await;
    ada.join(ROOM).await;
    bo.join(ROOM).await;
    ada.settle(Duration::from_millis(100)).await;
    bo.settle(Duration::from_millis(100)).await;
    ada.type_text(ROOM, "Hello").await;
    bo.type_text(ROOM, "World").await;
    bo.until(|p| p.text_of(ROOM).len() == 10).await;
    ada.until(|p| p.text_of(ROOM).len() == 10).await;
    assert_eq!(ada.text_of(ROOM), bo.text_of(ROOM));

    let mut cy = peer::signed(&address, "Cy").await;
    cy.join(ROOM).await;
    cy.until(|p| p.docs.contains_key(ROOM) && p.text_of(ROOM).len() == 10)
        .await;
    assert_eq!(
        cy.text_of(ROOM),
        ada.text_of(ROOM),
        "the late joiner has it all"
    );

    // All three type at once.
    ada.type_text(ROOM, "1").await;
    bo.type_text(ROOM, "2").await;
    cy.type_text(ROOM, "3").await;
    for peer in [&mut ada, &mut bo, &mut cy] {
        peer.until(|p| p.text_of(ROOM).len() == 13).await;
    }
    assert_eq!(ada.text_of(ROOM), bo.text_of(ROOM));
    assert_eq!(bo.text_of(ROOM), cy.text_of(ROOM));
}

#[tokio::test]
async fn a_three_megabyte_update_travels_in_chunks() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let mut ada = peer::signed(&address, "Ada").await;
    let mut bo = peer::signed(&address, "Bo").await;
    ada.join(ROOM).await;
    bo.join(ROOM).await;
    ada.settle(Duration::from_millis(100)).await;
    bo.settle(Duration::from_millis(100)).await;
    let big = "x".repeat(3_000_000);
    ada.type_text(ROOM, &big).await;
    bo.until(|p| p.text_of(ROOM).len() == 3_000_000).await;
    assert_eq!(bo.text_of(ROOM), big);
}

#[tokio::test]
async fn messages_sent_before_auth_are_taken_after_it() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let mut ada = peer::signed(&address, "Ada").await;
    ada.join(ROOM).await;
    ada.settle(Duration::from_millis(100)).await;
    ada.type_text(ROOM, "kept").await;
    ada.settle(Duration::from_millis(100)).await;

    let mut bo = peer::open(&address, &format!("http://{address}"))
        .await
        .expect("opens");
    bo.join(ROOM).await;
    bo.settle(Duration::from_millis(200)).await;
    assert!(
        bo.text_of(ROOM).is_empty(),
        "nothing is answered before auth"
    );
    bo.text(json!({ "type": "auth", "name": "Bo" })).await;
    bo.until(|p| p.user.is_some() && p.text_of(ROOM) == "kept")
        .await;
}

#[tokio::test]
async fn awareness_names_people_as_the_server_knows_them_and_goes_when_they_leave() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let mut ada = peer::signed(&address, "  Ada Lovelace ").await;
    assert_eq!(ada.user.as_ref().unwrap()["name"], "Ada Lovelace");
    let mut bo = peer::signed(&address, "Bo").await;
    ada.join("presence").await;
    bo.join("presence").await;
    bo.settle(Duration::from_millis(100)).await;
    let state = json!({
        "user": { "name": "Somebody Else" },
        "branch": "main",
        "location": "collection/posts/item/hello",
        "path": ["title"],
    });
    ada.aware("presence", 7, 1, &state).await;
    bo.until(|p| {
        p.awareness
            .get("presence")
            .is_some_and(|s| s.contains_key(&7))
    })
    .await;
    let seen = &bo.awareness["presence"][&7];
    assert_eq!(
        seen["user"]["name"], "Ada Lovelace",
        "the claimed name is replaced"
    );
    assert_eq!(seen["location"], "collection/posts/item/hello");
    assert_eq!(seen["path"], json!(["title"]));

    // Bo cannot take over Ada's client.
    bo.aware("presence", 7, 2, &json!({ "path": [] })).await;
    let mut cy = peer::signed(&address, "Cy").await;
    cy.join("presence").await;
    cy.until(|p| {
        p.awareness
            .get("presence")
            .is_some_and(|s| s.contains_key(&7))
    })
    .await;
    assert_eq!(cy.awareness["presence"][&7]["path"], json!(["title"]));

    drop(ada);
    bo.until(|p| !p.awareness["presence"].contains_key(&7))
        .await;
}

#[tokio::test]
async fn someone_back_after_their_socket_closed_is_shown_again() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let mut bo = peer::signed(&address, "Bo").await;
    bo.join("presence").await;
    let state = json!({ "branch": "", "location": "", "path": [] });
    let mut ada = peer::signed(&address, "Ada").await;
    ada.join("presence").await;
    ada.aware("presence", 9, 1, &state).await;
    bo.until(|p| {
        p.awareness
            .get("presence")
            .is_some_and(|s| s.contains_key(&9))
    })
    .await;
    drop(ada);
    bo.until(|p| !p.awareness["presence"].contains_key(&9))
        .await;

    // The same tab on a new socket, its awareness clock where it was, and a new name.
    let mut ada = peer::signed(&address, "Ada King").await;
    ada.join("presence").await;
    ada.aware("presence", 9, 1, &state).await;
    bo.until(|p| p.awareness["presence"].contains_key(&9)).await;
    assert_eq!(bo.awareness["presence"][&9]["user"]["name"], "Ada King");
}

#[tokio::test]
async fn a_silent_socket_is_closed() {
    let settings = CollabSettings {
        silence: Duration::from_millis(400),
        check_every: Duration::from_millis(50),
        ..CollabSettings::default()
    };
    let (_site, address) = listen(settings, "").await;
    let mut talker = peer::signed(&address, "Talker").await;
    let mut silent = peer::signed(&address, "Silent").await;
    let started = std::time::Instant::now();
    let chatter = async {
        for _ in 0..12 {
            talker.text(json!({ "type": "ping" })).await;
            talker.settle(Duration::from_millis(100)).await;
        }
        talker
    };
    let wait = async {
        while silent.read_one().await {}
        silent
    };
    let (talker, silent) = tokio::join!(chatter, wait);
    assert!(started.elapsed() >= Duration::from_millis(400));
    let close = silent.closed.clone().flatten().expect("a close frame");
    assert_eq!(u16::from(close.code), 4408);
    assert!(talker.closed.is_none(), "a socket that pings stays open");
}

#[tokio::test]
async fn pages_of_other_sites_cannot_open_the_socket() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let refused = peer::open(&address, "http://evil.example").await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403)
        }
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
}

#[tokio::test]
async fn rooms_quire_does_not_make_close_the_socket() {
    let (_site, address) = listen(CollabSettings::default(), "").await;
    let mut ada = peer::signed(&address, "Ada").await;
    ada.join("someone-elses-room").await;
    while ada.read_one().await {}
    let close = ada.closed.clone().flatten().expect("a close frame");
    assert_eq!(u16::from(close.code), 1008);
}

#[tokio::test]
async fn collaboration_false_turns_the_socket_off() {
    let (_site, address) = listen(CollabSettings::default(), "collaboration: false\n").await;
    match peer::open(&address, &format!("http://{address}")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 404)
        }
        other => panic!("expected 404, got {:?}", other.map(|_| ())),
    }
}

/// Serves the example blog with `settings`; answers its address and its hub.
async fn listen_hub(settings: CollabSettings) -> (tempfile::TempDir, String, Arc<Hub>) {
    let dir = test_support::copy_site("examples/blog");
    let hub = Arc::new(Hub::new(settings));
    let shared = hub.clone();
    let address = peer::serve(dir.path(), "", move |state| state.with_hub(shared)).await;
    (dir, address, hub)
}

fn machine(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_takes_neither_every_socket_nor_every_room() {
    let settings = CollabSettings {
        sockets_per_address: 4,
        rooms_per_socket: 3,
        max_rooms: 20,
        ..CollabSettings::default()
    };
    let (_site, address, hub) = listen_hub(settings).await;
    let mut attacker = Vec::new();
    for _ in 0..4 {
        attacker.push(peer::signed_from(&address, "Many", machine(2)).await);
    }
    let origin = format!("http://{address}");
    match peer::open_as(&address, &origin, &[], Some(machine(2))).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429)
        }
        other => panic!("expected 429, got {:?}", other.map(|_| ())),
    }
    // Each socket takes a few rooms; one more closes it.
    for (n, socket) in attacker.iter_mut().enumerate() {
        for room in 0..3 {
            socket
                .join(&format!("entry:main:collection/posts/item/s{n}r{room}"))
                .await;
        }
        socket.round_trip().await;
    }
    attacker[0]
        .join("entry:main:collection/posts/item/one-more")
        .await;
    assert_eq!(attacker[0].closed_code().await, Some(1008));

    // Someone on another machine collaborates as usual.
    let mut ada = peer::signed_from(&address, "Ada", machine(3)).await;
    let mut bo = peer::signed_from(&address, "Bo", machine(4)).await;
    ada.join(ROOM).await;
    bo.join(ROOM).await;
    ada.settle(Duration::from_millis(100)).await;
    ada.type_text(ROOM, "still here").await;
    bo.until(|p| p.text_of(ROOM) == "still here").await;

    // The attacker's rooms, empty, go as soon as they leave.
    drop(attacker);
    tokio::time::timeout(Duration::from_secs(10), async {
        while hub.rooms_open() > 1 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("only the honest room is left");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_document_grows_only_so_far_and_its_writer_is_told() {
    let settings = CollabSettings {
        max_document: 1024 * 1024,
        ..CollabSettings::default()
    };
    let (_site, address, _hub) = listen_hub(settings).await;
    let mut ada = peer::signed_from(&address, "Ada", machine(2)).await;
    let mut bo = peer::signed_from(&address, "Bo", machine(3)).await;
    ada.join(ROOM).await;
    bo.join(ROOM).await;
    ada.settle(Duration::from_millis(100)).await;
    bo.settle(Duration::from_millis(100)).await;
    ada.type_text(ROOM, &"x".repeat(1_500_000)).await;
    ada.until(|p| p.controls.iter().any(|c| c["type"] == "refused"))
        .await;
    let refused = ada
        .controls
        .iter()
        .find(|c| c["type"] == "refused")
        .expect("refused");
    assert_eq!(refused["room"], ROOM);
    assert!(
        refused["reason"].as_str().unwrap().contains("1 MiB"),
        "{refused}"
    );
    // The socket stays; a change of another person still goes through.
    bo.type_text(ROOM, "small").await;
    ada.until(|p| p.text_of(ROOM).contains("small")).await;
    bo.round_trip().await;
    assert_eq!(
        bo.text_of(ROOM),
        "small",
        "the refused change reached no one"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_that_never_read_are_closed_and_hold_nothing() {
    let settings = CollabSettings {
        max_document: 256 * 1024 * 1024,
        bytes_per_second: 1024 * 1024 * 1024,
        send_within: Duration::from_millis(300),
        ..CollabSettings::default()
    };
    let (_site, address, _hub) = listen_hub(settings).await;
    let mut writer = peer::signed_from(&address, "Writer", machine(2)).await;
    writer.join(ROOM).await;
    writer.round_trip().await;
    let mut sleepers = Vec::new();
    for n in 0..5 {
        let mut sleeper = peer::signed_from(&address, "Sleeper", machine(10 + n)).await;
        sleeper.join(ROOM).await;
        sleeper.round_trip().await;
        sleepers.push(sleeper);
    }
    // Sleepers read nothing more while the writer sends 40 MB.
    for _ in 0..40 {
        writer.type_text(ROOM, &"y".repeat(1_000_000)).await;
    }
    writer.round_trip().await;
    for sleeper in &mut sleepers {
        let code = sleeper.closed_code().await;
        assert!(
            matches!(code, None | Some(4429)),
            "closed as lagging: {code:?}"
        );
    }
    // The writer's socket is open.
    writer.round_trip().await;
}
