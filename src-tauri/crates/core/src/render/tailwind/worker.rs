//! Tailwind's compiler in QuickJS, on a thread of its own that starts with the first page and
//! stops after a minute without one (idle memory stays what it was before any preview).
//!
//! The compiler is the vendored `tailwindcss` package at the browser build's version, loaded
//! once per start. Pages are data to it: the input CSS and candidates are passed as values and
//! never evaluated, `@import` reaches only Tailwind's own stylesheets and plugins are refused
//! (exactly the browser build's rules), and a job is bounded in time and memory.

use crate::prompts::cdn::{cdn, CdnKey};
use crate::render::vendor;
use rquickjs::{CatchResultExt, Context, Function, Object, Promise, Runtime};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A test sees the worker stop without waiting a minute.
const IDLE: Duration = if cfg!(test) {
    Duration::from_millis(300)
} else {
    Duration::from_secs(60)
};
/// One compile of a 300 KB page takes ~50 ms in a release build.
const JOB_TIME: Duration = Duration::from_secs(10);
/// How long a request waits behind other pages before it is served uncompiled.
const WAIT: Duration = Duration::from_secs(30);
const MEMORY: usize = 256 << 20;
const JS_STACK: usize = 4 << 20;
const THREAD_STACK: usize = 16 << 20;
/// Longest error text kept from the compiler (it can quote the page's CSS).
const MESSAGE_CHARS: usize = 300;

/// Why a page's CSS was not compiled here (it is then compiled in the page, as written).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TailwindError {
    #[error("Tailwind's compiler could not start: {0}")]
    Start(String),
    #[error("the page's Tailwind CSS does not compile: {0}")]
    Compile(String),
    #[error("Tailwind's compiler took too long")]
    Timeout,
}

struct Job {
    input: Arc<str>,
    candidates: Arc<Vec<String>>,
    reply: mpsc::Sender<Result<String, TailwindError>>,
}

static JOBS: Mutex<Option<mpsc::Sender<Job>>> = Mutex::new(None);

/// Compiles on the worker, starting it when there is none.
pub(super) fn compile(input: &str, candidates: Vec<String>) -> Result<String, TailwindError> {
    let input: Arc<str> = input.into();
    let candidates = Arc::new(candidates);
    // A worker that stopped for being idle as the job arrived drops it unanswered: once more.
    for _ in 0..2 {
        let (reply, answer) = mpsc::channel();
        send(Job {
            input: input.clone(),
            candidates: candidates.clone(),
            reply,
        })?;
        match answer.recv_timeout(WAIT) {
            Ok(result) => return result,
            Err(RecvTimeoutError::Timeout) => return Err(TailwindError::Timeout),
            Err(RecvTimeoutError::Disconnected) => continue,
        }
    }
    Err(TailwindError::Start("the compiler stopped".to_owned()))
}

/// Whether a worker thread is running (for tests of its lifetime).
#[cfg(test)]
pub(super) fn is_running() -> bool {
    jobs().as_ref().is_some_and(|jobs| {
        // A probe with no reply channel: sending fails only when the worker is gone.
        let (reply, _) = mpsc::channel();
        jobs.send(Job {
            input: Arc::from(""),
            candidates: Arc::new(Vec::new()),
            reply,
        })
        .is_ok()
    })
}

fn jobs() -> std::sync::MutexGuard<'static, Option<mpsc::Sender<Job>>> {
    JOBS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn send(job: Job) -> Result<(), TailwindError> {
    let mut jobs = jobs();
    let job = match jobs.as_ref() {
        Some(sender) => match sender.send(job) {
            Ok(()) => return Ok(()),
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("tailwind".to_owned())
        .stack_size(THREAD_STACK)
        .spawn(move || run(receiver))
        .map_err(|e| TailwindError::Start(e.to_string()))?;
    sender
        .send(job)
        .map_err(|_| TailwindError::Start("the compiler stopped".to_owned()))?;
    *jobs = Some(sender);
    Ok(())
}

fn run(jobs: mpsc::Receiver<Job>) {
    // Below the window, like Chromium: a compile waits for the window's frame, never the reverse.
    crate::render::background::lower_this_thread();
    let mut engine: Option<Engine> = None;
    while let Ok(job) = jobs.recv_timeout(IDLE) {
        if job.input.is_empty() {
            continue; // a probe
        }
        let result = match engine.take().map_or_else(Engine::start, Ok) {
            Ok(started) => {
                let result = started.build(&job.input, &job.candidates);
                // A failed job may have left the engine out of memory or interrupted: a fresh
                // one next time costs ~30 ms.
                if result.is_ok() {
                    engine = Some(started);
                }
                result
            }
            Err(e) => Err(e),
        };
        let _ = job.reply.send(result);
    }
}

/// The JS the engine runs once after the compiler: one function per page, keeping a compiler
/// per input CSS (Tailwind's `build` adds to what it built before, so a streaming page's next
/// version costs only its new classes), a few at a time.
const BUILD_JS: &str = r#"
(() => {
  const assets = globalThis.__s2cAssets;
  const sheets = {
    "tailwindcss": "index",
    "tailwindcss/preflight": "preflight", "tailwindcss/preflight.css": "preflight", "./preflight.css": "preflight",
    "tailwindcss/theme": "theme", "tailwindcss/theme.css": "theme", "./theme.css": "theme",
    "tailwindcss/utilities": "utilities", "tailwindcss/utilities.css": "utilities", "./utilities.css": "utilities",
  };
  const loadStylesheet = async (id, base) => {
    const name = sheets[id];
    if (!name) throw new Error(`The browser build does not support @import for "${id}"`);
    return { path: `virtual:tailwindcss/${name}.css`, base, content: assets[name] };
  };
  const loadModule = async () => {
    throw new Error("The browser build does not support plugins or config files.");
  };
  const compilers = new Map();
  globalThis.__s2cBuild = async (input, candidates) => {
    let entry = compilers.get(input);
    if (!entry || entry.seen > 50000) {
      const compiler = await globalThis.__s2cTailwind.compile(input, { base: "/", loadStylesheet, loadModule });
      entry = { compiler, seen: 0 };
      compilers.delete(input);
      compilers.set(input, entry);
      while (compilers.size > 4) compilers.delete(compilers.keys().next().value);
    }
    entry.seen += candidates.length;
    return entry.compiler.build(candidates);
  };
})();
"#;

struct Engine {
    runtime: Runtime,
    context: Context,
    /// When the running job must stop, in ms since `epoch`.
    deadline: Arc<AtomicU64>,
    epoch: Instant,
}

impl Engine {
    fn start() -> Result<Self, TailwindError> {
        let start = |e: rquickjs::Error| TailwindError::Start(e.to_string());
        let runtime = Runtime::new().map_err(start)?;
        runtime.set_memory_limit(MEMORY);
        runtime.set_max_stack_size(JS_STACK);
        let epoch = Instant::now();
        let deadline = Arc::new(AtomicU64::new(millis(JOB_TIME)));
        let watched = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            millis(epoch.elapsed()) > watched.load(Ordering::Relaxed)
        })));
        let context = Context::full(&runtime).map_err(start)?;
        let library = compiler_file("dist/lib.js")?;
        context.with(|ctx| -> Result<(), TailwindError> {
            let assets = Object::new(ctx.clone()).map_err(start)?;
            for name in ["index", "preflight", "theme", "utilities"] {
                assets
                    .set(name, compiler_file(&format!("{name}.css"))?)
                    .map_err(start)?;
            }
            ctx.globals().set("__s2cAssets", assets).map_err(start)?;
            let console = "globalThis.console = { log() {}, info() {}, warn() {}, error() {}, debug() {} };";
            let module = format!(
                "{console}\nvar module = {{ exports: {{}} }};\n(function (module, exports) {{\n{library}\n}})(module, module.exports);\nglobalThis.__s2cTailwind = module.exports;\n{BUILD_JS}"
            );
            ctx.eval::<(), _>(module)
                .catch(&ctx)
                .map_err(|e| TailwindError::Start(bounded(&e.to_string())))
        })?;
        deadline.store(u64::MAX, Ordering::Relaxed);
        Ok(Self {
            runtime,
            context,
            deadline,
            epoch,
        })
    }

    fn build(&self, input: &str, candidates: &[String]) -> Result<String, TailwindError> {
        let until = millis(self.epoch.elapsed()) + millis(JOB_TIME);
        self.deadline.store(until, Ordering::Relaxed);
        let result = self.context.with(|ctx| {
            let run = || -> rquickjs::Result<String> {
                let build: Function = ctx.globals().get("__s2cBuild")?;
                let promise: Promise = build.call((input, candidates.to_vec()))?;
                promise.finish::<String>()
            };
            run().catch(&ctx).map_err(|e| bounded(&e.to_string()))
        });
        let late = millis(self.epoch.elapsed()) > until;
        self.deadline.store(u64::MAX, Ordering::Relaxed);
        self.runtime.run_gc();
        result.map_err(|message| {
            if late {
                TailwindError::Timeout
            } else {
                TailwindError::Compile(message)
            }
        })
    }
}

/// A file of the vendored compiler, at the version the browser build bundles.
fn compiler_file(path: &str) -> Result<&'static str, TailwindError> {
    let key = format!("tailwindcss@{}/{path}", cdn(CdnKey::Tailwind).version);
    vendor::file(&key)
        .and_then(|bytes| std::str::from_utf8(bytes).ok())
        .ok_or_else(|| TailwindError::Start(format!("{key} is not bundled with the app")))
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn bounded(message: &str) -> String {
    let message = message.trim();
    match message.char_indices().nth(MESSAGE_CHARS) {
        Some((at, _)) => format!("{}…", &message[..at]),
        None => message.to_owned(),
    }
}

#[cfg(test)]
#[path = "worker_tests.rs"]
mod tests;
