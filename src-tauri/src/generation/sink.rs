//! Where a generation's events go in the app: the UI's ipc Channel (live), the live files the
//! preview serves, and a recording thread that stores them with the variant in the project.

use s2c_core::engine::{AgentEvent, EventKind, EventSink};
use s2c_core::project::VariantRecorder;
use s2c_core::render::live::LiveGeneration;
use std::sync::mpsc;
use std::sync::Arc;
use tauri::ipc::Channel;

pub struct AppSink {
    channel: Channel<AgentEvent>,
    live: Arc<LiveGeneration>,
    record: mpsc::Sender<AgentEvent>,
}

impl AppSink {
    pub fn new(
        channel: Channel<AgentEvent>,
        live: Arc<LiveGeneration>,
        record: mpsc::Sender<AgentEvent>,
    ) -> Self {
        Self {
            channel,
            live,
            record,
        }
    }
}

impl EventSink for AppSink {
    fn emit(&self, event: AgentEvent) {
        event.apply_to(&self.live);
        // The recording thread ends only after the engine does; a send error means it failed
        // and already logged why.
        let _ = self.record.send(event.clone());
        if let Err(e) = self.channel.send(event) {
            // The window may be gone (closed mid-generation); the record still has everything.
            tracing::debug!("could not deliver a generation event: {e}");
        }
    }
}

/// Stores every event with its variant until the engine drops its sender, then hands the
/// recorders back for the final state. A failing database is logged once per variant, never
/// allowed to stop the generation.
pub fn record_events(
    events: mpsc::Receiver<AgentEvent>,
    mut recorders: Vec<VariantRecorder>,
) -> Vec<VariantRecorder> {
    let mut failed = vec![false; recorders.len()];
    for event in events {
        let index = event.variant as usize;
        if matches!(event.kind, EventKind::Finished { .. }) {
            continue;
        }
        let Some(recorder) = recorders.get_mut(index) else {
            continue;
        };
        let mut result = Ok(());
        if matches!(event.kind, EventKind::Started { .. }) {
            result = recorder.mark_generating();
        }
        if result.is_ok() {
            result = recorder.record_event(event.kind.type_name(), &event);
        }
        if let Err(e) = result {
            if !failed[index] {
                tracing::error!(variant = index, "could not record events: {e}");
                failed[index] = true;
            }
        }
    }
    for recorder in &mut recorders {
        if let Err(e) = recorder.flush() {
            tracing::error!("could not record the last events: {e}");
        }
    }
    recorders
}
