use super::*;

fn file(path: &str, bytes: &[u8]) -> SiteFile {
    SiteFile {
        path: path.into(),
        bytes: bytes.to_vec(),
        sha1: String::new(),
    }
}

#[test]
fn assets_are_named_as_wrangler_names_them() {
    // BLAKE3 of the empty input (the official test vector), cut to 32 digits: an empty file
    // without an extension hashes the empty string.
    assert_eq!(
        asset_hash(&file("LICENSE", b"")),
        "af1349b9f5f9a1a6a0404dea36dcc949"
    );
    let html = asset_hash(&file("index.html", b"<h1>x</h1>"));
    let txt = asset_hash(&file("index.txt", b"<h1>x</h1>"));
    assert_eq!(html.len(), 32);
    assert_ne!(html, txt, "the extension is part of the name");
    assert_eq!(html, asset_hash(&file("other/page.html", b"<h1>x</h1>")));
}

#[test]
fn buckets_stay_under_the_request_limits() {
    let big = vec![0u8; 30 * 1024 * 1024];
    let files = [
        file("a.bin", &big),
        file("b.bin", &big),
        file("c.css", b"body{}"),
    ];
    let wanted: Vec<(&SiteFile, &str)> = files.iter().map(|f| (f, "h")).collect();
    let buckets = buckets(wanted);
    assert_eq!(buckets.len(), 2);
    for bucket in &buckets {
        let bytes: u64 = bucket.iter().map(|(f, _)| f.size()).sum();
        assert!(bytes <= MAX_BUCKET_BYTES, "{bytes}");
    }
}
