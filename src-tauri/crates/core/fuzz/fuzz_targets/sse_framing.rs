//! SSE framing: any bytes, cut anywhere, decode to the same events as in one piece.
#![no_main]
use libfuzzer_sys::fuzz_target;
use s2c_core::providers::transport::{SseDecoder, SseItem};

fn decode(pieces: &[&[u8]]) -> Vec<SseItem> {
    let mut decoder = SseDecoder::new();
    let mut out = Vec::new();
    for piece in pieces {
        decoder.push(piece, &mut out);
    }
    decoder.finish(&mut out);
    out
}

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let cut = usize::from(data[0]) % data.len();
    let body = &data[1..];
    let cut = cut.min(body.len());
    let whole = decode(&[body]);
    let split = decode(&[&body[..cut], &body[cut..]]);
    assert_eq!(whole, split, "cutting the stream changed what it says");
});
