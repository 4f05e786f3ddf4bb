//! Which IP addresses a fetch of untrusted content may reach: public unicast only.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// True only for globally routable unicast addresses.
pub fn is_public_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let blocked = a == 0                                  // "this network"
        || a == 10                                        // private
        || (a == 100 && (64..=127).contains(&b))          // CGNAT 100.64/10
        || a == 127                                       // loopback
        || (a == 169 && b == 254)                         // link-local (cloud metadata)
        || (a == 172 && (16..=31).contains(&b))           // private
        || (a == 192 && b == 0 && c == 0)                 // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2)                 // TEST-NET-1
        || (a == 192 && b == 88 && c == 99)               // 6to4 relay anycast
        || (a == 192 && b == 168)                         // private
        || (a == 198 && (18..=19).contains(&b))           // benchmarking
        || (a == 198 && b == 51 && c == 100)              // TEST-NET-2
        || (a == 203 && b == 0 && c == 113)               // TEST-NET-3
        || a >= 224; // multicast 224/4, reserved 240/4, broadcast
    !blocked
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    // IPv4 inside IPv6: judge the IPv4 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96).
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return is_public_v4(embedded_v4(s[6], s[7]));
    }
    // 6to4 2002::/16 carries an IPv4 address in bits 16..48.
    if s[0] == 0x2002 {
        return is_public_v4(embedded_v4(s[1], s[2]));
    }
    // Global unicast is 2000::/3; everything else (::, ::1, the deprecated IPv4-compatible
    // ::/96, ULA fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8,
    // discard 100::/64) is refused.
    if s[0] & 0xe000 != 0x2000 {
        return false;
    }
    // 2001::/23 is IETF protocol assignments (Teredo included); 2001:db8::/32 and 3fff::/20
    // are documentation.
    let blocked = (s[0] == 0x2001 && (s[1] < 0x0200 || s[1] == 0x0db8)) || s[0] == 0x3fff;
    !blocked
}

fn embedded_v4(hi: u16, lo: u16) -> Ipv4Addr {
    let [a, b] = hi.to_be_bytes();
    let [c, d] = lo.to_be_bytes();
    Ipv4Addr::new(a, b, c, d)
}

#[cfg(test)]
#[path = "classify_tests.rs"]
mod tests;
