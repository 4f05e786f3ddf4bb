//! `s2c generate` end to end against a local fake vendor (OpenAI Responses) that streams one
//! `create_file` call of 20 / 100 / 300 KB in 8-character deltas as fast as it can, then a short
//! final turn. For 1 and 4 variants it reports the whole process's CPU time (user + sys), the
//! wall time, the events written (lines, bytes), code_delta bytes against the file size, the
//! number of set_code events per variant, and — in process, with the same engine — the delay
//! from the first content byte on the wire to the first code_delta.
//!
//! Each row is the median of 5 runs by CPU time.
//! Run: `cargo bench -p s2c-cli --bench generate_e2e` (release). Budgets (docs/ARCHITECTURE.md): ≤ 0.1 CPU-s
//! for 100 KB, ≤ 0.2 CPU-s for 300 KB, 4 variants ≤ 4× one, code_delta bytes ≤ 1.2× the file,
//! ≤ 3 set_code per variant, first code_delta < 50 ms after the first content byte.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const DELTA: usize = 8;

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!("| page | variants | CPU s (user+sys) | wall s | events | event bytes | code_delta bytes / file | set_code per variant | first code_delta after first byte |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for kb in [20usize, 100, 300] {
        for variants in [1usize, 4] {
            let name = format!("{kb}KB-x{variants}");
            if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
                continue;
            }
            let page = make_page(kb * 1024);
            // The median of 5 runs by CPU time: the machine is shared, single runs are noisy.
            let mut runs: Vec<CliRun> = (0..5).map(|_| run_cli(&page, variants)).collect();
            runs.sort_by_key(|r| r.cpu);
            let run = runs.swap_remove(2);
            let latency = first_delta_latency(&page);
            println!(
                "| {kb} KB | {variants} | {:.3} | {:.3} | {} | {} | {:.3} | {} | {:.1} ms |",
                run.cpu.as_secs_f64(),
                run.wall.as_secs_f64(),
                run.events,
                run.event_bytes,
                run.code_delta_bytes as f64 / (page.len() * variants) as f64,
                run.max_set_code,
                latency.as_secs_f64() * 1000.0,
            );
        }
    }
}

/// A generated-looking page of about `size` bytes: markup, quotes, Tailwind classes, accents.
fn make_page(size: usize) -> String {
    let mut page = String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head><script src=\"https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4\"></script></head>\n<body class=\"bg-slate-50\">\n");
    let mut i = 0;
    while page.len() < size {
        page.push_str(&format!(
            "  <section class=\"mx-auto max-w-6xl px-6 py-12\" id=\"s{i}\">\n    <h2 class=\"text-2xl font-semibold text-slate-900\">Feature {i} — “café” résumé</h2>\n    <p class=\"mt-2 text-slate-600\">Build \"fast\" pages\\with tabs\tand lines.</p>\n  </section>\n"
        ));
        i += 1;
    }
    page.push_str("</body>\n</html>\n");
    page
}

fn sse(events: &[Value]) -> Vec<u8> {
    let mut out = Vec::new();
    for e in events {
        out.extend_from_slice(
            format!(
                "event: {}\ndata: {}\n\n",
                e["type"].as_str().unwrap_or(""),
                e
            )
            .as_bytes(),
        );
    }
    out
}

/// The first turn: one create_file call streamed in 8-character deltas.
fn create_body(page: &str) -> Vec<u8> {
    let args = json!({"path": "index.html", "content": page}).to_string();
    let mut events = vec![
        json!({"type": "response.created", "response": {"id": "r1", "status": "in_progress", "output": []}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": {"id": "fc_1", "type": "function_call", "status": "in_progress", "arguments": "", "call_id": "call_1", "name": "create_file"}}),
    ];
    let chars: Vec<char> = args.chars().collect();
    for piece in chars.chunks(DELTA) {
        let delta: String = piece.iter().collect();
        events.push(json!({"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0, "delta": delta}));
    }
    let item = json!({"id": "fc_1", "type": "function_call", "status": "completed", "arguments": args, "call_id": "call_1", "name": "create_file"});
    events.push(json!({"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0, "arguments": args}));
    events.push(json!({"type": "response.output_item.done", "output_index": 0, "item": item}));
    events.push(json!({"type": "response.completed", "response": {"id": "r1", "status": "completed", "output": [item],
        "usage": {"input_tokens": 1000, "output_tokens": page.len() / 4, "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}}));
    sse(&events)
}

fn done_body() -> Vec<u8> {
    let item = json!({"id": "m1", "type": "message", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "Done.", "annotations": []}]});
    sse(&[
        json!({"type": "response.created", "response": {"id": "r2", "status": "in_progress", "output": []}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": {"id": "m1", "type": "message", "status": "in_progress", "role": "assistant", "content": []}}),
        json!({"type": "response.output_text.delta", "item_id": "m1", "output_index": 0, "content_index": 0, "delta": "Done."}),
        json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
        json!({"type": "response.completed", "response": {"id": "r2", "status": "completed", "output": [item],
            "usage": {"input_tokens": 2000, "output_tokens": 2, "input_tokens_details": {"cached_tokens": 1000}, "output_tokens_details": {"reasoning_tokens": 0}}}}),
    ])
}

/// A fake vendor on 127.0.0.1: the first request of a conversation gets the create_file turn,
/// a request carrying a tool result gets the final turn. Records when the first content byte
/// of a create turn was written (ns since `epoch`).
struct FakeVendor {
    url: String,
    first_byte_ns: Arc<AtomicU64>,
}

fn start_vendor(page: &str, epoch: Instant) -> FakeVendor {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/v1", listener.local_addr().expect("addr"));
    let create = Arc::new(create_body(page));
    let done = Arc::new(done_body());
    let first_byte_ns = Arc::new(AtomicU64::new(0));
    let first = first_byte_ns.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (create, done, first) = (create.clone(), done.clone(), first.clone());
            std::thread::spawn(move || serve(stream, &create, &done, &first, epoch));
        }
    });
    FakeVendor { url, first_byte_ns }
}

fn serve(mut stream: TcpStream, create: &[u8], done: &[u8], first: &AtomicU64, epoch: Instant) {
    let _ = stream.set_nodelay(true);
    let mut buf = Vec::new();
    let mut chunk = [0u8; 65536];
    let head_end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + 4 + length {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let body = &buf[head_end + 4..];
    let is_follow_up = body.windows(20).any(|w| w == b"function_call_output");
    let reply = if is_follow_up { done } else { create };
    let header = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        reply.len()
    );
    if stream.write_all(header.as_bytes()).is_err() {
        return;
    }
    if !is_follow_up {
        let _ = first.compare_exchange(
            0,
            epoch.elapsed().as_nanos() as u64,
            Ordering::SeqCst,
            Ordering::SeqCst,
        );
    }
    let _ = stream.write_all(reply);
    let _ = stream.flush();
}

struct CliRun {
    cpu: Duration,
    wall: Duration,
    events: usize,
    event_bytes: usize,
    code_delta_bytes: usize,
    max_set_code: usize,
}

fn children_cpu() -> Duration {
    // SAFETY: getrusage writes into the zeroed struct we own.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn run_cli(page: &str, variants: usize) -> CliRun {
    let vendor = start_vendor(page, Instant::now());
    let dir = tempfile::tempdir().expect("temp dir");
    let events_path = dir.path().join("events.jsonl");
    let mut args: Vec<String> = vec!["generate".into(), "--text".into(), "a landing page".into()];
    for _ in 0..variants {
        args.extend(["--model".into(), "gpt-5.4".into()]);
    }
    args.extend(["--out".into(), dir.path().join("out").display().to_string()]);
    args.extend([
        "--events".into(),
        events_path.display().to_string(),
        "--quiet".into(),
    ]);
    let cpu_before = children_cpu();
    let started = Instant::now();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
        .args(&args)
        .env("OPENAI_API_KEY", "sk-bench-0000000000000000000000")
        .env("OPENAI_BASE_URL", &vendor.url)
        .env(
            "S2C_KEYCHAIN_NAMESPACE",
            "app.screenshottocode.desktop.bench",
        )
        .status()
        .expect("s2c runs");
    let wall = started.elapsed();
    let cpu = children_cpu() - cpu_before;
    assert!(status.success(), "s2c generate failed");
    let written =
        std::fs::read_to_string(dir.path().join("out/variant-1/index.html")).expect("page written");
    assert_eq!(written, page, "the page arrives intact");
    summarize_events(&events_path, cpu, wall)
}

fn summarize_events(path: &Path, cpu: Duration, wall: Duration) -> CliRun {
    let text = std::fs::read_to_string(path).expect("events file");
    let mut code_delta_bytes = 0;
    let mut set_codes = std::collections::HashMap::<u64, usize>::new();
    let mut events = 0;
    for line in text.lines() {
        events += 1;
        let event: Value = serde_json::from_str(line).expect("JSON line");
        match event["type"].as_str() {
            Some("code_delta") => code_delta_bytes += event["text"].as_str().map_or(0, str::len),
            Some("set_code") => {
                *set_codes
                    .entry(event["variant"].as_u64().unwrap_or(0))
                    .or_default() += 1
            }
            _ => {}
        }
    }
    CliRun {
        cpu,
        wall,
        events,
        event_bytes: text.len(),
        code_delta_bytes,
        max_set_code: set_codes.values().copied().max().unwrap_or(0),
    }
}

/// The same engine in process: the time from the fake vendor writing the first byte of the
/// create turn to the first code_delta reaching the sink.
fn first_delta_latency(page: &str) -> Duration {
    use s2c_core::engine::{
        self, AgentEvent, EventEmitter, EventKind, EventSink, GenerationSpec, LoopLimits,
        VariantSpec, VendorSessions,
    };
    use s2c_core::providers::{Provider, SessionConfig, UserContent};
    use s2c_core::tools::{
        AgentFileState, SharedOptions, ToolCapabilities, ToolEnv, ToolRegistry, ToolRuntime,
    };
    use s2c_core::vocab::ApiKey;

    struct FirstDelta(Instant, AtomicU64);
    impl EventSink for FirstDelta {
        fn emit(&self, event: AgentEvent) {
            if matches!(event.kind, EventKind::CodeDelta { .. }) {
                let _ = self.1.compare_exchange(
                    0,
                    self.0.elapsed().as_nanos() as u64,
                    Ordering::SeqCst,
                    Ordering::SeqCst,
                );
            }
        }
    }

    let epoch = Instant::now();
    let vendor = start_vendor(page, epoch);
    let sink = Arc::new(FirstDelta(epoch, AtomicU64::new(0)));
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let siblings = Arc::new(SharedOptions::new(1));
        let tools = ToolRuntime::new(
            ToolRegistry::with_file_tools(),
            &ToolCapabilities::default(),
            ToolEnv {
                siblings: siblings.clone(),
                ..ToolEnv::default()
            },
        );
        let mut session = SessionConfig::new("gpt-5.4");
        session.user_content = UserContent::text("a page");
        session.tools = tools.definitions();
        session.base_url = Some(vendor.url.clone());
        session.api_key = Some(ApiKey::new("sk-bench-0000000000000000000000"));
        let spec = GenerationSpec {
            variants: vec![VariantSpec {
                provider: Provider::OpenAi,
                session,
                files: AgentFileState::new(dir.path()),
                fallback: None,
            }],
            runtime: Arc::new(tools),
            siblings,
            limits: LoopLimits::default(),
            factory: Arc::new(VendorSessions),
        };
        engine::start(spec, Arc::new(EventEmitter::new(sink.clone())))
            .wait()
            .await;
    });
    let first_byte = vendor.first_byte_ns.load(Ordering::SeqCst);
    let first_delta = sink.1.load(Ordering::SeqCst);
    Duration::from_nanos(first_delta.saturating_sub(first_byte))
}
