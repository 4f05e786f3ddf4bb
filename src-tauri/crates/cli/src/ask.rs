//! `s2c ask`: one turn with any provider — "does my key / base URL / model work?" — streamed to
//! the terminal, or reported as one JSON object with `--json`. Images (any vendor with vision)
//! and a video (Gemini) go with the prompt.

use crate::key_destination::key_for;
use crate::media_files::{read_image, read_video};
use crate::provider_choice::resolve_provider;
use s2c_core::providers::{
    open_session, ProviderError, ProviderTurn, ReasoningEffort, SessionConfig, StreamEvent,
    TokenUsage, TransportOptions, UserContent,
};
use s2c_core::vocab::VideoAttachment;
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

#[derive(clap::Args, Debug)]
pub struct AskArgs {
    /// openai, anthropic, gemini, or an OpenAI-compatible server's name (ollama, lmstudio,
    /// openrouter, deepseek, or any name with --base-url / <NAME>_BASE_URL).
    #[arg(long)]
    provider: String,
    #[arg(long)]
    model: String,
    /// The API base URL (default: the vendor's; also from <PROVIDER>_BASE_URL).
    #[arg(long)]
    base_url: Option<String>,
    /// Retries after the first attempt for transient errors.
    #[arg(long, default_value_t = 3)]
    max_retries: u32,
    /// Print one JSON object at the end instead of streaming text.
    #[arg(long)]
    json: bool,
    /// Declare the app's file tools (create_file, edit_file) so the model can call them.
    #[arg(long)]
    tools: bool,
    /// A system prompt.
    #[arg(long)]
    system: Option<String>,
    #[arg(long)]
    max_tokens: Option<u32>,
    #[arg(long, value_parser = parse_effort)]
    reasoning_effort: Option<ReasoningEffort>,
    /// Seconds of silence from the vendor before giving up.
    #[arg(long, default_value_t = 120)]
    idle_timeout: u64,
    /// An image file (PNG, JPEG, WebP, GIF) sent with the prompt; repeat for several.
    #[arg(long = "image", value_name = "FILE")]
    pub images: Vec<PathBuf>,
    /// A video file sent with the prompt (Gemini only).
    #[arg(long, value_name = "FILE")]
    pub video: Option<PathBuf>,
    /// Frames per second Gemini samples from --video (default 10, for UI animations).
    #[arg(long, requires = "video")]
    pub fps: Option<f32>,
    pub prompt: String,
}

fn parse_effort(text: &str) -> Result<ReasoningEffort, String> {
    serde_json::from_value(json!(text))
        .map_err(|_| "one of: off, low, medium, high, max".to_owned())
}

#[derive(Default)]
struct Progress {
    text: String,
    thinking: String,
    usage: TokenUsage,
}

pub async fn run(args: AskArgs) -> ExitCode {
    let setup = resolve_provider(&args.provider, args.base_url.as_deref())
        .and_then(|p| Ok((p, attachments(&args)?)));
    let setup = setup.and_then(|(p, attached)| {
        let key = key_for(p.0.name(), p.1.as_deref())?;
        Ok((p, attached, key))
    });
    let ((provider, base_url), (user_content, videos), api_key) = match setup {
        Ok(p) => p,
        Err(message) => {
            let error = json!({"code": "invalid_request", "message": message, "retryable": false, "status": null, "retry_after_ms": null});
            return finish(&args, &Progress::default(), None, Some(error));
        }
    };
    let mut config = SessionConfig::new(args.model.clone());
    config.system_prompt = args.system.clone().unwrap_or_default();
    config.user_content = user_content;
    config.videos = videos;
    config.max_output_tokens = args.max_tokens;
    config.reasoning_effort = args.reasoning_effort;
    config.base_url = base_url;
    config.api_key = api_key;
    config.transport = TransportOptions {
        idle_timeout: Duration::from_secs(args.idle_timeout.max(1)),
        max_attempts: args.max_retries.saturating_add(1),
        ..TransportOptions::default()
    };
    if args.tools {
        config.tools = crate::demo_tools::tools();
    }
    let mut progress = Progress::default();
    let result = match open_session(&provider, config) {
        Ok(mut session) => {
            let cancel = CancellationToken::new();
            let on_ctrl_c = cancel.clone();
            tokio::spawn(async move {
                if tokio::signal::ctrl_c().await.is_ok() {
                    on_ctrl_c.cancel();
                }
            });
            let json_mode = args.json;
            let mut on_event = |event: StreamEvent| show(&mut progress, event, json_mode);
            let result = session.stream_turn(&mut on_event, &cancel).await;
            session.close();
            result
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(turn) => finish(&args, &progress, Some(&turn), None),
        Err(e) => finish(&args, &progress, None, Some(error_json(&e))),
    }
}

fn show(progress: &mut Progress, event: StreamEvent, json_mode: bool) {
    match event {
        StreamEvent::AssistantDelta { text } => {
            if !json_mode {
                print!("{text}");
                let _ = std::io::stdout().flush();
            }
            progress.text.push_str(&text);
        }
        StreamEvent::ThinkingDelta { text } => {
            if !json_mode {
                eprint!("{text}");
            }
            progress.thinking.push_str(&text);
        }
        StreamEvent::Usage { usage } => progress.usage = usage,
        StreamEvent::Retrying {
            attempt,
            delay_ms,
            reason,
            discard,
            ..
        } => {
            if discard {
                // The turn restarts from its beginning: what streamed so far is void.
                progress.text.clear();
                progress.thinking.clear();
            }
            if !json_mode {
                let restart = if discard { ", restarting the turn" } else { "" };
                eprintln!("\n[retrying{restart}: attempt {attempt} in {delay_ms} ms: {reason}]");
            }
        }
        StreamEvent::ToolCallDelta { .. } => {}
    }
}

fn error_json(e: &ProviderError) -> Value {
    json!({
        "code": e.code().as_str(),
        "message": e.to_string(),
        "retryable": e.retryable(),
        "status": e.status(),
        "retry_after_ms": e.retry_after().map(|d| d.as_millis() as u64),
    })
}

fn finish(
    args: &AskArgs,
    progress: &Progress,
    turn: Option<&ProviderTurn>,
    error: Option<Value>,
) -> ExitCode {
    let tool_calls: Vec<Value> = turn
        .map(|t| {
            t.tool_calls
                .iter()
                .map(|c| {
                    let mut call = json!({"id": c.id, "name": c.name, "arguments": c.arguments});
                    if let Some(raw) = &c.invalid_arguments {
                        call["invalid_arguments"] = json!(raw);
                    }
                    call
                })
                .collect()
        })
        .unwrap_or_default();
    let report = json!({
        "text": turn.map(|t| t.assistant_text.as_str()).unwrap_or(&progress.text),
        "thinking": turn.map(|t| t.thinking.as_str()).unwrap_or(&progress.thinking),
        "tool_calls": tool_calls,
        "stop_reason": turn.map(|t| t.stop_reason.as_str()).unwrap_or("error"),
        "usage": turn.map(|t| t.usage).unwrap_or(progress.usage),
        "cost_usd": turn.and_then(|t| t.cost_usd),
        "error": error.clone().unwrap_or(Value::Null),
    });
    if args.json {
        println!("{report}");
    } else {
        if !progress.text.is_empty() {
            println!();
        }
        for call in &tool_calls {
            println!(
                "[tool call {} {}] {}",
                call["name"].as_str().unwrap_or(""),
                call["id"].as_str().unwrap_or(""),
                call["arguments"]
            );
        }
        match &error {
            Some(e) => eprintln!(
                "s2c ask: {} ({})",
                e["message"].as_str().unwrap_or(""),
                e["code"].as_str().unwrap_or("")
            ),
            None => {
                let cost = report["cost_usd"]
                    .as_f64()
                    .map(|c| format!("${c:.6}"))
                    .unwrap_or_else(|| "unknown".into());
                eprintln!(
                    "[{} · {} in / {} out tokens · cost {cost}]",
                    report["stop_reason"].as_str().unwrap_or(""),
                    report["usage"]["input_tokens"],
                    report["usage"]["output_tokens"]
                );
            }
        }
    }
    if error.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The prompt, the images, and the video, as the session takes them.
pub fn attachments(args: &AskArgs) -> Result<(UserContent, Vec<VideoAttachment>), String> {
    let mut content = UserContent::default();
    for path in &args.images {
        content.push_image(read_image(path)?);
    }
    content.push_text(args.prompt.clone());
    let videos = match &args.video {
        Some(path) => {
            let mut video = read_video(path)?;
            video.fps = args.fps;
            vec![video]
        }
        None => vec![],
    };
    Ok((content, videos))
}
