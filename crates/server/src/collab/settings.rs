//! The timings and bounds of collaboration, with their defaults.

use std::time::Duration;

/// The timings and bounds of collaboration (`docs/guarantees.md` lists them).
#[derive(Debug, Clone, Copy)]
pub struct CollabSettings {
    /// A socket that sends nothing for longer is closed (clients ping every 10 s).
    pub silence: Duration,
    /// How often silence is checked.
    pub check_every: Duration,
    /// A socket must say `auth` within this time of opening.
    pub auth_within: Duration,
    /// How often the rights of a signed-in person's socket are asked again (a person who lost
    /// access, or whose sign-in ended, is closed).
    pub recheck_every: Duration,
    /// How long a room with a document outlives its last member.
    pub keep_empty: Duration,
    /// The largest message, after its chunks are joined.
    pub max_message: usize,
    /// The largest document of one room, in bytes of the updates it took.
    pub max_document: usize,
    /// The bytes of every room's document together.
    pub max_documents: usize,
    /// Bytes one socket may send per second, after a burst of `max_message`.
    pub bytes_per_second: usize,
    /// How long sending one frame to a socket may take before the socket is closed.
    pub send_within: Duration,
    /// Sockets open at once.
    pub max_sockets: usize,
    /// Sockets open at once from one address (an IPv6 /64).
    pub sockets_per_address: usize,
    /// Sockets open at once of one person signed in.
    pub sockets_per_person: usize,
    /// Rooms one socket may be in.
    pub rooms_per_socket: usize,
    /// Rooms at once.
    pub max_rooms: usize,
}

impl Default for CollabSettings {
    fn default() -> CollabSettings {
        CollabSettings {
            silence: Duration::from_secs(30),
            check_every: Duration::from_secs(3),
            auth_within: Duration::from_secs(5),
            recheck_every: Duration::from_secs(60),
            keep_empty: Duration::from_secs(60),
            max_message: 8 * 1024 * 1024,
            max_document: 8 * 1024 * 1024,
            max_documents: 1024 * 1024 * 1024,
            bytes_per_second: 1024 * 1024,
            send_within: Duration::from_secs(10),
            max_sockets: 4096,
            sockets_per_address: 64,
            sockets_per_person: 32,
            rooms_per_socket: 8,
            max_rooms: 10_000,
        }
    }
}
