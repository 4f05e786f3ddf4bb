use super::*;

fn setup() -> (Arc<ManualClock>, CodeDeltaCoalescer) {
    let clock = Arc::new(ManualClock::default());
    let coalescer = CodeDeltaCoalescer::new(clock.clone(), DEFAULT_FLUSH_INTERVAL);
    (clock, coalescer)
}

fn texts(deltas: &[CodeDelta]) -> Vec<&str> {
    deltas.iter().map(|d| d.text.as_str()).collect()
}

#[test]
fn the_first_text_goes_out_at_once_then_at_most_once_per_interval() {
    let (clock, mut c) = setup();
    assert_eq!(
        texts(&c.push("c1", "index.html", "<ht")),
        ["<ht"],
        "first at once"
    );
    assert!(
        c.push("c1", "index.html", "ml>").is_empty(),
        "then buffered"
    );
    clock.advance(Duration::from_millis(20));
    assert!(
        c.push("c1", "index.html", "<bo").is_empty(),
        "still inside the interval"
    );
    assert!(c.poll().is_none(), "poll respects the interval");
    clock.advance(Duration::from_millis(13));
    assert_eq!(
        texts(&c.push("c1", "index.html", "dy>")),
        ["ml><body>"],
        "due"
    );
    assert_eq!(c.deadline(), None, "nothing pending");
}

#[test]
fn poll_and_deadline_release_text_during_a_pause() {
    let (clock, mut c) = setup();
    let _ = c.push("c1", "index.html", "a");
    let _ = c.push("c1", "index.html", "b");
    let deadline = c.deadline().unwrap_or_else(|| panic!("pending"));
    assert_eq!(deadline, clock.now() + DEFAULT_FLUSH_INTERVAL);
    clock.advance(DEFAULT_FLUSH_INTERVAL);
    assert_eq!(c.poll().map(|d| d.text), Some("b".to_owned()));
}

#[test]
fn boundaries_flush_and_a_new_call_flushes_the_old_one_first() {
    let (_clock, mut c) = setup();
    let _ = c.push("c1", "index.html", "a");
    let _ = c.push("c1", "index.html", "b");
    let ready = c.push("c2", "about.html", "x");
    let calls: Vec<(&str, &str)> = ready
        .iter()
        .map(|d| (d.call_id.as_str(), d.text.as_str()))
        .collect();
    assert_eq!(
        calls,
        [("c1", "b")],
        "c1's rest first; c2 waits for the interval"
    );
    assert_eq!(
        c.flush().map(|d| (d.call_id, d.text)),
        Some(("c2".into(), "x".into()))
    );
    assert_eq!(c.flush(), None, "empty after a flush");
}

#[test]
fn a_path_learned_late_moves_the_pending_text() {
    let (_clock, mut c) = setup();
    let _ = c.push("c1", "index.html", "a");
    let _ = c.push("c1", "index.html", "b");
    let _ = c.push("c1", "about.html", "");
    assert_eq!(c.flush().map(|d| d.path), Some("about.html".to_owned()));
}

#[test]
fn bytes_are_preserved_and_messages_bounded() {
    let (clock, mut c) = setup();
    let text = "0123456789abcdef".repeat(12_500); // 200 KB in 50 000 deltas over 5 s
    let mut out = Vec::new();
    for piece in text.as_bytes().chunks(4) {
        clock.advance(Duration::from_micros(100));
        out.extend(c.push(
            "c1",
            "index.html",
            std::str::from_utf8(piece).unwrap_or_default(),
        ));
    }
    out.extend(c.flush());
    let joined: String = out.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(joined.len(), text.len(), "every byte once");
    assert_eq!(joined, text);
    assert!(out.len() <= 5 * 31 + 2, "≈30 per second: {}", out.len());
}
