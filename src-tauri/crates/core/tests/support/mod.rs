//! A mock vendor for tests: a small HTTP/1.1 server on 127.0.0.1 that answers each request with
//! the next scripted [`Reply`], writes bodies in exactly the chunks it is given (one HTTP chunk
//! each), can hold a body open and release it on command ([`Gate`]), and records every request
//! (method, path, headers, body) for the test to check. Every request is checked against the
//! conversation invariants ([`invariants`]): a broken one gets a 400 naming what is wrong, and
//! the server, when dropped, fails the test.
//!
//! Shared by the provider, engine and CLI tests; vendor-specific builders live beside it
//! (`sse.rs` for event-stream bodies).

#![allow(dead_code)]

pub mod anthropic;
pub mod anthropic_session;
pub mod engine_harness;
pub mod fallback;
pub mod figma;
pub mod gemini;
pub mod gemini_session;
pub mod images;
pub mod invariants;
pub mod openai;
pub mod openai_session;
pub mod pages;
pub mod session;
pub mod sse;
pub mod tool_pairs;

use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Notify};

/// One request as the server received it.
#[derive(Debug, Clone)]
pub struct Captured {
    pub method: String,
    pub path: String,
    /// Header names in lower case.
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Captured {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "request body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// How a body is delivered.
pub enum Body {
    /// Each piece is written and flushed as its own HTTP chunk.
    Chunks(Vec<Vec<u8>>),
    /// Pieces are written as the test releases them through the [`Gate`].
    Gated(mpsc::UnboundedReceiver<GateCommand>),
}

pub enum GateCommand {
    Send(Vec<u8>),
    /// End the body properly (terminating chunk).
    End,
    /// Drop the connection without ending the body.
    Abort,
}

/// A scripted answer.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Body,
    /// Close the connection without the terminating chunk after the last piece.
    pub abort_at_end: bool,
    /// Wait this long before sending the status line.
    pub delay: Duration,
}

impl Reply {
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Self {
        Self {
            status,
            headers: vec![("content-type".into(), content_type.into())],
            body: Body::Chunks(vec![body.into()]),
            abort_at_end: false,
            delay: Duration::ZERO,
        }
    }

    pub fn json(status: u16, value: &Value) -> Self {
        Self::new(status, "application/json", value.to_string())
    }

    /// A 200 event stream with this exact text as its body.
    pub fn sse_text(text: impl Into<String>) -> Self {
        Self::new(200, "text/event-stream", text.into().into_bytes())
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Re-cut the body into pieces of the given sizes, cycling through them (1..=7 in tests).
    pub fn chunked(mut self, sizes: &[usize]) -> Self {
        if let Body::Chunks(pieces) = &self.body {
            let all: Vec<u8> = pieces.concat();
            let mut out = Vec::new();
            let mut at = 0;
            let mut i = 0;
            while at < all.len() {
                let size = sizes[i % sizes.len()].max(1);
                let end = (at + size).min(all.len());
                out.push(all[at..end].to_vec());
                at = end;
                i += 1;
            }
            self.body = Body::Chunks(out);
        }
        self
    }

    pub fn abort_at_end(mut self) -> Self {
        self.abort_at_end = true;
        self
    }

    pub fn delayed(mut self, delay: Duration) -> Self {
        self.delay = delay;
        self
    }

    /// A 200 event stream whose body the test writes through the returned gate.
    pub fn gated() -> (Self, Gate) {
        let (tx, rx) = mpsc::unbounded_channel();
        let reply = Self {
            status: 200,
            headers: vec![("content-type".into(), "text/event-stream".into())],
            body: Body::Gated(rx),
            abort_at_end: false,
            delay: Duration::ZERO,
        };
        let gate = Gate {
            tx,
            disconnected: Arc::new(Notify::new()),
        };
        (reply, gate)
    }
}

/// The test's handle on a gated body.
#[derive(Clone)]
pub struct Gate {
    tx: mpsc::UnboundedSender<GateCommand>,
    disconnected: Arc<Notify>,
}

impl Gate {
    pub fn send(&self, bytes: impl Into<Vec<u8>>) {
        let _ = self.tx.send(GateCommand::Send(bytes.into()));
    }

    pub fn end(&self) {
        let _ = self.tx.send(GateCommand::End);
    }

    pub fn abort(&self) {
        let _ = self.tx.send(GateCommand::Abort);
    }

    /// Resolves when the client has gone away from this body.
    pub async fn client_gone(&self) {
        self.disconnected.notified().await;
    }
}

#[derive(Default)]
struct State {
    replies: VecDeque<(Reply, Option<Arc<Notify>>)>,
    /// Replies for requests whose JSON body names this model: concurrent variants with
    /// different models each get their own script, whatever order their requests arrive in.
    by_model: HashMap<String, VecDeque<Reply>>,
    /// Answers requests no queue has a reply for, from the request itself: for concurrent
    /// conversations whose turns interleave in any order.
    responder: Option<Responder>,
    requests: Vec<Captured>,
    /// Conversation invariants broken by a request, with the request's path.
    violations: Vec<String>,
}

pub type Responder = Arc<dyn Fn(&Captured) -> Reply + Send + Sync>;

pub struct MockServer {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for MockServer {
    fn drop(&mut self) {
        self.task.abort();
        let violations = std::mem::take(&mut self.state.lock().expect("state").violations);
        if !violations.is_empty() && !std::thread::panicking() {
            panic!(
                "the agent sent conversations that break the invariants:\n{}",
                violations.join("\n")
            );
        }
    }
}

impl MockServer {
    pub async fn start(replies: Vec<Reply>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1");
        let addr = listener.local_addr().expect("local addr");
        let state = Arc::new(Mutex::new(State::default()));
        let server = Self {
            addr,
            state: state.clone(),
            task: tokio::spawn(accept_loop(listener, state)),
        };
        for reply in replies {
            server.push(reply);
        }
        server
    }

    /// Queue one more reply.
    pub fn push(&self, reply: Reply) {
        self.state
            .lock()
            .expect("state")
            .replies
            .push_back((reply, None));
    }

    /// Queue a reply for the next request whose body has `"model": model`.
    pub fn push_for_model(&self, model: &str, reply: Reply) {
        self.state
            .lock()
            .expect("state")
            .by_model
            .entry(model.to_owned())
            .or_default()
            .push_back(reply);
    }

    /// Answer every request that no queued reply is left for with `responder(request)`.
    pub fn respond_with(&self, responder: impl Fn(&Captured) -> Reply + Send + Sync + 'static) {
        self.state.lock().expect("state").responder = Some(Arc::new(responder));
    }

    /// Queue a gated reply whose gate also learns when the client disconnects.
    pub fn push_gated(&self) -> Gate {
        let (reply, gate) = Reply::gated();
        self.state
            .lock()
            .expect("state")
            .replies
            .push_back((reply, Some(gate.disconnected.clone())));
        gate
    }

    /// `http://127.0.0.1:PORT` + `path_prefix` (e.g. `/v1`).
    pub fn url(&self, path_prefix: &str) -> String {
        format!("http://{}{}", self.addr, path_prefix)
    }

    pub fn requests(&self) -> Vec<Captured> {
        self.state.lock().expect("state").requests.clone()
    }

    /// The conversation invariants broken so far (each also failed its request).
    pub fn violations(&self) -> Vec<String> {
        self.state.lock().expect("state").violations.clone()
    }

    pub fn remaining_replies(&self) -> usize {
        self.state.lock().expect("state").replies.len()
    }
}

async fn accept_loop(listener: TcpListener, state: Arc<Mutex<State>>) {
    while let Ok((socket, _)) = listener.accept().await {
        let state = state.clone();
        tokio::spawn(async move {
            let _ = serve(socket, state).await;
        });
    }
}

async fn read_request(socket: &mut TcpStream) -> std::io::Result<Option<Captured>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let n = socket.read(&mut chunk).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or("").split_whitespace();
    let method = first.next().unwrap_or("").to_owned();
    let path = first.next().unwrap_or("").to_owned();
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[head_end + 4..].to_vec();
    while body.len() < length {
        let n = socket.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(Some(Captured {
        method,
        path,
        headers,
        body,
    }))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        529 => "Overloaded",
        _ => "Status",
    }
}

async fn write_chunk(socket: &mut TcpStream, bytes: &[u8]) -> std::io::Result<()> {
    if bytes.is_empty() {
        return Ok(());
    }
    let mut frame = format!("{:x}\r\n", bytes.len()).into_bytes();
    frame.extend_from_slice(bytes);
    frame.extend_from_slice(b"\r\n");
    socket.write_all(&frame).await?;
    socket.flush().await
}

async fn serve(mut socket: TcpStream, state: Arc<Mutex<State>>) -> std::io::Result<()> {
    socket.set_nodelay(true)?;
    let Some(request) = read_request(&mut socket).await? else {
        return Ok(());
    };
    let broken = invariants::violations(&request);
    if !broken.is_empty() {
        {
            let mut state = state.lock().expect("state");
            let path = request.path.clone();
            state
                .violations
                .extend(broken.iter().map(|v| format!("{path}: {v}")));
            state.requests.push(request);
        }
        let reply = Reply::json(
            400,
            &serde_json::json!({"error": {"message": format!("mock: {}", broken.join("; "))}}),
        );
        return write_reply(socket, reply, None).await;
    }
    let next = {
        let mut state = state.lock().expect("state");
        let model = serde_json::from_slice::<Value>(&request.body)
            .ok()
            .and_then(|body| body.get("model").and_then(Value::as_str).map(str::to_owned));
        let scripted = model
            .and_then(|m| state.by_model.get_mut(&m))
            .and_then(VecDeque::pop_front);
        let next = match scripted {
            Some(reply) => Some((reply, None)),
            None => state.replies.pop_front(),
        };
        let next = next.or_else(|| state.responder.as_ref().map(|r| (r(&request), None)));
        state.requests.push(request);
        next
    };
    let (reply, disconnected) = next.unwrap_or_else(|| {
        (Reply::json(500, &serde_json::json!({"error": {"message": "mock: no reply scripted for this request"}})), None)
    });
    write_reply(socket, reply, disconnected).await
}

async fn write_reply(
    mut socket: TcpStream,
    reply: Reply,
    disconnected: Option<Arc<Notify>>,
) -> std::io::Result<()> {
    tokio::time::sleep(reply.delay).await;
    let mut head = format!("HTTP/1.1 {} {}\r\n", reply.status, reason(reply.status));
    for (k, v) in &reply.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("transfer-encoding: chunked\r\nconnection: close\r\n\r\n");
    socket.write_all(head.as_bytes()).await?;
    socket.flush().await?;
    match reply.body {
        Body::Chunks(pieces) => {
            for piece in pieces {
                write_chunk(&mut socket, &piece).await?;
            }
        }
        Body::Gated(mut rx) => {
            let (mut reader, mut writer) = socket.into_split();
            let mut probe = [0u8; 64];
            loop {
                tokio::select! {
                    command = rx.recv() => match command {
                        Some(GateCommand::Send(bytes)) => {
                            let mut frame = format!("{:x}\r\n", bytes.len()).into_bytes();
                            frame.extend_from_slice(&bytes);
                            frame.extend_from_slice(b"\r\n");
                            if writer.write_all(&frame).await.is_err() { break; }
                            let _ = writer.flush().await;
                        }
                        Some(GateCommand::End) | None => {
                            let _ = writer.write_all(b"0\r\n\r\n").await;
                            break;
                        }
                        Some(GateCommand::Abort) => break,
                    },
                    // The client sends nothing more; a read that returns means it hung up.
                    read = reader.read(&mut probe) => {
                        if matches!(read, Ok(0) | Err(_)) { break; }
                    }
                }
            }
            if let Some(notify) = disconnected {
                // Wait until the client really closed, then tell the test.
                let _ =
                    tokio::time::timeout(Duration::from_secs(10), reader.read(&mut probe)).await;
                notify.notify_one();
            }
            return Ok(());
        }
    }
    if reply.abort_at_end {
        return Ok(());
    }
    socket.write_all(b"0\r\n\r\n").await?;
    socket.flush().await?;
    // Let the client read everything before the socket closes.
    let mut rest = [0u8; 64];
    let _ = tokio::time::timeout(Duration::from_millis(200), socket.read(&mut rest)).await;
    Ok(())
}
