//! Building a Messages API request body (`POST {base}/messages`): model, `max_tokens`, the
//! system prompt at the top level, tools, thinking, automatic prompt caching, streaming, and the
//! conversation as alternating user/assistant messages of content blocks.

use super::super::catalog::ModelInfo;
use super::super::session::SessionConfig;
use super::history::resumes_tool_use;
use super::models::{self, ThinkingPlan};
use super::schema;
use serde_json::{json, Map, Value};

/// The parts of the body that stay the same for every turn of a session, and the thinking plan
/// (its beta header is the session's business).
pub fn fixed_fields(
    config: &SessionConfig,
    info: Option<&ModelInfo>,
) -> (Map<String, Value>, ThinkingPlan) {
    let max_tokens = models::max_tokens(info, config.max_output_tokens);
    let mut plan = models::plan(
        info,
        config.reasoning_effort,
        max_tokens,
        !config.tools.is_empty(),
    );
    if resumes_tool_use(config) {
        // With thinking on, the API wants the assistant turn whose tool calls are being answered
        // to start with its thinking block. A conversation taken over from another model has
        // none (signatures are bound to the model that made them), so this session goes on
        // without thinking.
        plan.thinking = None;
        plan.interleaved = false;
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(config.model));
    body.insert("max_tokens".into(), json!(max_tokens));
    if !config.system_prompt.is_empty() {
        body.insert("system".into(), json!(config.system_prompt));
    }
    if !config.tools.is_empty() {
        let tools: Vec<Value> = config.tools.iter().map(schema::tool).collect();
        body.insert("tools".into(), Value::Array(tools));
    }
    if let Some(thinking) = &plan.thinking {
        body.insert("thinking".into(), thinking.clone());
    }
    if let Some(effort) = &plan.effort {
        body.insert("output_config".into(), json!({"effort": effort}));
    }
    // Automatic caching: the API puts the breakpoint on the last cacheable block and moves it
    // forward as the conversation grows, so every turn reads the previous turns from the cache.
    body.insert("cache_control".into(), json!({"type": "ephemeral"}));
    body.insert("stream".into(), json!(true));
    (body, plan)
}

/// The whole body for the next turn.
pub fn body(fixed: &Map<String, Value>, messages: &[Value]) -> Result<Vec<u8>, serde_json::Error> {
    #[derive(serde::Serialize)]
    struct Body<'a> {
        #[serde(flatten)]
        fixed: &'a Map<String, Value>,
        messages: &'a [Value],
    }
    serde_json::to_vec(&Body { fixed, messages })
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
