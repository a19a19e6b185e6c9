//! The rooms of one server: made when someone first joins, dropped a while after the last one
//! leaves (someone who reloads finds the document still there), and bounded in number.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::relay::{PeerKind, PeerSink, Relay};
use super::room::{ConnId, Room};

/// How long a room opened with other servers waits for them before answering its sockets.
const CATCH_UP: Duration = Duration::from_millis(400);

/// The timings and bounds of collaboration.
#[derive(Debug, Clone, Copy)]
pub struct CollabSettings {
    /// A socket that sends nothing for longer is closed (clients ping every 10 s).
    pub silence: Duration,
    /// How often silence is checked.
    pub check_every: Duration,
    /// How long a room outlives its last member.
    pub keep_empty: Duration,
    /// The largest message, after its chunks are joined.
    pub max_message: usize,
    /// Sockets open at once.
    pub max_sockets: usize,
    /// Rooms at once.
    pub max_rooms: usize,
}

impl Default for CollabSettings {
    fn default() -> CollabSettings {
        CollabSettings {
            silence: Duration::from_secs(30),
            check_every: Duration::from_secs(3),
            keep_empty: Duration::from_secs(60),
            max_message: 32 * 1024 * 1024,
            max_sockets: 4096,
            max_rooms: 10_000,
        }
    }
}

/// Every room of the server, and its sockets' count.
pub struct Hub {
    pub settings: CollabSettings,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    sockets: AtomicUsize,
    next_conn: AtomicU64,
    /// Other servers sharing the rooms (Redis), when there are any.
    relay: Option<Relay>,
}

/// Why a room cannot be joined.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum JoinError {
    #[error("the room name \"{0}\" is not one Quire makes")]
    BadName(String),
    #[error("too many rooms are open")]
    Full,
}

/// A socket's place among the server's sockets, given back when it closes.
pub struct SocketTicket {
    hub: Arc<Hub>,
    pub conn: ConnId,
}

impl Drop for SocketTicket {
    fn drop(&mut self) {
        self.hub.sockets.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Hub {
    pub fn new(settings: CollabSettings) -> Hub {
        Hub {
            settings,
            rooms: Mutex::default(),
            sockets: AtomicUsize::new(0),
            next_conn: AtomicU64::new(1),
            relay: None,
        }
    }

    /// A hub whose rooms are shared with the other servers publishing on `channel` of the Redis at
    /// `url`. Needs a Tokio runtime (the connections run on it).
    pub fn shared(
        settings: CollabSettings,
        url: &str,
        channel: &str,
    ) -> Result<Arc<Hub>, redis::RedisError> {
        let mut failed = None;
        let hub = Arc::new_cyclic(|weak: &std::sync::Weak<Hub>| {
            let sink: std::sync::Weak<dyn PeerSink> = weak.clone();
            let relay = match Relay::start(url, channel.to_string(), sink) {
                Ok(relay) => Some(relay),
                Err(err) => {
                    failed = Some(err);
                    None
                }
            };
            Hub {
                relay,
                ..Hub::new(settings)
            }
        });
        match failed {
            Some(err) => Err(err),
            None => Ok(hub),
        }
    }

    /// A place for one more socket, unless the server has as many as it takes.
    pub fn admit(self: &Arc<Hub>) -> Option<SocketTicket> {
        let before = self.sockets.fetch_add(1, Ordering::Relaxed);
        let conn = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let ticket = SocketTicket {
            hub: self.clone(),
            conn,
        };
        (before < self.settings.max_sockets).then_some(ticket)
    }

    /// The room called `name`, made if it is not open.
    pub fn room(&self, name: &str) -> Result<Arc<Room>, JoinError> {
        if !valid_name(name) {
            return Err(JoinError::BadName(name.chars().take(80).collect()));
        }
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(room) = rooms.get(name) {
            return Ok(room.clone());
        }
        if rooms.len() >= self.settings.max_rooms {
            return Err(JoinError::Full);
        }
        let room = Arc::new(Room::new(name.to_string(), self.relay.clone()));
        rooms.insert(name.to_string(), room.clone());
        if self.relay.is_some() {
            let waiting = room.clone();
            tokio::spawn(async move {
                tokio::time::sleep(CATCH_UP).await;
                waiting.caught_up();
            });
        }
        Ok(room)
    }

    /// `conn` leaves `room`; an empty room is dropped after `keep_empty` unless someone joins.
    pub fn leave(self: &Arc<Hub>, room: &Arc<Room>, conn: ConnId) {
        if !room.leave(conn) {
            return;
        }
        let hub = self.clone();
        let room = room.clone();
        tokio::spawn(async move {
            tokio::time::sleep(hub.settings.keep_empty).await;
            let mut rooms = hub.rooms.lock().unwrap_or_else(|p| p.into_inner());
            let still_ours = rooms
                .get(&room.name)
                .is_some_and(|open| Arc::ptr_eq(open, &room));
            if still_ours && room.is_empty() {
                rooms.remove(&room.name);
            }
        });
    }

    /// How many rooms are open.
    pub fn rooms_open(&self) -> usize {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// The rooms Quire's admin makes: `presence` (who is where on the site) and
/// `entry:{branch}:{location}` (an entry's or a singleton's document on a branch; the branch is
/// empty for storage without branches).
fn valid_name(name: &str) -> bool {
    name.len() <= 1024
        && (name == "presence"
            || name
                .strip_prefix("entry:")
                .is_some_and(|rest| rest.contains(':') && !rest.contains(char::is_control)))
}

impl PeerSink for Hub {
    /// A message another server published, for the room when it is open here.
    fn take_from_peer(&self, kind: PeerKind, room: &str, bytes: &[u8]) {
        let open = self
            .rooms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(room)
            .cloned();
        if let Some(open) = open {
            open.take_from_peer(kind, bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_quires_room_names_are_taken() {
        let hub = Hub::new(CollabSettings::default());
        assert!(hub.room("presence").is_ok());
        assert!(hub.room("entry:main:collection/posts/item/hello").is_ok());
        assert!(hub.room("entry::singleton/settings").is_ok());
        for bad in ["", "other", "entry:nobranch", "entry:main:a\nb"] {
            assert!(
                matches!(hub.room(bad), Err(JoinError::BadName(_))),
                "{bad:?}"
            );
        }
        assert!(
            hub.room(&format!("entry:main:{}", "a".repeat(1100)))
                .is_err()
        );
    }

    #[test]
    fn the_number_of_rooms_is_bounded() {
        let hub = Hub::new(CollabSettings {
            max_rooms: 2,
            ..CollabSettings::default()
        });
        hub.room("entry:a:x").unwrap();
        hub.room("entry:b:x").unwrap();
        assert!(
            hub.room("entry:a:x").is_ok(),
            "an open room is still joined"
        );
        assert_eq!(hub.room("entry:c:x").err(), Some(JoinError::Full));
    }
}
