use super::*;

fn decode_in_chunks(bytes: &[u8], size: usize) -> Vec<SseItem> {
    let mut decoder = SseDecoder::new();
    let mut out = Vec::new();
    for chunk in bytes.chunks(size.max(1)) {
        decoder.push(chunk, &mut out);
    }
    decoder.finish(&mut out);
    out
}

fn event(name: Option<&str>, data: &str) -> SseItem {
    SseItem::Event(SseEvent {
        event: name.map(str::to_owned),
        data: data.to_owned(),
    })
}

#[test]
fn every_split_and_line_ending_gives_the_same_events() {
    let body_lf = "event: a\ndata: {\"t\":\"héllo 😀\"}\n\n: keep-alive\n\ndata: one\ndata: two\n\nevent: b\ndata:no-space\n\n";
    let expected = vec![
        event(Some("a"), "{\"t\":\"héllo 😀\"}"),
        event(None, "one\ntwo"),
        event(Some("b"), "no-space"),
    ];
    for (name, body) in [
        ("LF", body_lf.to_owned()),
        ("CRLF", body_lf.replace('\n', "\r\n")),
        ("CR", body_lf.replace('\n', "\r")),
        (
            "BOM + CRLF",
            format!("\u{FEFF}{}", body_lf.replace('\n', "\r\n")),
        ),
    ] {
        for size in 1..=9 {
            assert_eq!(
                decode_in_chunks(body.as_bytes(), size),
                expected,
                "{name}, chunks of {size}"
            );
        }
        assert_eq!(
            decode_in_chunks(body.as_bytes(), body.len()),
            expected,
            "{name}, whole"
        );
    }
}

#[test]
fn a_bom_alone_or_split_does_not_panic() {
    for size in 1..=3 {
        assert_eq!(decode_in_chunks(b"\xEF\xBB\xBF", size), vec![]);
        assert_eq!(
            decode_in_chunks(b"\xEF\xBB\xBFdata: x\n\n", size),
            vec![event(None, "x")]
        );
    }
    // Something that only starts like a BOM is kept as (stray) text.
    assert_eq!(
        decode_in_chunks(b"\xEFdata", 1),
        vec![SseItem::Stray("\u{FFFD}data".into())]
    );
}

#[test]
fn invalid_utf8_is_replaced_not_fatal() {
    let out = decode_in_chunks(b"data: \xFF\xFE ok\n\n", 1);
    assert_eq!(out, vec![event(None, "\u{FFFD}\u{FFFD} ok")]);
}

#[test]
fn a_cut_final_line_is_dropped_but_a_complete_last_event_is_kept() {
    assert_eq!(
        decode_in_chunks(b"data: [DONE]\n", 4),
        vec![event(None, "[DONE]")]
    );
    assert_eq!(decode_in_chunks(b"data: {\"partial", 4), vec![]);
    let mut decoder = SseDecoder::new();
    let mut out = Vec::new();
    decoder.push(b"data: {\"a\":", &mut out);
    assert!(decoder.has_partial());
}

#[test]
fn raw_json_lines_come_out_as_stray() {
    let body = "data: {\"ok\":1}\n\n{\n  \"error\": {\n    \"code\": 503\n  }\n}\n";
    let out = decode_in_chunks(body.as_bytes(), 3);
    assert_eq!(out[0], event(None, "{\"ok\":1}"));
    let stray: Vec<String> = out[1..]
        .iter()
        .map(|item| match item {
            SseItem::Stray(line) => line.clone(),
            other => panic!("expected a stray line, got {other:?}"),
        })
        .collect();
    assert_eq!(
        stray.join("\n"),
        "{\n  \"error\": {\n    \"code\": 503\n  }\n}"
    );
}

#[test]
fn big_single_chunks_are_linear() {
    // 4 MiB in one chunk, and a 1 MiB line fed 8 bytes at a time: both well under a second
    // even in a debug build when every byte is scanned once.
    let line = format!("data: {}\n\n", "x".repeat(1 << 20));
    let many: String = line.repeat(4);
    let started = std::time::Instant::now();
    assert_eq!(decode_in_chunks(many.as_bytes(), many.len()).len(), 4);
    assert_eq!(decode_in_chunks(line.as_bytes(), 8).len(), 1);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_json_body_without_a_final_newline_is_stray_text() {
    let body = br#"{"error":{"message":"not found"}}"#;
    for size in [1, 5, body.len()] {
        let out = decode_in_chunks(body, size);
        assert_eq!(
            out,
            vec![SseItem::Stray(String::from_utf8_lossy(body).into_owned())]
        );
    }
}

#[test]
fn an_endless_line_stops_the_decoder_instead_of_taking_the_memory() {
    let mut decoder = SseDecoder::new();
    let mut out = Vec::new();
    decoder.push(b"data: {\"a\":1}\n\n", &mut out);
    assert_eq!(out.len(), 1);
    let chunk = vec![b'x'; 1024 * 1024];
    decoder.push(b"data: ", &mut out);
    for _ in 0..=(MAX_EVENT_BYTES / chunk.len()) {
        decoder.push(&chunk, &mut out);
    }
    assert!(decoder.overflowed());
    assert!(
        decoder.line.capacity() < MAX_EVENT_BYTES,
        "the buffer was released"
    );
    decoder.push(b"\n\ndata: {}\n\n", &mut out);
    decoder.finish(&mut out);
    assert_eq!(out.len(), 1, "nothing after the overflow is believed");
}
