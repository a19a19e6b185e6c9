//! One socket's life: the `auth` message first (messages sent before it are held and taken after
//! it), then room messages relayed through the hub; pings answered; closed when silent too long,
//! when it falls too far behind, or when it sends what no Quire admin sends.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tokio::sync::{Notify, mpsc};

use super::frame::{Control, Frame, Joiner, RoomFrame, control_text, split};
use super::hub::{Hub, SocketTicket};
use super::room::{Outbox, Room};
use super::{Person, Rights};

/// Frames queued for one socket before it counts as lagging.
const OUTBOX: usize = 1024;
/// Room messages held until `auth` arrives.
const HELD_BEFORE_AUTH: usize = 256;
/// Close codes (4000–4999 are the application's).
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;
const SILENT: u16 = 4408;
const LAGGING: u16 = 4429;
const DENIED: u16 = 4403;

pub async fn run(mut socket: WebSocket, hub: Arc<Hub>, ticket: SocketTicket, person: Person) {
    let conn = ticket.conn;
    let (tx, mut outgoing) = mpsc::channel(OUTBOX);
    let lagging = Arc::new(Notify::new());
    let outbox = Outbox {
        frames: tx,
        lagging: lagging.clone(),
    };
    let mut user: Option<serde_json::Value> = None;
    let rights = match &person {
        Person::Known(_, rights) => rights.clone(),
        Person::Unnamed | Person::Denied(_) => Rights::All,
    };
    let mut held: Vec<Vec<u8>> = Vec::new();
    let mut rooms: HashMap<String, Arc<Room>> = HashMap::new();
    let mut joiner = Joiner::default();
    let mut last_heard = Instant::now();
    let mut check = tokio::time::interval(hub.settings.check_every);
    let settings = hub.settings;

    let close = loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break None };
                last_heard = Instant::now();
                let whole = match message {
                    Message::Binary(bytes) => match joiner.push(bytes.to_vec(), settings.max_message) {
                        Ok(Some(whole)) => whole,
                        Ok(None) => continue,
                        Err(_) => break Some((TOO_BIG, "message too large")),
                    },
                    Message::Text(text) => {
                        let Ok(control) = serde_json::from_str::<Control>(text.as_str()) else {
                            break Some((POLICY, "unknown control message"));
                        };
                        match control {
                            Control::Auth { name } if user.is_none() => {
                                let known = match &person {
                                    Person::Known(known, _) => known.clone(),
                                    Person::Unnamed => named(name.as_deref()),
                                    Person::Denied(reason) => {
                                        outbox.send(Frame::Text(control_text(&Control::PermissionDenied {
                                            reason: reason.clone(),
                                        })));
                                        flush(&mut socket, &mut outgoing).await;
                                        break Some((DENIED, "permission denied"));
                                    }
                                };
                                outbox.send(Frame::Text(control_text(&Control::Authenticated {
                                    user: known.clone(),
                                })));
                                user = Some(known);
                                let mut refused = None;
                                for bytes in std::mem::take(&mut held) {
                                    if let Err(reason) = take(&hub, conn, &outbox, &mut rooms, &bytes, user.as_ref(), &rights) {
                                        refused = Some(reason);
                                        break;
                                    }
                                }
                                if let Some(reason) = refused {
                                    break Some((POLICY, reason));
                                }
                            }
                            Control::Ping => outbox.send(Frame::Text(control_text(&Control::Pong))),
                            Control::Leave { room } => {
                                if let Some(room) = rooms.remove(&room) {
                                    hub.leave(&room, conn);
                                }
                            }
                            Control::Chunks { count } => {
                                if joiner.expect(count, settings.max_message).is_err() {
                                    break Some((TOO_BIG, "message too large"));
                                }
                            }
                            _ => break Some((POLICY, "unexpected control message")),
                        }
                        continue;
                    }
                    Message::Close(_) => break None,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                if user.is_none() {
                    if held.len() >= HELD_BEFORE_AUTH {
                        break Some((POLICY, "too many messages before auth"));
                    }
                    held.push(whole);
                } else if let Err(reason) = take(&hub, conn, &outbox, &mut rooms, &whole, user.as_ref(), &rights) {
                    break Some((POLICY, reason));
                }
            }
            Some(frame) = outgoing.recv() => {
                if send(&mut socket, frame).await.is_err() {
                    break None;
                }
            }
            _ = check.tick() => {
                if last_heard.elapsed() > settings.silence {
                    break Some((SILENT, "silent too long"));
                }
            }
            () = lagging.notified() => break Some((LAGGING, "fell behind")),
        }
    };
    for room in rooms.values() {
        hub.leave(room, conn);
    }
    if let Some((code, reason)) = close {
        let _ = socket
            .send(Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            })))
            .await;
    }
    drop(ticket);
}

/// A room message from an authenticated socket: joins the room on its first message there.
fn take(
    hub: &Hub,
    conn: u64,
    outbox: &Outbox,
    rooms: &mut HashMap<String, Arc<Room>>,
    bytes: &[u8],
    user: Option<&serde_json::Value>,
    rights: &Rights,
) -> Result<(), &'static str> {
    let user = user.ok_or("not authenticated")?;
    let frame = RoomFrame::decode(bytes).ok_or("a binary frame names no room")?;
    let room = match rooms.get(frame.room) {
        Some(room) => room.clone(),
        None => {
            let room = hub.room(frame.room).map_err(|err| match err {
                super::hub::JoinError::BadName(_) => "not a room name",
                super::hub::JoinError::Full => "too many rooms",
            })?;
            room.join(conn, outbox.clone(), rights.may_write(frame.room));
            rooms.insert(frame.room.to_string(), room.clone());
            room
        }
    };
    room.receive(conn, frame.message, user).map_err(|err| {
        tracing::debug!("collaboration socket {conn}: {err}");
        "a message the room cannot take"
    })
}

/// The person as others see them when they name themselves: the name trimmed to 64 characters.
fn named(name: Option<&str>) -> serde_json::Value {
    let name: String = name
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .unwrap_or("Anonymous")
        .chars()
        .filter(|c| !c.is_control())
        .take(64)
        .collect();
    serde_json::json!({ "id": format!("name:{name}"), "name": name })
}

async fn send(socket: &mut WebSocket, frame: Frame) -> Result<(), axum::Error> {
    let frames = match frame {
        Frame::Binary(bytes) => split(bytes),
        text => vec![text],
    };
    for frame in frames {
        let message = match frame {
            Frame::Binary(bytes) => Message::Binary(bytes.into()),
            Frame::Text(text) => Message::Text(text.into()),
        };
        socket.send(message).await?;
    }
    Ok(())
}

/// Sends what is queued (a last message before closing).
async fn flush(socket: &mut WebSocket, outgoing: &mut mpsc::Receiver<Frame>) {
    while let Ok(frame) = outgoing.try_recv() {
        if send(socket, frame).await.is_err() {
            return;
        }
    }
}
