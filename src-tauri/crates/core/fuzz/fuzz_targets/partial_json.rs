//! The create_file argument decoder, fed a JSON text in arbitrary pieces: never panics, and for
//! valid arguments the content it streamed is exactly the content.
#![no_main]
use libfuzzer_sys::fuzz_target;
use s2c_core::engine::CreateFileArgsDecoder;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut decoder = CreateFileArgsDecoder::new();
    let mut streamed = String::new();
    let mut at = 0;
    let mut step = 1;
    while at < text.len() {
        let mut end = (at + step).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        match decoder.push(&text[at..end]) {
            Ok(update) => streamed.push_str(&update.content),
            Err(_) => return,
        }
        at = end;
        step = step % 7 + 1;
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        if let Some(content) = value.get("content").and_then(|c| c.as_str()) {
            // Duplicate keys: serde keeps the last, the stream saw the first; skip those.
            if text.matches("\"content\"").count() == 1 {
                assert!(content.starts_with(streamed.as_str()), "streamed text that is not the content");
            }
        }
    }
});
