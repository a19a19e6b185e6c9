//! The collaboration socket's frames. A binary frame is one message for one room: the room's name
//! (a lib0 string: its length as a variable-length integer, then UTF-8) followed by one y-sync
//! message (sync step 1 or 2, an update, awareness). Text frames are JSON control messages
//! (`auth`, `authenticated`, `ping`, `pong`, `leave`, `chunks`). A binary message over
//! [`CHUNK_SIZE`] bytes travels as a `chunks` message with its count, then that many binary frames
//! whose bytes, joined, are the message.

use axum::body::Bytes;
use serde::{Deserialize, Serialize};
use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;

/// Messages over this many bytes are split into chunks of this size.
pub const CHUNK_SIZE: usize = 1_000_000;

/// One room's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomFrame<'a> {
    pub room: &'a str,
    /// The y-sync message, as the room's peers encode it.
    pub message: &'a [u8],
}

impl<'a> RoomFrame<'a> {
    /// Reads a binary frame; `None` when it names no room.
    pub fn decode(bytes: &'a [u8]) -> Option<RoomFrame<'a>> {
        let mut cursor = Cursor::new(bytes);
        let len: usize = cursor.read_var().ok()?;
        let start = cursor.next;
        let end = start.checked_add(len)?;
        let room = std::str::from_utf8(bytes.get(start..end)?).ok()?;
        Some(RoomFrame {
            room,
            message: &bytes[end..],
        })
    }

    pub fn encode(room: &str, message: &[u8]) -> Bytes {
        let mut bytes = Vec::with_capacity(room.len() + message.len() + 4);
        bytes.write_string(room);
        bytes.extend_from_slice(message);
        Bytes::from(bytes)
    }
}

/// A control message, either way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Control {
    /// The client's first message: who it is (the name people see, where the server does not
    /// know the person).
    Auth {
        #[serde(default)]
        name: Option<String>,
    },
    /// The server's answer to `auth`: the person as others see them.
    Authenticated {
        user: serde_json::Value,
    },
    /// The socket may not be used (signed out, not allowed); the reason is for the console.
    PermissionDenied {
        reason: String,
    },
    Ping,
    Pong,
    /// The client leaves a room.
    Leave {
        room: String,
    },
    /// The next `count` binary frames are one message.
    Chunks {
        count: usize,
    },
    /// The server did not take the client's change to `room`; `reason` is for the person.
    Refused {
        room: String,
        reason: String,
    },
}

/// `message` as the frames that carry it: itself, or a count and its chunks (which share its bytes).
pub fn split(message: Bytes) -> Vec<Frame> {
    if message.len() <= CHUNK_SIZE {
        return vec![Frame::Binary(message)];
    }
    let chunks: Vec<Frame> = (0..message.len())
        .step_by(CHUNK_SIZE)
        .map(|start| Frame::Binary(message.slice(start..(start + CHUNK_SIZE).min(message.len()))))
        .collect();
    let count = Control::Chunks {
        count: chunks.len(),
    };
    std::iter::once(Frame::Text(control_text(&count)))
        .chain(chunks)
        .collect()
}

pub fn control_text(control: &Control) -> String {
    serde_json::to_string(control).expect("control messages serialize")
}

/// A frame to send. A binary frame's bytes are shared by every socket it goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    Binary(Bytes),
    Text(String),
}

impl Frame {
    /// Its size, for the bytes queued for a socket.
    pub fn size(&self) -> usize {
        match self {
            Frame::Binary(bytes) => bytes.len(),
            Frame::Text(text) => text.len(),
        }
    }
}

/// Joins chunks back into the message they carry.
#[derive(Debug, Default)]
pub struct Joiner {
    expected: usize,
    parts: Vec<u8>,
    received: usize,
}

/// Why chunks could not be joined.
#[derive(Debug, PartialEq, Eq)]
pub enum JoinError {
    /// More chunks announced, or more bytes sent, than a message may have.
    TooLarge,
}

impl Joiner {
    /// Expects `count` chunks as the next binary frames.
    pub fn expect(&mut self, count: usize, max_bytes: usize) -> Result<(), JoinError> {
        if count == 0 || count > max_bytes.div_ceil(CHUNK_SIZE) {
            return Err(JoinError::TooLarge);
        }
        *self = Joiner {
            expected: count,
            parts: Vec::new(),
            received: 0,
        };
        Ok(())
    }

    /// A binary frame: the whole message when it is one or completes one, else `None`.
    pub fn push(&mut self, bytes: Vec<u8>, max_bytes: usize) -> Result<Option<Vec<u8>>, JoinError> {
        if self.expected == 0 {
            return Ok(Some(bytes));
        }
        if self.parts.len() + bytes.len() > max_bytes {
            return Err(JoinError::TooLarge);
        }
        self.parts.extend_from_slice(&bytes);
        self.received += 1;
        if self.received < self.expected {
            return Ok(None);
        }
        let whole = std::mem::take(&mut self.parts);
        *self = Joiner::default();
        Ok(Some(whole))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_frame_reads_back() {
        let bytes = RoomFrame::encode("entry:main:posts/héllo", &[0, 1, 2]);
        let frame = RoomFrame::decode(&bytes).expect("a frame");
        assert_eq!(frame.room, "entry:main:posts/héllo");
        assert_eq!(frame.message, &[0, 1, 2]);
        assert_eq!(RoomFrame::decode(&[0x85]), None, "a cut-off length");
    }

    #[test]
    fn large_messages_travel_in_chunks_and_join_again() {
        let message: Vec<u8> = (0..3 * CHUNK_SIZE + 17).map(|i| (i % 251) as u8).collect();
        let frames = split(Bytes::from(message.clone()));
        assert_eq!(frames.len(), 5, "a count and four chunks");
        let Frame::Text(count) = &frames[0] else {
            panic!("the count comes first")
        };
        let Control::Chunks { count } = serde_json::from_str(count).unwrap() else {
            panic!("a chunks message")
        };
        let mut joiner = Joiner::default();
        joiner.expect(count, 4 * CHUNK_SIZE).unwrap();
        let mut whole = None;
        for frame in &frames[1..] {
            let Frame::Binary(bytes) = frame else {
                panic!("chunks are binary")
            };
            assert_eq!(whole, None, "nothing before the last chunk");
            whole = joiner.push(bytes.to_vec(), 4 * CHUNK_SIZE).unwrap();
        }
        assert_eq!(whole, Some(message));
        assert_eq!(
            split(Bytes::from(vec![1; CHUNK_SIZE])).len(),
            1,
            "at the limit: one frame"
        );
    }

    #[test]
    fn chunks_beyond_the_limit_are_refused() {
        let mut joiner = Joiner::default();
        assert_eq!(joiner.expect(5, 4 * CHUNK_SIZE), Err(JoinError::TooLarge));
        assert_eq!(joiner.expect(0, 4 * CHUNK_SIZE), Err(JoinError::TooLarge));
        joiner.expect(2, CHUNK_SIZE + 10).unwrap();
        joiner.push(vec![0; CHUNK_SIZE], CHUNK_SIZE + 10).unwrap();
        assert_eq!(
            joiner.push(vec![0; CHUNK_SIZE], CHUNK_SIZE + 10),
            Err(JoinError::TooLarge)
        );
    }
}
