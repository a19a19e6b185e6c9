//! One socket's life: the `auth` message first, within a few seconds (a few KiB of room messages
//! sent before it are held and taken after it), then room messages relayed through the hub; pings
//! answered; a signed-in person's rights asked again now and then. Closed when silent too long,
//! when it falls too far behind or does not take what is sent in time, when it sends what no Quire
//! admin sends, or when the person's sign-in ends. What it sends is read at a bounded rate.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::frame::{Control, Frame, Joiner, RoomFrame, control_text, split};
use super::hub::{Hub, JoinError, SocketTicket};
use super::person::{Person, Recheck, Rights};
use super::room::{Outbox, Room, RoomError};

/// Frames queued for one socket before it counts as lagging.
const OUTBOX: usize = 1024;
/// Bytes of room messages held until `auth` arrives.
const HELD_BEFORE_AUTH: usize = 16 * 1024;
/// Close codes (4000–4999 are the application's).
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;
const NO_AUTH: u16 = 4401;
const SILENT: u16 = 4408;
const LAGGING: u16 = 4429;
const DENIED: u16 = 4403;

/// Bytes a socket may send: `per_second` on average, after a burst of `burst`.
struct Rate {
    per_second: f64,
    burst: f64,
    credit: f64,
    at: Instant,
}

impl Rate {
    fn new(per_second: usize, burst: usize) -> Rate {
        Rate {
            per_second: per_second as f64,
            burst: burst as f64,
            credit: burst as f64,
            at: Instant::now(),
        }
    }

    fn spend(&mut self, bytes: usize) {
        self.refill();
        self.credit -= bytes as f64;
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let earned = now.duration_since(self.at).as_secs_f64() * self.per_second;
        self.credit = (self.credit + earned).min(self.burst);
        self.at = now;
    }

    /// When reading may go on: None for now, else once what was sent beyond the rate is paid.
    fn pause(&mut self) -> Option<Instant> {
        self.refill();
        (self.credit < 0.0)
            .then(|| self.at + Duration::from_secs_f64(-self.credit / self.per_second))
    }
}

pub async fn run(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    ticket: SocketTicket,
    person: Person,
    recheck: Option<Recheck>,
) {
    let conn = ticket.conn;
    let (tx, mut outgoing) = mpsc::channel(OUTBOX);
    let outbox = Outbox::new(tx);
    let lagging = outbox.lagging.clone();
    let mut user: Option<serde_json::Value> = None;
    let mut rights = match &person {
        Person::Known(_, rights) => rights.clone(),
        Person::Unnamed => Rights::All,
    };
    let mut held: Vec<Vec<u8>> = Vec::new();
    let mut rooms: HashMap<String, Arc<Room>> = HashMap::new();
    let mut joiner = Joiner::default();
    let settings = hub.settings;
    let mut last_heard = Instant::now();
    // Timers made once: a loop turn per keystroke makes none.
    let no_auth = tokio::time::sleep(settings.auth_within);
    tokio::pin!(no_auth);
    let resume = tokio::time::sleep(Duration::ZERO);
    tokio::pin!(resume);
    let mut check = tokio::time::interval(settings.check_every);
    let mut recheck_timer = tokio::time::interval_at(
        Instant::now() + settings.recheck_every,
        settings.recheck_every,
    );
    let (rechecked_tx, mut rechecked) = mpsc::channel::<Result<Person, String>>(1);
    let mut rate = Rate::new(settings.bytes_per_second, settings.max_message);
    let mut paused: Option<Instant> = None;

    let close = loop {
        tokio::select! {
            incoming = socket.recv(), if paused.is_none() => {
                let Some(Ok(message)) = incoming else { break None };
                last_heard = Instant::now();
                rate.spend(match &message {
                    Message::Binary(bytes) => bytes.len(),
                    Message::Text(text) => text.len(),
                    _ => 0,
                });
                paused = rate.pause();
                if let Some(at) = paused {
                    resume.as_mut().reset(at);
                }
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
                            // Large messages come from people the server knows (a document's
                            // first copy), never before `auth`.
                            Control::Chunks { .. } if user.is_none() => {
                                break Some((TOO_BIG, "chunks before auth"));
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
                    if held.iter().map(Vec::len).sum::<usize>() + whole.len() > HELD_BEFORE_AUTH {
                        break Some((POLICY, "too much before auth"));
                    }
                    held.push(whole);
                } else if let Err(reason) = take(&hub, conn, &outbox, &mut rooms, &whole, user.as_ref(), &rights) {
                    break Some((POLICY, reason));
                }
            }
            () = &mut resume, if paused.is_some() => {
                paused = rate.pause();
                if let Some(at) = paused {
                    resume.as_mut().reset(at);
                }
                last_heard = Instant::now();
            }
            Some(frame) = outgoing.recv() => {
                outbox.sent(&frame);
                match tokio::time::timeout(settings.send_within, send(&mut socket, frame)).await {
                    Ok(Ok(())) => {}
                    Ok(Err(_)) => break None,
                    // A socket that does not take what it is sent holds the room's frames: it goes.
                    Err(_) => break Some((LAGGING, "too slow to read")),
                }
            }
            () = &mut no_auth, if user.is_none() => {
                break Some((NO_AUTH, "no auth in time"));
            }
            _ = check.tick() => {
                if last_heard.elapsed() > settings.silence {
                    break Some((SILENT, "silent too long"));
                }
            }
            _ = recheck_timer.tick(), if recheck.is_some() => {
                if let Some(recheck) = &recheck {
                    let answer = rechecked_tx.clone();
                    let asked = recheck();
                    tokio::spawn(async move {
                        let _ = answer.send(asked.await).await;
                    });
                }
            }
            Some(now) = rechecked.recv() => match now {
                Ok(Person::Known(_, now)) if now != rights => {
                    for (name, room) in &rooms {
                        room.set_may_write(conn, now.may_write(name));
                    }
                    rights = now;
                }
                Ok(_) => {}
                Err(reason) => {
                    outbox.send(Frame::Text(control_text(&Control::PermissionDenied { reason })));
                    flush(&mut socket, &mut outgoing, &outbox).await;
                    break Some((DENIED, "permission denied"));
                }
            },
            // The person logged out (maybe in another browser: without `permission-denied`, a
            // browser still signed in opens its socket again).
            () = ticket.ended.notified() => break Some((DENIED, "signed out")),
            () = lagging.notified() => break Some((LAGGING, "fell behind")),
        }
    };
    for room in rooms.values() {
        hub.leave(room, conn);
    }
    if let Some((code, reason)) = close {
        let closing = socket.send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })));
        let _ = tokio::time::timeout(settings.send_within, closing).await;
    }
    drop(ticket);
}

/// A room message from an authenticated socket: joins the room on its first message there. A
/// change the room cannot take for its size is refused with a message to its sender; the socket
/// stays.
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
            if rooms.len() >= hub.settings.rooms_per_socket {
                return Err("too many rooms on one socket");
            }
            let room = hub.room(frame.room).map_err(|err| match err {
                JoinError::BadName(_) => "not a room name",
                JoinError::Full => "too many rooms",
            })?;
            room.join(conn, outbox.clone(), rights.may_write(frame.room));
            rooms.insert(frame.room.to_string(), room.clone());
            room
        }
    };
    match room.receive(conn, frame.message, user) {
        Ok(()) => Ok(()),
        Err(RoomError::TooLarge(reason)) => {
            outbox.send(Frame::Text(control_text(&Control::Refused {
                room: room.name.clone(),
                reason,
            })));
            Ok(())
        }
        Err(err) => {
            tracing::debug!("collaboration socket {conn}: {err}");
            Err("a message the room cannot take")
        }
    }
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
            Frame::Binary(bytes) => Message::Binary(bytes),
            Frame::Text(text) => Message::Text(text.into()),
        };
        socket.send(message).await?;
    }
    Ok(())
}

/// Sends what is queued (a last message before closing), as long as the socket takes it in time.
async fn flush(socket: &mut WebSocket, outgoing: &mut mpsc::Receiver<Frame>, outbox: &Outbox) {
    let within = Duration::from_secs(2);
    while let Ok(frame) = outgoing.try_recv() {
        outbox.sent(&frame);
        match tokio::time::timeout(within, send(socket, frame)).await {
            Ok(Ok(())) => {}
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_socket_is_read_at_its_rate_after_a_burst() {
        let mut rate = Rate::new(1000, 5000);
        rate.spend(5000);
        assert_eq!(rate.pause(), None, "the burst is free");
        rate.spend(2000);
        let resume = rate.pause().expect("paused");
        assert_eq!(resume - Instant::now(), Duration::from_secs(2));
        tokio::time::advance(Duration::from_secs(1)).await;
        assert!(rate.pause().is_some(), "still paying");
        tokio::time::advance(Duration::from_secs(1)).await;
        assert_eq!(rate.pause(), None);
        // Credit comes back, up to the burst.
        tokio::time::advance(Duration::from_secs(60)).await;
        rate.spend(5000);
        assert_eq!(rate.pause(), None);
    }
}
