//! The agent engine: generations of parallel variants, each an agent loop over a provider
//! session and the tool runtime; the UI protocol (events, sinks); the streaming path (partial
//! JSON decoding, code-delta coalescing); and finalizing without tools.

pub mod coalescer;
pub mod code_stream;
pub mod conversation;
pub mod events;
pub mod extract_html;
mod fallback;
mod fidelity_rounds;
pub mod generation;
pub mod limits;
mod live;
pub mod model_choice;
mod outcome;
pub mod partial_json;
mod plan;
mod replay;
pub mod resolve;
pub mod sessions;
pub mod sink;
mod tool_start;
mod transcript;
mod turn_stream;
mod variant;

pub use coalescer::{Clock, CodeDelta, CodeDeltaCoalescer, ManualClock, SystemClock};
pub use code_stream::CodeStreamer;
pub use conversation::{apply_prompt, ConversationError};
pub use events::{tool_end_events, AgentEvent, EventKind, UsageSummary, VariantErrorCode};
pub use extract_html::extract_html;
pub use fallback::{ModelSwitch, ModelUsage, VariantFallback};
pub use generation::{
    start, GenerationCanceller, GenerationHandle, GenerationOutcome, GenerationSpec, VariantSpec,
};
pub use limits::LoopLimits;
pub use model_choice::{
    choose_models, default_variant_count, ModelChoice, ModelChoiceError, ModelNeeds,
};
pub use outcome::{Draft, FinishedVariant, VariantEnd};
pub use partial_json::{CreateFileArgsDecoder, PartialJsonError, Update};
pub use plan::{BuiltGeneration, GenerationPlan, PlanAsset, PlanError, PlanSource, PlannedVariant};
pub use sessions::{SessionFactory, VendorSessions};
pub use sink::{CollectingSink, EventEmitter, EventSink, JsonLinesSink, JsonLinesStats};
pub use transcript::Transcript;
