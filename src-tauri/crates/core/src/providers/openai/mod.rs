//! OpenAI Responses API (`POST /v1/responses`, streamed).
//!
//! Follows: the Responses API reference (create, streaming events, input items incl.
//! `function_call_output` with `input_text`/`input_image` parts), the function calling guide
//! (strict mode), the reasoning guide (`store: false` + `include: ["reasoning.encrypted_content"]`
//! for stateless multi-turn reasoning), and the event types of the openai-python SDK
//! (`types/responses/response_*_event.py`).

pub mod continuation;
pub mod models;
pub mod request;
pub mod schema;
pub mod session;
pub mod stream;

pub use session::OpenAiSession;
