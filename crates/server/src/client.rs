//! Who is asking, for limits that are counted per address: the address a request came from (behind
//! a proxy on this machine, the one the proxy names), and the key its turns are counted under.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use axum::http::request::Parts;

/// The address a request came from: the connection's peer, or, when the peer is this machine (a
/// reverse proxy in front of Quire) and it says `X-Forwarded-For`, the last address there (the one
/// the proxy added; earlier ones are the client's own word). None for requests that came through
/// no connection (tests driving the router directly).
pub fn address(parts: &Parts) -> Option<IpAddr> {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| peer.ip())?;
    if !peer.is_loopback() {
        return Some(peer);
    }
    Some(forwarded_for(&parts.headers).unwrap_or(peer))
}

fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .next_back()?;
    last.trim().parse().ok()
}

/// The key an address's turns are counted under: an IPv6 address by its /64, which one machine
/// usually has whole.
pub fn address_key(address: IpAddr) -> String {
    match address {
        IpAddr::V4(v4) => format!("address:{v4}"),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => format!("address:{v4}"),
            None => {
                let s = v6.segments();
                let net = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                format!("address:{net}/64")
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    fn parts(peer: &str, forwarded: &[&str]) -> Parts {
        let mut request = Request::builder();
        for value in forwarded {
            request = request.header("x-forwarded-for", *value);
        }
        let (mut parts, ()) = request.body(()).unwrap().into_parts();
        parts
            .extensions
            .insert(ConnectInfo(peer.parse::<SocketAddr>().unwrap()));
        parts
    }

    #[test]
    fn a_proxy_on_this_machine_names_the_client_and_no_one_else_does() {
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert_eq!(address(&parts("203.0.113.9:5000", &[])), ip("203.0.113.9"));
        // Someone on the network cannot name another address.
        assert_eq!(
            address(&parts("203.0.113.9:5000", &["10.0.0.1"])),
            ip("203.0.113.9")
        );
        // Behind a proxy here: the address the proxy added, whatever the client claimed before it.
        assert_eq!(
            address(&parts("127.0.0.1:5000", &["1.2.3.4, 198.51.100.7"])),
            ip("198.51.100.7")
        );
        assert_eq!(
            address(&parts("127.0.0.1:5000", &["1.2.3.4", "198.51.100.7"])),
            ip("198.51.100.7")
        );
        assert_eq!(address(&parts("127.0.0.1:5000", &[])), ip("127.0.0.1"));
        assert_eq!(
            address(&parts("127.0.0.1:5000", &["not an address"])),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn an_ipv6_machine_counts_as_its_64() {
        let a = address_key("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = address_key("2001:db8:1:2:bbbb::9".parse().unwrap());
        let c = address_key("2001:db8:1:3::1".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(
            address_key("::ffff:192.0.2.1".parse().unwrap()),
            "address:192.0.2.1"
        );
    }
}
