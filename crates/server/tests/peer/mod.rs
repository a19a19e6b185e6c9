//! A collaboration client as the admin is one, over a real socket: it authenticates, joins rooms
//! with sync step 1, answers the server's, applies updates and awareness, and sends its own edits.

#![allow(dead_code)] // Each test file uses its own part.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;
use yrs::sync::awareness::AwarenessUpdateEntry;
use yrs::sync::{AwarenessUpdate, Message as YMessage, SyncMessage};
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{ClientID, Doc, GetString, ReadTxn, StateVector, Text, Transact, Update};

pub const CHUNK: usize = 1_000_000;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub struct Peer {
    pub socket: Socket,
    pub docs: HashMap<String, Doc>,
    /// Awareness states by room and client, as JSON.
    pub awareness: HashMap<String, HashMap<u64, Value>>,
    pub user: Option<Value>,
    chunks: Option<(usize, Vec<u8>)>,
    pub closed: Option<Option<CloseFrame>>,
    /// Control messages received (`refused`, `permission-denied`, …), as JSON.
    pub controls: Vec<Value>,
}

/// A server of the site in `dir` (local storage, answering to 127.0.0.1), its config's text
/// followed by `config_extra`, made into a state by `state`; answers its address.
pub async fn serve(
    dir: &Path,
    config_extra: &str,
    state: impl FnOnce(server::AppState) -> server::AppState,
) -> String {
    let text = std::fs::read_to_string(dir.join("quire.yaml")).expect("config") + config_extra;
    let config = content::config::parse(&text).expect("valid config");
    let storage = std::sync::Arc::new(storage_fs::FsStorage::new(dir));
    let state = state(server::AppState::new(
        config,
        storage,
        vec!["127.0.0.1".into()],
    ));
    listen(state).await
}

/// Serves `state` on a free port of 127.0.0.1 until the test ends; answers its address.
pub async fn listen(state: server::AppState) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let address = listener.local_addr().expect("address").to_string();
    tokio::spawn(server::serve(
        listener,
        server::router(state),
        server::Connections::default(),
        std::future::pending(),
    ));
    address
}

/// Opens a socket to `address` as a page of `origin` would.
pub async fn open(address: &str, origin: &str) -> Result<Peer, WsError> {
    open_as(address, origin, &[], None).await
}

/// Opens a socket to `address` as a page of `origin` would, with more `headers` (a cookie), from
/// the local address `from` (127.0.0.x: another machine, as far as the server can tell).
pub async fn open_as(
    address: &str,
    origin: &str,
    headers: &[(&str, &str)],
    from: Option<std::net::Ipv4Addr>,
) -> Result<Peer, WsError> {
    let mut request = format!("ws://{address}/api/keystatic/v1/collab")
        .into_client_request()
        .expect("a request");
    request
        .headers_mut()
        .insert("origin", origin.parse().expect("an origin"));
    for (name, value) in headers {
        request.headers_mut().insert(
            tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                .expect("a header name"),
            value.parse().expect("a header value"),
        );
    }
    let connection = tokio::net::TcpSocket::new_v4().map_err(WsError::Io)?;
    if let Some(from) = from {
        connection.bind((from, 0).into()).map_err(WsError::Io)?;
    }
    let stream = connection
        .connect(address.parse().expect("an address"))
        .await
        .map_err(WsError::Io)?;
    let (socket, _) =
        tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)).await?;
    Ok(Peer {
        socket,
        docs: HashMap::new(),
        awareness: HashMap::new(),
        user: None,
        chunks: None,
        closed: None,
        controls: Vec::new(),
    })
}

/// Opens a socket from `from` and authenticates as `name`.
pub async fn signed_from(address: &str, name: &str, from: std::net::Ipv4Addr) -> Peer {
    let mut peer = open_as(address, &format!("http://{address}"), &[], Some(from))
        .await
        .expect("the socket opens");
    peer.text(json!({ "type": "auth", "name": name })).await;
    peer.until(|peer| peer.user.is_some()).await;
    peer
}

/// Opens a socket and authenticates as `name`.
pub async fn signed(address: &str, name: &str) -> Peer {
    let mut peer = open(address, &format!("http://{address}"))
        .await
        .expect("the socket opens");
    peer.text(json!({ "type": "auth", "name": name })).await;
    peer.until(|peer| peer.user.is_some()).await;
    peer
}

pub fn frame(room: &str, message: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.write_string(room);
    bytes.extend_from_slice(message);
    bytes
}

impl Peer {
    pub async fn text(&mut self, value: Value) {
        self.socket
            .send(Message::Text(value.to_string().into()))
            .await
            .expect("sent");
    }

    pub async fn binary(&mut self, bytes: Vec<u8>) {
        if bytes.len() > CHUNK {
            let count = bytes.len().div_ceil(CHUNK);
            self.text(json!({ "type": "chunks", "count": count })).await;
            for chunk in bytes.chunks(CHUNK) {
                self.socket
                    .send(Message::Binary(chunk.to_vec().into()))
                    .await
                    .expect("sent");
            }
        } else {
            self.socket
                .send(Message::Binary(bytes.into()))
                .await
                .expect("sent");
        }
    }

    /// Joins `room` with an empty document.
    pub async fn join(&mut self, room: &str) {
        let doc = self.docs.entry(room.to_string()).or_default();
        let sv = doc.transact().state_vector();
        let message = YMessage::Sync(SyncMessage::SyncStep1(sv)).encode_v1();
        self.binary(frame(room, &message)).await;
    }

    /// Appends `text` to the room's shared text `t` and sends the update.
    pub async fn type_text(&mut self, room: &str, text: &str) {
        let doc = self.docs.get(room).expect("joined");
        let before = doc.transact().state_vector();
        let shared = doc.get_or_insert_text("t");
        {
            let mut txn = doc.transact_mut();
            let end = shared.len(&txn);
            shared.insert(&mut txn, end, text);
        }
        let update = doc.transact().encode_state_as_update_v1(&before);
        let message = YMessage::Sync(SyncMessage::Update(update)).encode_v1();
        self.binary(frame(room, &message)).await;
    }

    pub fn text_of(&self, room: &str) -> String {
        let doc = self.docs.get(room).expect("joined");
        let shared = doc.get_or_insert_text("t");
        shared.get_string(&doc.transact())
    }

    /// Publishes an awareness state for `client` in `room`.
    pub async fn aware(&mut self, room: &str, client: u64, clock: u32, state: &Value) {
        let update = AwarenessUpdate {
            clients: HashMap::from([(
                ClientID::new(client),
                AwarenessUpdateEntry {
                    clock,
                    json: state.to_string().into(),
                },
            )]),
        };
        self.binary(frame(room, &YMessage::Awareness(update).encode_v1()))
            .await;
    }

    /// Reads messages until `done` holds (at most ten seconds).
    pub async fn until(&mut self, done: impl Fn(&Peer) -> bool) {
        tokio::time::timeout(Duration::from_secs(10), async {
            while !done(self) {
                if !self.read_one().await {
                    break;
                }
            }
        })
        .await
        .expect("in time");
        assert!(done(self), "the socket closed first: {:?}", self.closed);
    }

    /// Reads until the server closes the socket (at most ten seconds); answers the close code
    /// (None: the connection ended without one). Nothing is answered meanwhile: a reply the server
    /// no longer reads would make its side reset the connection, and the close frame be lost.
    pub async fn closed_code(&mut self) -> Option<u16> {
        tokio::time::timeout(Duration::from_secs(10), async {
            while self.closed.is_none() {
                match self.socket.next().await {
                    Some(Ok(Message::Close(frame))) => self.closed = Some(frame),
                    Some(Ok(Message::Text(text))) => {
                        self.controls
                            .push(serde_json::from_str(text.as_str()).expect("JSON"));
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => self.closed = Some(None),
                }
            }
        })
        .await
        .expect("closed in time");
        self.closed
            .clone()
            .flatten()
            .map(|frame| u16::from(frame.code))
    }

    /// Sends a ping and reads until its pong: everything sent before it was taken by the server.
    pub async fn round_trip(&mut self) {
        let before = self.pongs();
        self.text(json!({ "type": "ping" })).await;
        self.until(|peer| peer.pongs() > before).await;
    }

    fn pongs(&self) -> usize {
        self.controls
            .iter()
            .filter(|control| control["type"] == "pong")
            .count()
    }

    /// Reads messages for `time`.
    pub async fn settle(&mut self, time: Duration) {
        let _ = tokio::time::timeout(time, async { while self.read_one().await {} }).await;
    }

    /// Reads and handles one message; false once the socket is closed.
    pub async fn read_one(&mut self) -> bool {
        let Some(message) = self.socket.next().await else {
            self.closed.get_or_insert(None);
            return false;
        };
        match message {
            Ok(Message::Text(text)) => {
                let value: Value = serde_json::from_str(text.as_str()).expect("JSON");
                match value["type"].as_str() {
                    Some("authenticated") => self.user = Some(value["user"].clone()),
                    Some("chunks") => {
                        let count = value["count"].as_u64().expect("a count") as usize;
                        self.chunks = Some((count, Vec::new()));
                    }
                    _ => self.controls.push(value),
                }
                true
            }
            Ok(Message::Binary(bytes)) => {
                match self.chunks.take() {
                    Some((count, mut joined)) => {
                        joined.extend_from_slice(&bytes);
                        if count > 1 {
                            self.chunks = Some((count - 1, joined));
                        } else {
                            self.handle(&joined).await;
                        }
                    }
                    None => self.handle(&bytes).await,
                }
                true
            }
            Ok(Message::Close(frame)) => {
                self.closed = Some(frame);
                false
            }
            Ok(_) => true,
            Err(_) => {
                self.closed.get_or_insert(None);
                false
            }
        }
    }

    async fn handle(&mut self, bytes: &[u8]) {
        let mut cursor = Cursor::new(bytes);
        let len: usize = cursor.read_var().expect("a room");
        let start = cursor.next;
        let room = std::str::from_utf8(&bytes[start..start + len])
            .expect("UTF-8")
            .to_string();
        let message = YMessage::decode_v1(&bytes[start + len..]).expect("a y-sync message");
        match message {
            YMessage::Sync(SyncMessage::SyncStep1(sv)) => {
                let update = self.update_for(&room, &sv);
                let reply = YMessage::Sync(SyncMessage::SyncStep2(update)).encode_v1();
                self.binary(frame(&room, &reply)).await;
            }
            YMessage::Sync(SyncMessage::SyncStep2(update) | SyncMessage::Update(update)) => {
                let doc = self.docs.entry(room).or_default();
                doc.transact_mut()
                    .apply_update(Update::decode_v1(&update).expect("an update"))
                    .expect("applies");
            }
            YMessage::Awareness(update) => {
                let states = self.awareness.entry(room).or_default();
                for (client, entry) in update.clients {
                    let value: Value = serde_json::from_str(&entry.json).expect("JSON");
                    if value.is_null() {
                        states.remove(&client.get());
                    } else {
                        states.insert(client.get(), value);
                    }
                }
            }
            _ => {}
        }
    }

    fn update_for(&self, room: &str, sv: &StateVector) -> Vec<u8> {
        match self.docs.get(room) {
            Some(doc) => doc.transact().encode_state_as_update_v1(sv),
            None => Doc::new().transact().encode_state_as_update_v1(sv),
        }
    }
}
