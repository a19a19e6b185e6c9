//! A room: one shared document (an entry on a branch, or the site's presence, whose document stays
//! empty) with the awareness states of the people in it, and the sockets that take part. The
//! server holds each room's document, so someone who joins late gets it from the server, and
//! relays every update and awareness change to the room's other members. A document grows only to
//! its bound (and all documents together to theirs): a change beyond it is refused, and its
//! sender told.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::{Notify, mpsc};
use yrs::sync::{Awareness, AwarenessUpdate, Message, SyncMessage};
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{ClientID, Doc, ReadTxn, StateVector, Transact, Update};

use super::frame::{Frame, RoomFrame};
use super::relay::{PeerKind, Relay};
use super::settings::CollabSettings;

/// A socket's number, unique in this process.
pub type ConnId = u64;

/// How many awareness states one socket may hold in one room (one per document it binds there).
const STATES_PER_MEMBER: usize = 4;
/// The longest awareness state a person may publish, in bytes of JSON.
const STATE_MAX: usize = 4096;

/// Bytes queued for one socket before it counts as lagging (one frame larger than this still goes
/// to a socket that has nothing queued: a document as large as a room may hold).
pub const OUTBOX_BYTES: usize = 16 * 1024 * 1024;

/// Where a socket's outgoing frames go, how many bytes wait there, and how it is told it fell too
/// far behind.
#[derive(Clone)]
pub struct Outbox {
    pub frames: mpsc::Sender<Frame>,
    pub queued: Arc<AtomicUsize>,
    pub lagging: Arc<Notify>,
}

impl Outbox {
    pub fn new(frames: mpsc::Sender<Frame>) -> Outbox {
        Outbox {
            frames,
            queued: Arc::default(),
            lagging: Arc::new(Notify::new()),
        }
    }

    /// Queues `frame`; a socket that does not keep up (too many frames or bytes waiting) is told to
    /// close (it syncs afresh when it reconnects), so one slow reader never holds a room's memory.
    pub fn send(&self, frame: Frame) {
        let size = frame.size();
        let queued = self.queued.load(Ordering::Relaxed);
        if queued > 0 && queued + size > OUTBOX_BYTES {
            self.lagging.notify_one();
            return;
        }
        self.queued.fetch_add(size, Ordering::Relaxed);
        if self.frames.try_send(frame).is_err() {
            self.queued.fetch_sub(size, Ordering::Relaxed);
            self.lagging.notify_one();
        }
    }

    /// `frame` left the queue.
    pub fn sent(&self, frame: &Frame) {
        self.queued.fetch_sub(frame.size(), Ordering::Relaxed);
    }
}

/// Why a message was not taken.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    #[error("not a y-sync message")]
    Malformed,
    #[error("the update does not apply: {0}")]
    Update(String),
    /// The change would make the document larger than a room holds; the sender is told.
    #[error("{0}")]
    TooLarge(String),
}

struct Member {
    outbox: Outbox,
    /// Whether its changes to the document are taken (people who may only read just follow).
    may_write: bool,
    /// The awareness clients this socket publishes.
    clients: HashSet<ClientID>,
}

struct State {
    awareness: Awareness,
    /// The bytes of the updates the document took (what it holds, or more): its size, for its
    /// bounds, measured again when it nears them.
    bytes: usize,
    members: HashMap<ConnId, Member>,
    /// With other servers: until they answered (or a moment passed), sync requests wait here, so
    /// that no one is told the room is empty while another server has it.
    catching_up: Option<Vec<(ConnId, StateVector)>>,
}

pub struct Room {
    pub name: String,
    state: Mutex<State>,
    relay: Option<Relay>,
    settings: CollabSettings,
    /// The bytes of every room's document on the server (the hub's).
    documents: Arc<AtomicUsize>,
}

impl Drop for Room {
    fn drop(&mut self) {
        let bytes = self.state().bytes;
        self.documents.fetch_sub(bytes, Ordering::Relaxed);
    }
}

impl Room {
    /// A room; with `relay`, it asks the other servers for the document at once.
    pub fn new(
        name: String,
        relay: Option<Relay>,
        settings: CollabSettings,
        documents: Arc<AtomicUsize>,
    ) -> Room {
        let doc = Doc::new();
        if let Some(relay) = &relay {
            let sv = doc.transact().state_vector().encode_v1();
            relay.publish(PeerKind::Ask, &name, &sv);
        }
        Room {
            state: Mutex::new(State {
                awareness: Awareness::new(doc),
                bytes: 0,
                members: HashMap::new(),
                catching_up: relay.as_ref().map(|_| Vec::new()),
            }),
            name,
            relay,
            settings,
            documents,
        }
    }

    /// The other servers had their say (or took too long): waiting sync requests are answered.
    pub fn caught_up(&self) {
        let mut state = self.state();
        for (conn, sv) in state.catching_up.take().unwrap_or_default() {
            self.answer_step1(&state, conn, &sv);
        }
    }

    /// A message from another server (through the relay) for this room.
    pub fn take_from_peer(&self, kind: PeerKind, bytes: &[u8]) {
        let mut state = self.state();
        match kind {
            PeerKind::Ask => {
                let Ok(sv) = StateVector::decode_v1(bytes) else {
                    return;
                };
                let txn = state.awareness.doc().transact();
                if txn.state_vector() != StateVector::default() {
                    let update = txn.encode_state_as_update_v1(&sv);
                    drop(txn);
                    if let Some(relay) = &self.relay {
                        relay.publish(PeerKind::Answer, &self.name, &update);
                    }
                } else {
                    drop(txn);
                }
                // Who is here, for the new server's sockets.
                if let (Some(relay), Ok(update)) = (&self.relay, state.awareness.update())
                    && !update.clients.is_empty()
                {
                    relay.publish(
                        PeerKind::Message,
                        &self.name,
                        &Message::Awareness(update).encode_v1(),
                    );
                }
            }
            PeerKind::Answer => {
                if self.apply(&mut state, bytes).is_ok() {
                    let message = Message::Sync(SyncMessage::Update(bytes.to_vec())).encode_v1();
                    self.relay_local(&state, None, &message);
                }
                drop(state);
                self.caught_up();
            }
            PeerKind::Message => {
                let taken = match Message::decode_v1(bytes) {
                    Ok(Message::Sync(
                        SyncMessage::Update(update) | SyncMessage::SyncStep2(update),
                    )) => self
                        .apply(&mut state, &update)
                        .ok()
                        .map(|()| Message::Sync(SyncMessage::Update(update)).encode_v1()),
                    Ok(Message::Awareness(update)) => state
                        .awareness
                        .apply_update(update)
                        .ok()
                        .map(|()| bytes.to_vec()),
                    _ => None,
                };
                if let Some(message) = taken {
                    self.relay_local(&state, None, &message);
                }
            }
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while the lock was held closed that socket; the room's data is still whole
        // (yrs applies an update entirely or not at all).
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Adds a socket; it is sent the server's state vector (so it answers with what the server
    /// lacks) and who is here.
    pub fn join(&self, conn: ConnId, outbox: Outbox, may_write: bool) {
        let mut state = self.state();
        let step1 = {
            let txn = state.awareness.doc().transact();
            Message::Sync(SyncMessage::SyncStep1(txn.state_vector())).encode_v1()
        };
        outbox.send(Frame::Binary(RoomFrame::encode(&self.name, &step1)));
        if let Ok(update) = state.awareness.update()
            && !update.clients.is_empty()
        {
            let message = Message::Awareness(update).encode_v1();
            outbox.send(Frame::Binary(RoomFrame::encode(&self.name, &message)));
        }
        state.members.insert(
            conn,
            Member {
                outbox,
                may_write,
                clients: HashSet::new(),
            },
        );
    }

    /// Removes a socket and the awareness states it published; says whether the room is empty.
    pub fn leave(&self, conn: ConnId) -> bool {
        let mut state = self.state();
        let Some(member) = state.members.remove(&conn) else {
            return state.members.is_empty();
        };
        if !member.clients.is_empty() {
            for client in &member.clients {
                state.awareness.remove_state(*client);
            }
            if let Ok(update) = state.awareness.update_with_clients(member.clients) {
                let message = Message::Awareness(update).encode_v1();
                self.relay(&state, conn, &message);
            }
        }
        state.members.is_empty()
    }

    pub fn is_empty(&self) -> bool {
        self.state().members.is_empty()
    }

    /// Whether the document holds nothing (the site's presence, a room only readers were in).
    pub fn document_is_empty(&self) -> bool {
        let state = self.state();
        state.awareness.doc().transact().state_vector() == StateVector::default()
    }

    /// Whether `conn`'s changes to the document are taken from now on.
    pub fn set_may_write(&self, conn: ConnId, may_write: bool) {
        if let Some(member) = self.state().members.get_mut(&conn) {
            member.may_write = may_write;
        }
    }

    /// Takes one y-sync message from `conn`, answering it and relaying what changed to the others.
    /// `user` is stamped on every awareness state the socket publishes: people are shown as the
    /// server knows them, whatever a client claims.
    pub fn receive(
        &self,
        conn: ConnId,
        bytes: &[u8],
        user: &serde_json::Value,
    ) -> Result<(), RoomError> {
        let message = Message::decode_v1(bytes).map_err(|_| RoomError::Malformed)?;
        let mut state = self.state();
        match message {
            Message::Sync(SyncMessage::SyncStep1(sv)) => match &mut state.catching_up {
                Some(waiting) => waiting.push((conn, sv)),
                None => self.answer_step1(&state, conn, &sv),
            },
            Message::Sync(SyncMessage::SyncStep2(update) | SyncMessage::Update(update)) => {
                if !state
                    .members
                    .get(&conn)
                    .is_some_and(|member| member.may_write)
                {
                    tracing::debug!("room {}: a change from a reader is left out", self.name);
                    return Ok(());
                }
                self.apply(&mut state, &update)?;
                let message = Message::Sync(SyncMessage::Update(update)).encode_v1();
                self.relay(&state, conn, &message);
            }
            Message::Awareness(update) => {
                let update = stamp(&mut state, conn, update, user);
                if update.clients.is_empty() {
                    return Ok(());
                }
                let message = Message::Awareness(update.clone()).encode_v1();
                state
                    .awareness
                    .apply_update(update)
                    .map_err(|_| RoomError::Malformed)?;
                self.relay(&state, conn, &message);
            }
            Message::AwarenessQuery => {
                if let Ok(update) = state.awareness.update() {
                    let reply = Message::Awareness(update).encode_v1();
                    self.reply(&state, conn, &reply);
                }
            }
            Message::Auth(_) | Message::Custom(..) => {}
        }
        Ok(())
    }

    /// Sync step 2 for `conn`: what the room has that `sv` lacks.
    fn answer_step1(&self, state: &State, conn: ConnId, sv: &StateVector) {
        let update = state
            .awareness
            .doc()
            .transact()
            .encode_state_as_update_v1(sv);
        let reply = Message::Sync(SyncMessage::SyncStep2(update)).encode_v1();
        self.reply(state, conn, &reply);
    }

    fn reply(&self, state: &State, conn: ConnId, message: &[u8]) {
        if let Some(member) = state.members.get(&conn) {
            member
                .outbox
                .send(Frame::Binary(RoomFrame::encode(&self.name, message)));
        }
    }

    /// What `from` changed goes to the room's other sockets, and to the other servers.
    fn relay(&self, state: &State, from: ConnId, message: &[u8]) {
        self.relay_local(state, Some(from), message);
        if let Some(relay) = &self.relay {
            relay.publish(PeerKind::Message, &self.name, message);
        }
    }

    fn relay_local(&self, state: &State, from: Option<ConnId>, message: &[u8]) {
        let frame = RoomFrame::encode(&self.name, message);
        for (conn, member) in &state.members {
            if Some(*conn) != from {
                member.outbox.send(Frame::Binary(frame.clone()));
            }
        }
    }
}

impl Room {
    /// Applies a v1 update to the room's document (entirely or not at all), unless the document,
    /// or all documents together, would grow beyond their bounds.
    fn apply(&self, state: &mut State, update: &[u8]) -> Result<(), RoomError> {
        let decoded =
            Update::decode_v1(update).map_err(|err| RoomError::Update(err.to_string()))?;
        let max = self.settings.max_document;
        if state.bytes + update.len() > max {
            // The updates taken overstate the document (typing merges): measure it.
            let held = state
                .awareness
                .doc()
                .transact()
                .encode_state_as_update_v1(&StateVector::default())
                .len();
            self.documents.fetch_sub(state.bytes, Ordering::Relaxed);
            self.documents.fetch_add(held, Ordering::Relaxed);
            state.bytes = held;
            if held + update.len() > max {
                return Err(RoomError::TooLarge(format!(
                    "This entry's shared text would grow beyond {} MiB, the most a room holds: your latest change was not shared with the others (it stays here, and is saved when you save).",
                    max / (1024 * 1024)
                )));
            }
        }
        if self.documents.load(Ordering::Relaxed) + update.len() > self.settings.max_documents {
            return Err(RoomError::TooLarge(
                "The server holds as much shared text as it may: your latest change was not shared with the others (it stays here, and is saved when you save).".into(),
            ));
        }
        state
            .awareness
            .doc()
            .transact_mut()
            .apply_update(decoded)
            .map_err(|err| RoomError::Update(err.to_string()))?;
        state.bytes += update.len();
        self.documents.fetch_add(update.len(), Ordering::Relaxed);
        Ok(())
    }
}

/// The entries of `update` that `conn` may publish, each with `user` in place of the user it
/// claims: clients it already publishes or new ones (up to a few), never another socket's.
fn stamp(
    state: &mut State,
    conn: ConnId,
    mut update: AwarenessUpdate,
    user: &serde_json::Value,
) -> AwarenessUpdate {
    let taken: HashSet<ClientID> = state
        .members
        .iter()
        .filter(|(other, _)| **other != conn)
        .flat_map(|(_, member)| member.clients.iter().copied())
        .collect();
    let known: HashMap<ClientID, u32> = update
        .clients
        .keys()
        .filter_map(|client| Some((*client, state.awareness.meta(*client)?.0)))
        .collect();
    let Some(member) = state.members.get_mut(&conn) else {
        return AwarenessUpdate {
            clients: HashMap::new(),
        };
    };
    update.clients.retain(|client, entry| {
        if taken.contains(client) || entry.json.len() > STATE_MAX {
            return false;
        }
        if !member.clients.contains(client) {
            if member.clients.len() >= STATES_PER_MEMBER {
                return false;
            }
            member.clients.insert(*client);
        }
        // A client back after its socket closed counts on with its own clock, which the removal
        // made when it left has passed: its state goes on from the room's.
        if let Some(known) = known.get(client)
            && entry.clock <= *known
        {
            entry.clock = known + 1;
        }
        if let Ok(serde_json::Value::Object(mut fields)) =
            serde_json::from_str::<serde_json::Value>(&entry.json)
        {
            fields.insert("user".into(), user.clone());
            entry.json = serde_json::Value::Object(fields).to_string().into();
            true
        } else {
            // `null`: the client left; anything else is no state.
            &*entry.json == "null"
        }
    });
    update
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use yrs::{GetString, Text};

    pub fn outbox() -> (Outbox, mpsc::Receiver<Frame>) {
        let (frames, received) = mpsc::channel(16);
        (Outbox::new(frames), received)
    }

    fn room(settings: CollabSettings) -> Room {
        Room::new("entry:main:x".into(), None, settings, Arc::default())
    }

    /// An update that writes `text` into the shared text `t` of a new document.
    fn typed(text: &str) -> Vec<u8> {
        let doc = Doc::new();
        let shared = doc.get_or_insert_text("t");
        shared.insert(&mut doc.transact_mut(), 0, text);
        let update = doc
            .transact()
            .encode_state_as_update_v1(&StateVector::default());
        Message::Sync(SyncMessage::Update(update)).encode_v1()
    }

    #[test]
    fn a_reader_follows_the_document_but_does_not_change_it() {
        let room = room(CollabSettings::default());
        let (writer, _) = outbox();
        let (reader, mut seen) = outbox();
        room.join(1, writer, true);
        room.join(2, reader, false);
        while seen.try_recv().is_ok() {}
        let user = serde_json::json!({ "id": "a", "name": "A" });
        room.receive(2, &typed("from the reader"), &user).unwrap();
        room.receive(1, &typed("from the writer"), &user).unwrap();
        let text = {
            let state = room.state();
            let shared = state.awareness.doc().get_or_insert_text("t");
            shared.get_string(&state.awareness.doc().transact())
        };
        assert_eq!(text, "from the writer");
        assert!(
            seen.try_recv().is_ok(),
            "the reader is sent the writer's change"
        );
    }

    #[test]
    fn a_document_grows_only_to_its_bound_and_its_sender_is_told() {
        let documents = Arc::new(AtomicUsize::new(0));
        let settings = CollabSettings {
            max_document: 4096,
            ..CollabSettings::default()
        };
        let room = Room::new("entry:main:x".into(), None, settings, documents.clone());
        let (writer, _) = outbox();
        room.join(1, writer, true);
        let user = serde_json::json!({ "id": "a", "name": "A" });
        room.receive(1, &typed(&"a".repeat(3000)), &user).unwrap();
        let refused = room.receive(1, &typed(&"b".repeat(3000)), &user);
        assert!(
            matches!(&refused, Err(RoomError::TooLarge(message)) if message.contains("was not shared")),
            "{refused:?}"
        );
        room.receive(1, &typed("small"), &user).unwrap();
        let text = {
            let state = room.state();
            let shared = state.awareness.doc().get_or_insert_text("t");
            shared.get_string(&state.awareness.doc().transact())
        };
        assert!(!text.contains('b') && text.contains("small"), "{text}");
        assert!(documents.load(Ordering::Relaxed) > 3000);
        drop(room);
        assert_eq!(
            documents.load(Ordering::Relaxed),
            0,
            "a dropped room gives its bytes back"
        );
    }

    #[test]
    fn all_documents_together_grow_only_to_their_bound() {
        let documents = Arc::new(AtomicUsize::new(0));
        let settings = CollabSettings {
            max_documents: 5000,
            ..CollabSettings::default()
        };
        let user = serde_json::json!({ "id": "a", "name": "A" });
        let first = Room::new("entry:main:a".into(), None, settings, documents.clone());
        let second = Room::new("entry:main:b".into(), None, settings, documents.clone());
        for room in [&first, &second] {
            let (writer, _) = outbox();
            room.join(1, writer, true);
        }
        first.receive(1, &typed(&"a".repeat(3000)), &user).unwrap();
        assert!(matches!(
            second.receive(1, &typed(&"b".repeat(3000)), &user),
            Err(RoomError::TooLarge(_))
        ));
        drop(first);
        second.receive(1, &typed(&"b".repeat(3000)), &user).unwrap();
    }

    #[test]
    fn a_socket_with_too_many_bytes_waiting_counts_as_lagging() {
        let (frames, _kept) = mpsc::channel(1024);
        let outbox = Outbox::new(frames);
        let big = Frame::Binary(vec![0u8; OUTBOX_BYTES - 10].into());
        outbox.send(big.clone());
        assert_eq!(outbox.queued.load(Ordering::Relaxed), OUTBOX_BYTES - 10);
        let lagging = outbox.lagging.clone();
        let told = lagging.notified();
        tokio::pin!(told);
        use std::future::Future;
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        assert!(told.as_mut().poll(&mut cx).is_pending());
        outbox.send(Frame::Binary(vec![0u8; 100].into()));
        assert!(told.as_mut().poll(&mut cx).is_ready(), "told to close");
        outbox.sent(&big);
        assert_eq!(outbox.queued.load(Ordering::Relaxed), 0);
    }
}
