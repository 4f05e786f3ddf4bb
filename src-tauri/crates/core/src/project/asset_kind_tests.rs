use super::*;

#[test]
fn assets_are_recognised_by_their_bytes() {
    let cases: &[(&str, &[u8], &str)] = &[
        ("a.png", b"\x89PNG\r\n\x1a\n...", "image"),
        ("a.jpg", b"\xff\xd8\xff\xe0...", "image"),
        ("a.gif", b"GIF89a...", "image"),
        ("a.webp", b"RIFF\0\0\0\0WEBPVP8 ", "image"),
        ("a.avif", b"\0\0\0\x1cftypavif\0\0\0\0", "image"),
        (
            "a.bin",
            b"<?xml version=\"1.0\"?>\n<!-- x --><svg xmlns=\"\">",
            "image",
        ),
        ("a.woff2", b"wOF2....", "font"),
        ("a.woff", b"wOFF....", "font"),
        ("a.ttf", b"\0\x01\0\0....", "font"),
        ("a.otf", b"OTTO....", "font"),
        ("a.mp4", b"\0\0\0\x18ftypisom\0\0\0\0", "video"),
        ("a.webm", b"\x1a\x45\xdf\xa3....", "video"),
        ("a.mp3", b"ID3\x03....", "audio"),
        ("a.ogg", b"OggS....", "audio"),
        ("site.css", b"body { color: red }", "stylesheet"),
        ("app.js", b"console.log(1)", "script"),
    ];
    for (path, bytes, kind) in cases {
        assert_eq!(asset_kind(path, bytes), Ok(*kind), "{path}");
    }
}

#[test]
fn other_files_are_refused_whatever_their_name() {
    let key = b"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n";
    for path in ["logo.png", "id_rsa", "font.woff2", "page.html"] {
        let err = asset_kind(path, key).unwrap_err();
        assert!(err.contains("not an image, font"), "{path}: {err}");
    }
    assert!(
        asset_kind("x.css", b"body\0{}").is_err(),
        "NUL in a stylesheet"
    );
    assert!(asset_kind("x.js", b"\xc3\x28 x").is_err(), "not UTF-8");
    assert!(asset_kind("x.svg", b"<html><svg></svg></html>").is_err());
    assert!(asset_kind("x.svg", b"<svgfoo>").is_err());
}
