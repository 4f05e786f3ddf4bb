//! Streaming-path benchmarks (a bench binary, no harness): SSE framing + event normalization
//! throughput, and the CPU cost of one 300 KB tool-call argument stream in 8-byte deltas.
//!
//! Run: `cargo bench -p s2c-core --bench providers_stream` (release profile).

use s2c_core::providers::openai::stream::ResponsesMapper;
use s2c_core::providers::openai_compat::stream::ChatMapper;
use s2c_core::providers::transport::{SseDecoder, SseItem, StreamMapper};
use serde_json::json;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// CPU time of this process (user + system).
fn cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; RUSAGE_SELF is always valid.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn sse(events: &[serde_json::Value]) -> Vec<u8> {
    let mut out = String::new();
    for e in events {
        let kind = e["type"].as_str().unwrap_or("");
        out.push_str(&format!("event: {kind}\ndata: {e}\n\n"));
    }
    out.into_bytes()
}

fn responses_text_stream(deltas: usize) -> Vec<u8> {
    let mut events = vec![
        json!({"type": "response.created", "sequence_number": 0, "response": {"status": "in_progress"}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": {"id": "msg_1", "type": "message", "role": "assistant", "content": []}}),
    ];
    for i in 0..deltas {
        events.push(json!({"type": "response.output_text.delta", "sequence_number": i + 2, "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": "<div>ab", "logprobs": []}));
    }
    events.push(json!({"type": "response.completed", "response": {"status": "completed", "output": [], "usage": {"input_tokens": 1, "output_tokens": 1}}}));
    sse(&events)
}

/// A function call whose argument text (`{"path":…,"content":"<html…>"}`, `size` bytes of
/// content with quotes and newlines to escape) streams in `delta_len`-byte deltas.
fn responses_tool_stream(size: usize, delta_len: usize) -> (Vec<u8>, usize) {
    let line = "<p class=\"row\">Hello, wörld — a line of the page</p>\n";
    let content: String = line
        .repeat(size / line.len() + 1)
        .chars()
        .take(size)
        .collect();
    let args = json!({"path": "index.html", "content": content}).to_string();
    let chars: Vec<char> = args.chars().collect();
    let mut events = vec![
        json!({"type": "response.created", "response": {"status": "in_progress"}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": {"id": "fc_1", "type": "function_call", "arguments": "", "call_id": "call_1", "name": "create_file"}}),
    ];
    let mut count = 0;
    for piece in chars.chunks(delta_len) {
        let delta: String = piece.iter().collect();
        events.push(json!({"type": "response.function_call_arguments.delta", "sequence_number": count + 2, "item_id": "fc_1", "output_index": 0, "delta": delta}));
        count += 1;
    }
    events.push(json!({"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0, "arguments": args}));
    events.push(json!({"type": "response.output_item.done", "output_index": 0, "item": {"id": "fc_1", "type": "function_call", "arguments": args, "call_id": "call_1", "name": "create_file", "status": "completed"}}));
    events.push(json!({"type": "response.completed", "response": {"status": "completed", "output": [], "usage": {"input_tokens": 1, "output_tokens": 1}}}));
    (sse(&events), count)
}

fn chat_text_stream(deltas: usize) -> Vec<u8> {
    let mut out = String::new();
    for _ in 0..deltas {
        let chunk = json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {"content": "<div>ab"}, "finish_reason": null}]});
        out.push_str(&format!("data: {chunk}\n\n"));
    }
    out.push_str("data: [DONE]\n\n");
    out.into_bytes()
}

/// Frame and map a whole body fed in `read_size`-byte reads; returns the number of SSE events.
fn drive<M: StreamMapper>(body: &[u8], read_size: usize, mut mapper: M) -> usize {
    let mut decoder = SseDecoder::new();
    let mut items = Vec::new();
    let mut out = Vec::new();
    let mut events = 0;
    for chunk in body.chunks(read_size) {
        decoder.push(chunk, &mut items);
        for item in items.drain(..) {
            if let SseItem::Event(event) = item {
                events += 1;
                mapper.on_event(&event, &mut out).expect("valid fixture");
                black_box(out.drain(..).count());
            }
        }
    }
    decoder.finish(&mut items);
    assert!(mapper.is_done(), "fixture ends with its terminal event");
    black_box(mapper.finish().ok());
    events
}

fn measure(label: &str, runs: usize, mut f: impl FnMut() -> usize) {
    f(); // warm up
    let wall = Instant::now();
    let cpu = cpu_time();
    let mut events = 0;
    for _ in 0..runs {
        events += f();
    }
    let cpu = cpu_time().saturating_sub(cpu);
    let wall = wall.elapsed();
    let per_run = cpu.as_secs_f64() / runs as f64;
    println!(
        "{label}: {:.2} M events/s, {:.2} ms CPU per run ({} events/run, wall {:.2} ms/run)",
        events as f64 / cpu.as_secs_f64().max(1e-9) / 1e6,
        per_run * 1e3,
        events / runs,
        wall.as_secs_f64() * 1e3 / runs as f64,
    );
}

fn main() {
    let text = responses_text_stream(100_000);
    println!(
        "Responses text stream: {} KiB, 100k output_text.delta events",
        text.len() / 1024
    );
    measure("  responses text, 4 KiB reads", 5, || {
        drive(&text, 4096, ResponsesMapper::new())
    });
    measure("  responses text, one 64 KiB+ read", 5, || {
        drive(&text, text.len(), ResponsesMapper::new())
    });

    let chat = chat_text_stream(100_000);
    println!(
        "Chat Completions text stream: {} KiB, 100k chunks",
        chat.len() / 1024
    );
    measure("  chat text, 4 KiB reads", 5, || {
        drive(&chat, 4096, ChatMapper::new())
    });

    let (tool, deltas) = responses_tool_stream(300 * 1024, 8);
    println!(
        "300 KB create_file arguments in 8-byte deltas: {deltas} delta events, {} KiB of SSE",
        tool.len() / 1024
    );
    measure("  tool call, 4 KiB reads", 10, || {
        drive(&tool, 4096, ResponsesMapper::new())
    });
    measure("  tool call, 64-byte reads", 10, || {
        drive(&tool, 64, ResponsesMapper::new())
    });
}
