//! The rooms and sockets of one server, and their bounds: sockets in all, per address and per
//! person; rooms in all (a room nobody is in gives way to a new one); the bytes of all rooms'
//! documents together. A room is made when someone first joins, and dropped when the last one
//! leaves: at once when its document is empty, else a while later (someone who reloads finds the
//! document still there).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;

use super::relay::{PeerKind, PeerSink, Relay, Sealed};
use super::room::{ConnId, Room};
use super::settings::CollabSettings;
use crate::limits::{KeyTurn, PerKey};

/// How long a room opened with other servers waits for them before answering its sockets.
const CATCH_UP: Duration = Duration::from_millis(400);

/// Every room of the server, and its sockets.
pub struct Hub {
    pub settings: CollabSettings,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    sockets: AtomicUsize,
    /// Sockets by address and by person.
    counted: PerKey,
    /// Each signed-in person's sockets (their login), and how each is told that the person logged out.
    people: Mutex<HashMap<ConnId, (String, Arc<Notify>)>>,
    next_conn: AtomicU64,
    /// The bytes of every room's document together.
    pub(super) documents: Arc<AtomicUsize>,
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

/// Why a socket is not taken.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AdmitError {
    #[error("Too many people are collaborating on this server")]
    Full,
    #[error("Too many collaboration sockets are open from your address")]
    Address,
    #[error("You have too many collaboration sockets open; close some of the admin's tabs")]
    Person,
}

/// Who a socket is, for its bounds: its address, and the person signed in (their login).
#[derive(Debug, Default, Clone)]
pub struct Holder {
    pub address: Option<String>,
    pub person: Option<String>,
}

/// A socket's place among the server's sockets, given back when it closes.
pub struct SocketTicket {
    hub: Arc<Hub>,
    pub conn: ConnId,
    /// Told when the person logged out.
    pub ended: Arc<Notify>,
    _turns: Vec<KeyTurn>,
}

impl Drop for SocketTicket {
    fn drop(&mut self) {
        self.hub.sockets.fetch_sub(1, Ordering::Relaxed);
        self.hub
            .people
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.conn);
    }
}

impl Hub {
    pub fn new(settings: CollabSettings) -> Hub {
        Hub {
            settings,
            rooms: Mutex::default(),
            sockets: AtomicUsize::new(0),
            counted: PerKey::default(),
            people: Mutex::default(),
            next_conn: AtomicU64::new(1),
            documents: Arc::default(),
            relay: None,
        }
    }

    /// A hub whose rooms are shared with the other servers publishing on `channel` of the Redis at
    /// `url`, their messages sealed with `secret` (which every server of the site shares). Needs a
    /// Tokio runtime (the connections run on it).
    pub fn shared(
        settings: CollabSettings,
        url: &str,
        channel: &str,
        secret: &[u8],
    ) -> Result<Arc<Hub>, redis::RedisError> {
        let mut failed = None;
        let sealed = Sealed::new(secret, channel);
        let hub = Arc::new_cyclic(|weak: &std::sync::Weak<Hub>| {
            let sink: std::sync::Weak<dyn PeerSink> = weak.clone();
            let relay = match Relay::start(url, channel.to_string(), sealed, sink) {
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

    /// A place for one more socket of `holder`, unless the server, their address or they have as
    /// many as they may.
    pub fn admit(self: &Arc<Hub>, holder: &Holder) -> Result<SocketTicket, AdmitError> {
        let mut turns = Vec::new();
        if let Some(address) = &holder.address {
            let turn = self
                .counted
                .take(address, self.settings.sockets_per_address)
                .ok_or(AdmitError::Address)?;
            turns.push(turn);
        }
        if let Some(person) = &holder.person {
            let turn = self
                .counted
                .take(
                    &format!("person:{person}"),
                    self.settings.sockets_per_person,
                )
                .ok_or(AdmitError::Person)?;
            turns.push(turn);
        }
        let before = self.sockets.fetch_add(1, Ordering::Relaxed);
        let conn = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let ended = Arc::new(Notify::new());
        if let Some(person) = &holder.person {
            self.people
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(conn, (person.clone(), ended.clone()));
        }
        let ticket = SocketTicket {
            hub: self.clone(),
            conn,
            ended,
            _turns: turns,
        };
        if before >= self.settings.max_sockets {
            return Err(AdmitError::Full);
        }
        Ok(ticket)
    }

    /// `login` logged out: their sockets on this server close (those of another browser of
    /// theirs open again, with its own sign-in).
    pub fn log_out(&self, login: &str) {
        let people = self.people.lock().unwrap_or_else(|p| p.into_inner());
        for (person, ended) in people.values() {
            if person.eq_ignore_ascii_case(login) {
                ended.notify_one();
            }
        }
    }

    /// The room called `name`, made if it is not open. When as many rooms are open as may be, one
    /// that nobody is in gives way.
    pub fn room(&self, name: &str) -> Result<Arc<Room>, JoinError> {
        if !valid_name(name) {
            return Err(JoinError::BadName(name.chars().take(80).collect()));
        }
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(room) = rooms.get(name) {
            return Ok(room.clone());
        }
        if rooms.len() >= self.settings.max_rooms {
            let unused = rooms
                .iter()
                .find(|(_, room)| room.is_empty())
                .map(|(name, _)| name.clone())
                .ok_or(JoinError::Full)?;
            rooms.remove(&unused);
        }
        let room = Arc::new(Room::new(
            name.to_string(),
            self.relay.clone(),
            self.settings,
            self.documents.clone(),
        ));
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

    /// `conn` leaves `room`; an empty room is dropped, at once when its document is empty (there
    /// is nothing to come back to), else after `keep_empty` unless someone joins.
    pub fn leave(self: &Arc<Hub>, room: &Arc<Room>, conn: ConnId) {
        if !room.leave(conn) {
            return;
        }
        if room.document_is_empty() {
            self.drop_if_unused(room);
            return;
        }
        let hub = self.clone();
        let room = room.clone();
        tokio::spawn(async move {
            tokio::time::sleep(hub.settings.keep_empty).await;
            hub.drop_if_unused(&room);
        });
    }

    fn drop_if_unused(&self, room: &Arc<Room>) {
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        let still_ours = rooms
            .get(&room.name)
            .is_some_and(|open| Arc::ptr_eq(open, room));
        if still_ours && room.is_empty() {
            rooms.remove(&room.name);
        }
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
    fn rooms_nobody_is_in_give_way_when_the_server_has_as_many_as_it_takes() {
        let hub = Hub::new(CollabSettings {
            max_rooms: 2,
            ..CollabSettings::default()
        });
        let (outbox, _frames) = super::super::room::tests::outbox();
        hub.room("entry:a:x").unwrap().join(1, outbox.clone(), true);
        hub.room("entry:b:x").unwrap().join(2, outbox.clone(), true);
        assert!(
            hub.room("entry:a:x").is_ok(),
            "an open room is still joined"
        );
        assert_eq!(
            hub.room("entry:c:x").err(),
            Some(JoinError::Full),
            "rooms people are in stay"
        );
        hub.room("entry:b:x").unwrap().leave(2);
        assert!(hub.room("entry:c:x").is_ok(), "an unused room gave way");
        assert_eq!(hub.rooms_open(), 2);
    }

    #[tokio::test]
    async fn sockets_are_bounded_per_address_and_per_person() {
        let hub = Arc::new(Hub::new(CollabSettings {
            sockets_per_address: 2,
            sockets_per_person: 3,
            ..CollabSettings::default()
        }));
        let at = |address: &str, person: Option<&str>| Holder {
            address: Some(address.into()),
            person: person.map(String::from),
        };
        let a1 = hub.admit(&at("address:10.0.0.1", None)).unwrap();
        let _a2 = hub.admit(&at("address:10.0.0.1", None)).unwrap();
        assert_eq!(
            hub.admit(&at("address:10.0.0.1", None)).err(),
            Some(AdmitError::Address)
        );
        assert!(hub.admit(&at("address:10.0.0.2", None)).is_ok());
        drop(a1);
        let _a3 = hub.admit(&at("address:10.0.0.1", None)).unwrap();
        let mut octo = Vec::new();
        for n in 0..3 {
            octo.push(
                hub.admit(&at(&format!("address:10.1.0.{n}"), Some("octo")))
                    .unwrap(),
            );
        }
        assert_eq!(
            hub.admit(&at("address:10.1.0.9", Some("octo"))).err(),
            Some(AdmitError::Person)
        );
    }
}
