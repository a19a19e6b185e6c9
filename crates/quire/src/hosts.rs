//! The host names the server answers to: the address it listens on (with `localhost` when that is
//! a loopback one), every address of this machine when it listens on all of them, and the names the
//! operator adds. Any other `Host` is refused, so a web page on
//! another name (DNS rebinding) cannot reach the admin, whatever the server listens on.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

pub fn allowed(listening: SocketAddr, extra: &[String]) -> Vec<String> {
    let port = listening.port();
    let ip = listening.ip();
    // The address listened on comes first: `localhost` is sent there.
    let mut addresses = vec![ip];
    if ip.is_unspecified() {
        addresses.extend([
            IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(Ipv6Addr::LOCALHOST),
        ]);
        addresses.extend(
            if_addrs::get_if_addrs()
                .unwrap_or_default()
                .into_iter()
                .map(|interface| interface.ip()),
        );
    }
    let mut hosts: Vec<String> = Vec::new();
    if ip.is_loopback() || ip.is_unspecified() {
        hosts.push(format!("localhost:{port}"));
    }
    for address in addresses.into_iter().filter(|a| !a.is_unspecified()) {
        let host = SocketAddr::new(address, port).to_string();
        if !hosts.contains(&host) {
            hosts.push(host);
        }
    }
    hosts.extend(extra.iter().cloned());
    hosts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_answers_to_its_names_only() {
        let hosts = allowed("127.0.0.1:8788".parse().expect("address"), &[]);
        assert_eq!(hosts, ["localhost:8788", "127.0.0.1:8788"]);
        let hosts = allowed("[::1]:8788".parse().expect("address"), &[]);
        assert_eq!(hosts, ["localhost:8788", "[::1]:8788"]);
    }

    #[test]
    fn all_interfaces_answer_to_this_machines_addresses_and_the_added_names() {
        let hosts = allowed(
            "0.0.0.0:8788".parse().expect("address"),
            &["cms.example.com".into()],
        );
        assert!(hosts.contains(&"127.0.0.1:8788".to_string()));
        assert!(hosts.contains(&"cms.example.com".to_string()));
        assert!(!hosts.iter().any(|h| h.starts_with("0.0.0.0")));
    }
}
