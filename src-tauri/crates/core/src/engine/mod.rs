//! The agent engine's building blocks: the UI protocol (events, sinks), the streaming path
//! (partial JSON decoding, code-delta coalescing) and finalizing without tools.

pub mod coalescer;
pub mod code_stream;
pub mod events;
pub mod extract_html;
pub mod partial_json;
pub mod sink;

pub use coalescer::{Clock, CodeDelta, CodeDeltaCoalescer, ManualClock, SystemClock};
pub use code_stream::CodeStreamer;
pub use events::{tool_end_events, AgentEvent, EventKind, UsageSummary};
pub use extract_html::extract_html;
pub use partial_json::{CreateFileArgsDecoder, PartialJsonError, Update};
pub use sink::{CollectingSink, EventEmitter, EventSink, JsonLinesSink, JsonLinesStats};
