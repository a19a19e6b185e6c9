//! Rooms shared by several Quire servers behind one load balancer, through Redis pub/sub: every
//! server publishes what its own sockets change in a room on one channel, and applies what the
//! others publish to its copy of that room, for the sockets it holds. A server that opens a room
//! asks the others for what it lacks before it answers its sockets (or after a moment when no one
//! has the room), so that someone joining on another server finds the document as it is.

use std::sync::Weak;
use std::time::Duration;

use futures_util::StreamExt;
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

/// This server's side of the channel.
#[derive(Clone)]
pub struct Relay {
    instance: [u8; 16],
    outgoing: mpsc::Sender<Vec<u8>>,
}

impl Relay {
    /// Connects to the Redis at `url` (connections are made, and made again, in the background) and
    /// hands what other servers publish on `channel` to `sink` (while it lives).
    pub fn start(
        url: &str,
        channel: String,
        sink: Weak<dyn PeerSink>,
    ) -> Result<Relay, redis::RedisError> {
        let client = redis::Client::open(url)?;
        let mut instance = [0u8; 16];
        getrandom::fill(&mut instance).expect("the system has randomness");
        let (outgoing, queued) = mpsc::channel(OUTGOING);
        tokio::spawn(publish(client.clone(), channel.clone(), queued));
        tokio::spawn(subscribe(client, channel, instance, sink));
        Ok(Relay { instance, outgoing })
    }

    pub fn publish(&self, kind: PeerKind, room: &str, bytes: &[u8]) {
        let mut payload = Vec::with_capacity(bytes.len() + room.len() + 24);
        payload.extend_from_slice(&self.instance);
        payload.push(kind as u8);
        payload.write_string(room);
        payload.extend_from_slice(bytes);
        if self.outgoing.try_send(payload).is_err() {
            tracing::warn!(
                "collaboration: Redis is not keeping up; a change reaches other servers late"
            );
        }
    }
}

/// A message another server published: its kind, room and bytes.
pub fn decode(payload: &[u8], instance: &[u8; 16]) -> Option<(PeerKind, String, Vec<u8>)> {
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
    sink: Weak<dyn PeerSink>,
) {
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => match pubsub.subscribe(&channel).await {
                Ok(()) => {
                    let mut messages = pubsub.into_on_message();
                    while let Some(message) = messages.next().await {
                        let Some(sink) = sink.upgrade() else { return };
                        if let Some((kind, room, bytes)) =
                            decode(message.get_payload_bytes(), &instance)
                        {
                            sink.take_from_peer(kind, &room, &bytes);
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
        let relay = Relay {
            instance: [7; 16],
            outgoing,
        };
        relay.publish(PeerKind::Answer, "entry:main:x", &[1, 2, 3]);
        let payload = queued.try_recv().expect("queued");
        assert_eq!(
            decode(&payload, &[8; 16]),
            Some((PeerKind::Answer, "entry:main:x".into(), vec![1, 2, 3]))
        );
        assert_eq!(decode(&payload, &[7; 16]), None, "its own");
        assert_eq!(decode(&payload[..10], &[8; 16]), None, "cut off");
    }
}
