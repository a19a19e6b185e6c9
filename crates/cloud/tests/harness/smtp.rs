//! A mail server for tests: it takes every email sent to it over SMTP, on a free loopback port,
//! and keeps them to be read.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// One email as it arrived: its envelope and its text (headers and body).
#[derive(Debug, Clone)]
pub struct Received {
    pub to: Vec<String>,
    pub data: String,
}

pub struct Sink {
    port: u16,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Sink {
    pub async fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let kept = received.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(converse(socket, kept.clone()));
            }
        });
        Sink { port, received }
    }

    /// Its address for `--smtp-url` (no TLS).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }
}

/// The server's side of one connection: enough of RFC 5321 for a client that sends mail.
async fn converse(socket: tokio::net::TcpStream, kept: Arc<Mutex<Vec<Received>>>) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut to = Vec::new();
    write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
    while let Ok(Some(line)) = lines.next_line().await {
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let reply: &[u8] = match verb.as_str() {
            "EHLO" | "HELO" => b"250 sink\r\n",
            "MAIL" | "RSET" | "NOOP" => b"250 OK\r\n",
            "RCPT" => {
                let address = line.split_once(':').map_or("", |(_, a)| a);
                to.push(address.trim().trim_matches(['<', '>']).to_string());
                b"250 OK\r\n"
            }
            "DATA" => {
                write.write_all(b"354 go on\r\n").await.unwrap();
                let mut data = String::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    if line == "." {
                        break;
                    }
                    data.push_str(line.strip_prefix('.').unwrap_or(&line));
                    data.push('\n');
                }
                let to = std::mem::take(&mut to);
                kept.lock().unwrap().push(Received { to, data });
                b"250 OK queued\r\n"
            }
            "QUIT" => {
                write.write_all(b"221 bye\r\n").await.unwrap();
                return;
            }
            _ => b"500 unknown\r\n",
        };
        write.write_all(reply).await.unwrap();
    }
}
