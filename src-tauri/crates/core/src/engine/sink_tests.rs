use super::*;
use crate::engine::events::EventKind;

#[test]
fn ids_increase_strictly_in_sink_order_across_threads() {
    let sink = Arc::new(CollectingSink::new());
    let emitter = Arc::new(EventEmitter::new(sink.clone()));
    let threads: Vec<_> = (0..4u32)
        .map(|variant| {
            let emitter = emitter.clone();
            std::thread::spawn(move || {
                for i in 0..250 {
                    emitter.emit(
                        variant,
                        EventKind::Status {
                            message: i.to_string(),
                        },
                    );
                }
            })
        })
        .collect();
    for t in threads {
        let _ = t.join();
    }
    let ids: Vec<u32> = sink.events().iter().map(|e| e.event_id).collect();
    assert_eq!(ids, (1..=1000).collect::<Vec<u32>>());
}

#[test]
fn json_lines_are_one_object_per_line() {
    let sink = JsonLinesSink::new(Vec::new());
    sink.emit(AgentEvent {
        event_id: 1,
        variant: 0,
        kind: EventKind::Assistant {
            text: "a\nb".into(),
        },
    });
    sink.emit(AgentEvent {
        event_id: 2,
        variant: 0,
        kind: EventKind::VariantCancelled,
    });
    let stats = sink.stats();
    let (bytes, finished) = sink.finish().unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8(bytes).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(
        lines[1],
        r#"{"event_id":2,"variant":0,"type":"variant_cancelled"}"#
    );
    assert_eq!(stats, finished);
    assert_eq!(finished.bytes, text.len() as u64);
}

struct Broken;

impl std::io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk full"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::Error::other("disk full"))
    }
}

#[test]
fn a_write_error_is_kept_for_finish() {
    let sink = JsonLinesSink::new(Broken);
    sink.emit(AgentEvent {
        event_id: 1,
        variant: 0,
        kind: EventKind::VariantCancelled,
    });
    let err = sink.finish().err().map(|e| e.to_string());
    assert_eq!(err.as_deref(), Some("disk full"));
}
