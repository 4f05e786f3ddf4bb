//! The protocol rule that no tool card stays "running": every `tool_start` is closed by exactly
//! one `tool_result` of its call, before its variant's last event. A `retrying` with
//! `discard_from` voids the cards its failed attempt started (the UI drops them).

use s2c_core::engine::{AgentEvent, EventKind};
use std::collections::BTreeMap;

/// Panics, naming the call, when any `tool_start` in `events` (any number of variants) has no
/// `tool_result`, more than one, or one after the variant ended.
pub fn assert_every_tool_closed(events: &[AgentEvent]) {
    // (variant, call id) → (the tool_start's event id, results seen so far)
    let mut open: BTreeMap<(u32, String), (u32, u32)> = BTreeMap::new();
    let mut ended: BTreeMap<u32, bool> = BTreeMap::new();
    let types = || {
        events
            .iter()
            .map(|e| format!("{}:{}", e.variant, e.kind.type_name()))
            .collect::<Vec<_>>()
    };
    for event in events {
        let variant = event.variant;
        match &event.kind {
            EventKind::ToolStart { call_id, .. } => {
                let before = open.insert((variant, call_id.clone()), (event.event_id, 0));
                assert!(before.is_none(), "{call_id} started twice: {:?}", types());
            }
            EventKind::Retrying {
                discard_from: Some(from),
                ..
            } => {
                open.retain(|(v, _), (started, results)| {
                    *v != variant || *started < *from || *results > 0
                });
            }
            EventKind::ToolResult { call_id, .. } => {
                assert!(
                    !ended.get(&variant).copied().unwrap_or(false),
                    "the result of {call_id} comes after its variant ended: {:?}",
                    types()
                );
                if let Some((_, results)) = open.get_mut(&(variant, call_id.clone())) {
                    *results += 1;
                    assert_eq!(*results, 1, "{call_id} has two results: {:?}", types());
                }
            }
            kind if kind.ends_variant() => {
                ended.insert(variant, true);
            }
            _ => {}
        }
    }
    for ((variant, call_id), (_, results)) in &open {
        assert_eq!(
            *results,
            1,
            "the tool_start of {call_id} (option {}) never got its tool_result: {:?}",
            variant + 1,
            types()
        );
    }
}
