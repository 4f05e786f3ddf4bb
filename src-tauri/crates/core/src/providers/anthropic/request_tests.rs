use super::*;
use crate::providers::catalog::ModelCatalog;
use crate::providers::session::ReasoningEffort;
use crate::vocab::CanonicalTool;

fn config(model: &str) -> SessionConfig {
    let mut config = SessionConfig::new(model);
    config.system_prompt = "You write web pages.".into();
    config.tools = vec![CanonicalTool {
        name: "create_file".into(),
        description: "Create a file".into(),
        parameters: json!({"type": "object", "properties": {"content": {"type": "string"}},
            "required": ["content"], "additionalProperties": false}),
    }];
    config
}

#[test]
fn the_fixed_fields_carry_system_tools_caching_and_thinking() {
    let mut cfg = config("claude-sonnet-4-5-20250929");
    cfg.reasoning_effort = Some(ReasoningEffort::Medium);
    let catalog = ModelCatalog::bundled();
    let (fixed, plan) = fixed_fields(&cfg, catalog.get(&cfg.model));
    assert_eq!(fixed["model"], json!("claude-sonnet-4-5-20250929"));
    assert_eq!(
        fixed["max_tokens"],
        json!(64000),
        "the model's most by default"
    );
    assert_eq!(fixed["system"], json!("You write web pages."));
    assert_eq!(fixed["stream"], json!(true));
    assert_eq!(fixed["cache_control"], json!({"type": "ephemeral"}));
    assert_eq!(
        fixed["thinking"],
        json!({"type": "enabled", "budget_tokens": 8192})
    );
    assert!(plan.interleaved);
    let tool = &fixed["tools"][0];
    assert_eq!(tool["eager_input_streaming"], json!(true));
    assert_eq!(tool["input_schema"]["required"], json!(["content"]));
    assert!(tool.get("parameters").is_none());

    let mut cfg = config("claude-opus-4-6");
    cfg.tools.clear();
    cfg.system_prompt.clear();
    cfg.max_output_tokens = Some(2000);
    cfg.reasoning_effort = Some(ReasoningEffort::High);
    let (fixed, _) = fixed_fields(&cfg, catalog.get(&cfg.model));
    assert!(!fixed.contains_key("system") && !fixed.contains_key("tools"));
    assert_eq!(fixed["max_tokens"], json!(2000));
    assert_eq!(fixed["thinking"], json!({"type": "adaptive"}));
    assert_eq!(fixed["output_config"], json!({"effort": "high"}));
}

#[test]
fn tool_results_go_first_in_the_user_message_and_errors_are_text_only() {
    use super::super::blocks::{push_user_blocks, tool_result_block};
    use super::super::continuation::push_tool_results;
    use crate::vocab::{ImageAttachment, ToolResult};
    let shot = ImageAttachment {
        media_type: "image/png".into(),
        data: vec![9],
    };
    let ok = ToolResult {
        call_id: "toolu_1".into(),
        name: "screenshot_preview".into(),
        ok: true,
        result: "Here is the page".into(),
        summary: "shot".into(),
        images: vec![shot.clone()],
    };
    let failed = ToolResult {
        call_id: "toolu_2".into(),
        ok: false,
        result: "old_text not found".into(),
        images: vec![shot],
        ..ok.clone()
    };
    let mut messages =
        vec![json!({"role": "assistant", "content": [{"type": "text", "text": "x"}]})];
    push_tool_results(
        &mut messages,
        vec![tool_result_block(&ok)],
        &["toolu_1", "toolu_2"],
    );
    push_user_blocks(
        &mut messages,
        vec![json!({"type": "text", "text": "Continue"})],
    );
    push_tool_results(
        &mut messages,
        vec![tool_result_block(&failed)],
        &["toolu_1", "toolu_2"],
    );
    assert_eq!(messages.len(), 2);
    let content = messages[1]["content"].as_array().expect("blocks");
    let kinds: Vec<&str> = content
        .iter()
        .map(|b| b["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["tool_result", "tool_result", "text"]);
    assert_eq!(
        content[0]["content"][0],
        json!({"type": "text", "text": "Here is the page"})
    );
    assert_eq!(content[0]["content"][1]["type"], json!("image"));
    assert!(content[0].get("is_error").is_none());
    assert_eq!(
        content[1],
        json!({"type": "tool_result", "tool_use_id": "toolu_2", "is_error": true, "content": "old_text not found"})
    );
}
