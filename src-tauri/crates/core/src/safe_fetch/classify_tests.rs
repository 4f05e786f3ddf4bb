use super::*;

#[test]
fn classifies_every_special_range() {
    let cases = [
        ("8.8.8.8", true),
        ("1.1.1.1", true),
        ("93.184.216.34", true),
        ("0.0.0.0", false),
        ("10.1.2.3", false),
        ("100.64.0.1", false),
        ("100.127.255.254", false),
        ("100.128.0.1", true),
        ("127.0.0.1", false),
        ("127.255.255.255", false),
        ("169.254.169.254", false),
        ("172.16.0.1", false),
        ("172.31.255.255", false),
        ("172.32.0.1", true),
        ("192.0.0.8", false),
        ("192.0.2.1", false),
        ("192.168.1.1", false),
        ("198.18.0.1", false),
        ("198.51.100.7", false),
        ("203.0.113.9", false),
        ("224.0.0.1", false),
        ("239.255.255.250", false),
        ("240.0.0.1", false),
        ("255.255.255.255", false),
        ("::", false),
        ("::1", false),
        ("::127.0.0.1", false),
        ("::ffff:127.0.0.1", false),
        ("::ffff:10.0.0.1", false),
        ("::ffff:8.8.8.8", true),
        ("64:ff9b::7f00:1", false),
        ("64:ff9b::808:808", true),
        ("2002:7f00:1::", false),
        ("2002:0808:0808::", true),
        ("fc00::1", false),
        ("fd12:3456::1", false),
        ("fe80::1", false),
        ("fec0::1", false),
        ("ff02::1", false),
        ("100::1", false),
        ("2001::1", false),
        ("2001:db8::1", false),
        ("2606:4700:4700::1111", true),
        ("2a00:1450:4001::200e", true),
    ];
    for (ip, public) in cases {
        let parsed: IpAddr = ip.parse().unwrap_or_else(|e| panic!("{ip}: {e}"));
        assert_eq!(is_public_ip(parsed), public, "case {ip}");
    }
}
