use super::*;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_secret_split_across_writes_is_scrubbed() {
    let sink = Sink::default();
    {
        let for_writer = sink.clone();
        let make = Redacting(move || for_writer.clone());
        let mut w = make.make_writer();
        w.write_all(b"calling with key sk-proj-ABCDEFGHIJ").unwrap();
        w.write_all(b"KLMNOPQRSTUVWXYZ and more\n").unwrap();
    }
    let written = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    assert_eq!(written, "calling with key [REDACTED] and more\n");
}

#[test]
fn events_logged_through_a_subscriber_are_scrubbed() {
    let sink = Sink::default();
    let sink_for_layer = sink.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer(Redacting(move || sink_for_layer.clone()))
        .finish();
    tracing::subscriber::with_default(subscriber, || {
        tracing::info!(
            header = "Bearer abcdefghijklmnopqrstuvwxyz",
            "vendor call with AIzaSyA1234567890abcdefghijklmnopqrstu"
        );
    });
    let written = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    assert!(written.contains("vendor call"), "{written}");
    assert!(!written.contains("abcdefghijklmnopqrstuvwxyz"), "{written}");
    assert!(!written.contains("AIzaSyA123"), "{written}");
}
