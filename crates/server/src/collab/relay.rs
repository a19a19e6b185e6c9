//! Rooms shared by several Quire servers behind one load balancer, through Redis pub/sub: every
//! server publishes what its own sockets change in a room on the site's channel, and applies what
//! the others publish to its copy of that room, for the sockets it holds. A server that opens a
//! room asks the others for what it lacks before it answers its sockets (or after a moment when no
//! one has the room), so that someone joining on another server finds the document as it is.
//!
//! Every message carries an HMAC-SHA256 under the secret the site's servers share, bound to the
//! channel: what anyone else publishes there (any Redis client can), or a message of another
//! site's, is dropped.

use std::sync::Weak;
use std::time::Duration;

use futures_util::StreamExt;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tokio::sync::mpsc;
use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;

/// What a message between servers says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeerKind {
    /// A y-sync message (an update, awareness) one of the sender's sockets sent.
    Message = 0,
    /// The sender opened the room: its state vector, for the others to answer with what it lacks.
    Ask = 1,
    /// An answer to `Ask`: an update.
    Answer = 2,
}

/// Where messages other servers publish go: the hub of this server's rooms.
pub trait PeerSink: Send + Sync {
    fn take_from_peer(&self, kind: PeerKind, room: &str, bytes: &[u8]);
}

/// Messages waiting to be published before new ones are dropped (the rooms' clients sync again
/// when they reconnect, so a dropped message is late, not lost).
const OUTGOING: usize = 4096;

/// The bytes of a message's seal (an HMAC-SHA256), which ends it.
const SEAL: usize = 32;

/// Seals messages for one channel under the site's shared secret, and checks others' seals.
#[derive(Clone)]
pub struct Sealed {
    key: Hmac<Sha256>,
}

impl Sealed {
    pub fn new(secret: &[u8], channel: &str) -> Sealed {
        let mut key = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any size");
        // Bound to the channel: a message replayed on another site's channel does not pass.
        key.update(channel.as_bytes());
        key.update(&[0]);
        Sealed { key }
    }

    fn seal(&self, payload: &mut Vec<u8>) {
        let mut mac = self.key.clone();
        mac.update(payload);
        payload.extend_from_slice(&mac.finalize().into_bytes());
    }

    /// The payload without its seal, when the seal is right.
    fn open<'a>(&self, sealed: &'a [u8]) -> Option<&'a [u8]> {
        let (payload, seal) = sealed.split_at_checked(sealed.len().checked_sub(SEAL)?)?;
        let mut mac = self.key.clone();
        mac.update(payload);
        mac.verify_slice(seal).ok()?;
        Some(payload)
    }
}

/// This server's side of the channel.
#[derive(Clone)]
pub struct Relay {
    instance: [u8; 16],
    sealed: Sealed,
    outgoing: mpsc::Sender<Vec<u8>>,
}

impl Relay {
    /// Connects to the Redis at `url` (connections are made, and made again, in the background) and
    /// hands what other servers publish on `channel`, sealed as `sealed` seals, to `sink` (while it
    /// lives).
    pub fn start(
        url: &str,
        channel: String,
        sealed: Sealed,
        sink: Weak<dyn PeerSink>,
    ) -> Result<Relay, redis::RedisError> {
        let client = redis::Client::open(url)?;
        let mut instance = [0u8; 16];
        getrandom::fill(&mut instance).expect("the system has randomness");
        let (outgoing, queued) = mpsc::channel(OUTGOING);
        tokio::spawn(publish(client.clone(), channel.clone(), queued));
        tokio::spawn(subscribe(client, channel, instance, sealed.clone(), sink));
        Ok(Relay {
            instance,
            sealed,
            outgoing,
        })
    }

    pub fn publish(&self, kind: PeerKind, room: &str, bytes: &[u8]) {
        let mut payload = Vec::with_capacity(bytes.len() + room.len() + 24 + SEAL);
        payload.extend_from_slice(&self.instance);
        payload.push(kind as u8);
        payload.write_string(room);
        payload.extend_from_slice(bytes);
        self.sealed.seal(&mut payload);
        if self.outgoing.try_send(payload).is_err() {
            tracing::warn!(
                "collaboration: Redis is not keeping up; a change reaches other servers late"
            );
        }
    }
}

/// A message another server of the site published: its kind, room and bytes.
pub fn decode(
    sealed_payload: &[u8],
    sealed: &Sealed,
    instance: &[u8; 16],
) -> Option<(PeerKind, String, Vec<u8>)> {
    let payload = sealed.open(sealed_payload)?;
    let (sender, rest) = payload.split_at_checked(16)?;
    if sender == instance {
        return None;
    }
    let (&kind, rest) = rest.split_first()?;
    let kind = match kind {
        0 => PeerKind::Message,
        1 => PeerKind::Ask,
        2 => PeerKind::Answer,
        _ => return None,
    };
    let mut cursor = Cursor::new(rest);
    let len: usize = cursor.read_var().ok()?;
    let start = cursor.next;
    let room = std::str::from_utf8(rest.get(start..start.checked_add(len)?)?).ok()?;
    Some((kind, room.to_string(), rest[start + len..].to_vec()))
}

async fn publish(client: redis::Client, channel: String, mut queued: mpsc::Receiver<Vec<u8>>) {
    let mut connection = None;
    while let Some(payload) = queued.recv().await {
        if connection.is_none() {
            connection = match client.get_multiplexed_async_connection().await {
                Ok(connection) => Some(connection),
                Err(err) => {
                    tracing::warn!("collaboration: cannot reach Redis to publish: {err}");
                    continue;
                }
            };
        }
        let Some(open) = connection.as_mut() else {
            continue;
        };
        let sent: redis::RedisResult<()> = redis::cmd("PUBLISH")
            .arg(&channel)
            .arg(payload)
            .query_async(open)
            .await;
        if let Err(err) = sent {
            tracing::warn!("collaboration: publishing to Redis failed: {err}");
            connection = None;
        }
    }
}

async fn subscribe(
    client: redis::Client,
    channel: String,
    instance: [u8; 16],
    sealed: Sealed,
    sink: Weak<dyn PeerSink>,
) {
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => match pubsub.subscribe(&channel).await {
                Ok(()) => {
                    let mut messages = pubsub.into_on_message();
                    while let Some(message) = messages.next().await {
                        let Some(sink) = sink.upgrade() else { return };
                        match decode(message.get_payload_bytes(), &sealed, &instance) {
                            Some((kind, room, bytes)) => sink.take_from_peer(kind, &room, &bytes),
                            None => tracing::debug!(
                                "collaboration: a message on {channel} without this site's seal was dropped"
                            ),
                        }
                    }
                    tracing::warn!(
                        "collaboration: the Redis subscription ended; subscribing again"
                    );
                }
                Err(err) => tracing::warn!("collaboration: cannot subscribe in Redis: {err}"),
            },
            Err(err) => tracing::warn!("collaboration: cannot reach Redis: {err}"),
        }
        if sink.strong_count() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peer_message_reads_back_and_ones_own_are_ignored() {
        let (outgoing, mut queued) = mpsc::channel(1);
        let sealed = Sealed::new(b"the site's secret", "quire:collab:site");
        let relay = Relay {
            instance: [7; 16],
            sealed: sealed.clone(),
            outgoing,
        };
        relay.publish(PeerKind::Answer, "entry:main:x", &[1, 2, 3]);
        let payload = queued.try_recv().expect("queued");
        assert_eq!(
            decode(&payload, &sealed, &[8; 16]),
            Some((PeerKind::Answer, "entry:main:x".into(), vec![1, 2, 3]))
        );
        assert_eq!(decode(&payload, &sealed, &[7; 16]), None, "its own");
        assert_eq!(decode(&payload[..10], &sealed, &[8; 16]), None, "cut off");
    }

    #[test]
    fn messages_without_the_sites_seal_are_dropped() {
        let (outgoing, mut queued) = mpsc::channel(1);
        let ours = Sealed::new(b"the site's secret", "quire:collab:site");
        let relay = Relay {
            instance: [7; 16],
            sealed: ours.clone(),
            outgoing,
        };
        relay.publish(PeerKind::Message, "entry:main:x", &[1, 2, 3]);
        let payload = queued.try_recv().expect("queued");
        let other_secret = Sealed::new(b"another secret", "quire:collab:site");
        let other_channel = Sealed::new(b"the site's secret", "quire:collab:other");
        assert_eq!(decode(&payload, &other_secret, &[8; 16]), None);
        assert_eq!(decode(&payload, &other_channel, &[8; 16]), None);
        let mut changed = payload.clone();
        changed[20] ^= 1;
        assert_eq!(
            decode(&changed, &ours, &[8; 16]),
            None,
            "changed on the way"
        );
        let unsealed = &payload[..payload.len() - SEAL];
        assert_eq!(decode(unsealed, &ours, &[8; 16]), None, "no seal");
    }
}
