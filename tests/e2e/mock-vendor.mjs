// A local stand-in for the OpenAI Responses API, replaying its server-sent events as the API
// reference and the openai-python event types describe them (response.created …
// response.completed; function-call arguments streamed as response.function_call_arguments.delta).
// Each conversation is answered from its own request: the first turn creates the page, a
// request that carries the page's current files edits it, and a turn after a tool result ends
// with a short message. `slowModels` stream their page slowly, so a test can cancel them.
import http from "node:http";

export const PAGE_TITLE = "Sign in to Acme";

export function pageHtml(label) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${PAGE_TITLE}</title>
<script src="https://cdn.tailwindcss.com"></script>
</head>
<body class="min-h-screen bg-slate-100 flex items-center justify-center">
  <main class="bg-white rounded-2xl shadow p-10 w-96">
    <h1 class="text-2xl font-bold text-slate-900">${PAGE_TITLE}</h1>
    <p class="text-slate-500 mt-2">${label}</p>
    <form class="mt-6 space-y-4">
      <input class="w-full border rounded-lg px-3 py-2" placeholder="Email">
      <input class="w-full border rounded-lg px-3 py-2" type="password" placeholder="Password">
      <button class="w-full bg-indigo-600 text-white rounded-lg py-2">Sign in</button>
    </form>
  </main>
</body>
</html>
`;
}

class ResponsesStream {
  constructor() {
    this.events = [];
    this.seq = 0;
    this.index = 0;
    this.output = [];
    this.push({ type: "response.created", response: response("in_progress", [], null) });
    this.push({ type: "response.in_progress", response: response("in_progress", [], null) });
  }

  push(event) {
    this.events.push({ ...event, sequence_number: this.seq++ });
    return this;
  }

  message(id, deltas) {
    const index = this.index++;
    this.push({
      type: "response.output_item.added",
      output_index: index,
      item: { id, type: "message", status: "in_progress", role: "assistant", content: [] },
    });
    this.push({
      type: "response.content_part.added",
      item_id: id,
      output_index: index,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    });
    for (const delta of deltas) {
      this.push({ type: "response.output_text.delta", item_id: id, output_index: index, content_index: 0, delta, logprobs: [] });
    }
    const text = deltas.join("");
    this.push({ type: "response.output_text.done", item_id: id, output_index: index, content_index: 0, text, logprobs: [] });
    const part = { type: "output_text", text, annotations: [] };
    this.push({ type: "response.content_part.done", item_id: id, output_index: index, content_index: 0, part });
    const item = { id, type: "message", status: "completed", role: "assistant", content: [part] };
    this.push({ type: "response.output_item.done", output_index: index, item });
    this.output.push(item);
    return this;
  }

  functionCall(itemId, callId, name, deltas) {
    const index = this.index++;
    this.push({
      type: "response.output_item.added",
      output_index: index,
      item: { id: itemId, type: "function_call", status: "in_progress", arguments: "", call_id: callId, name },
    });
    for (const delta of deltas) {
      this.push({ type: "response.function_call_arguments.delta", item_id: itemId, output_index: index, delta });
    }
    const args = deltas.join("");
    this.push({ type: "response.function_call_arguments.done", item_id: itemId, output_index: index, arguments: args });
    const item = { id: itemId, type: "function_call", status: "completed", arguments: args, call_id: callId, name };
    this.push({ type: "response.output_item.done", output_index: index, item });
    this.output.push(item);
    return this;
  }

  completed(usage) {
    return this.push({ type: "response.completed", response: response("completed", this.output, usage) });
  }

  frames() {
    return this.events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  }
}

function response(status, output, usage) {
  return {
    id: "resp_67ccd2bed1ec8190",
    object: "response",
    created_at: 1741476542,
    status,
    error: null,
    incomplete_details: null,
    model: "gpt-test",
    output,
    parallel_tool_calls: true,
    store: false,
    usage,
  };
}

function usage(input, output) {
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

function chunks(text, size) {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The next turn of the conversation `body` carries. */
function turnFor(body, { edit, page, files, checkWithScreenshot, chunkSize }) {
  const input = JSON.stringify(body.input ?? []);
  const stream = new ResponsesStream();
  const offered = (body.tools ?? []).map((t) => t.name);
  if (checkWithScreenshot && input.includes("function_call_output") && !input.includes("call_shot")) {
    if (!offered.includes("screenshot_preview")) {
      return stream.message("msg_no_tool", ["screenshot_preview was not offered"]).completed(usage(1600, 8));
    }
    const args = JSON.stringify({ path: "index.html", viewports: ["desktop"] });
    return stream.functionCall("fc_shot", "call_shot", "screenshot_preview", [args]).completed(usage(1600, 20));
  }
  if (input.includes("function_call_output")) {
    return stream.message("msg_done", ["Done", " — the page is ready."]).completed(usage(1600, 8));
  }
  if (input.includes("current files")) {
    const args = JSON.stringify({ old_text: edit.from, new_text: edit.to });
    return stream.functionCall("fc_edit", "call_edit", "edit_file", [args]).completed(usage(1500, 60));
  }
  if (files) {
    // A project: one create_file call per file, in one turn, as a model writing a tree does.
    stream.message("msg_plan", ["I'll build ", "the site."]);
    files(body.model).forEach(({ path, content }, i) => {
      stream.functionCall(`fc_create_${i}`, `call_create_${i}`, "create_file", chunks(JSON.stringify({ path, content }), chunkSize));
    });
    return stream.completed(usage(1200, 900));
  }
  const args = JSON.stringify({ path: "index.html", content: page(body.model) });
  return stream
    .message("msg_plan", ["I'll build ", "the sign-in card."])
    .functionCall("fc_create", "call_create", "create_file", chunks(args, chunkSize))
    .completed(usage(1200, 400));
}


// The heading, not the <title>: edit_file needs text that occurs once.
const DEFAULT_EDIT = { from: `text-slate-900">${PAGE_TITLE}</h1>`, to: `text-slate-900">Welcome back</h1>` };

/** The text parts and the number of images of a Responses request's input. */
function inputFacts(body) {
  const texts = [];
  let images = 0;
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      if (value.type === "input_text" && typeof value.text === "string") texts.push(value.text);
      if (value.type === "input_image") images += 1;
      Object.values(value).forEach(visit);
    }
  };
  visit(body.input ?? []);
  if (typeof body.instructions === "string") texts.push(body.instructions);
  return { texts, images };
}

/**
 * Start the mock on 127.0.0.1. `delayMs(model, index, total)` is the pause after SSE frame
 * `index` of `total` (default 15 ms, so previews visibly fill; asked per frame, so a test can
 * slow a stream down or let it finish); the page's create_file arguments stream in
 * `chunkSize`-character deltas (a number, or a function of the model). With `checkWithScreenshot` the model calls screenshot_preview after writing the page
 * (and says so in text when the tool was not offered). `refuse(texts)` may return an error
 * message: the request is answered HTTP 400 `invalid_request_error` with it, as OpenAI refuses a
 * bad request (not retried). With `files(model)` (a list of {path, content}) the first turn writes
 * each file with its own create_file call instead of the page. `GET /models` lists `models`.
 * Returns {url, requests, streams, close()}; each request is recorded with its model, auth
 * header, input texts and image count, each answer streamed in full with its model, its bytes
 * and how long it took (`streams`: the pace the app was really sent).
 */
export async function startMockVendor({
  delayMs = () => 15,
  edit = DEFAULT_EDIT,
  page = (model) => pageHtml(`Written by ${model}`),
  files = null,
  checkWithScreenshot = false,
  chunkSize = 24,
  refuse = () => null,
  models = ["gpt-5.4", "gpt-5.4-mini"],
} = {}) {
  const requests = [];
  const streams = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      let body = {};
      try {
        body = JSON.parse(raw || "{}");
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "bad json", type: "invalid_request_error" } }));
        return;
      }
      const facts = inputFacts(body);
      requests.push({ path: req.url, authorization: req.headers.authorization ?? "", model: body.model, ...facts });
      if (req.method === "GET" && req.url.endsWith("/models")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: models.map((id) => ({ id, object: "model", created: 1741476542, owned_by: "mock" })) }));
        return;
      }
      if (req.method !== "POST" || !req.url.endsWith("/responses")) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `no route ${req.url}`, type: "invalid_request_error" } }));
        return;
      }
      const refusal = refuse(facts.texts);
      if (refusal) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: refusal, type: "invalid_request_error", param: null, code: null } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      let closed = false;
      res.on("close", () => (closed = true));
      const model = body.model ?? "";
      const size = typeof chunkSize === "function" ? chunkSize(model) : chunkSize;
      const frames = turnFor(body, { edit, page, files, checkWithScreenshot, chunkSize: size }).frames();
      const began = Date.now();
      // Frames are due on a schedule, so the pace holds on a busy machine: a late timer is made
      // up by sending the frames that are due at once (yielding between them, for the other
      // streams), not by slowing the whole stream down.
      let due = began;
      for (const [index, frame] of frames.entries()) {
        if (closed) return;
        res.write(frame);
        const pause = delayMs(model, index, frames.length);
        if (pause <= 0) continue;
        due += pause;
        const wait = due - Date.now();
        await new Promise((r) => (wait > 0 ? setTimeout(r, wait) : setImmediate(r)));
      }
      res.end();
      streams.push({ model, bytes: frames.reduce((n, f) => n + f.length, 0), ms: Date.now() - began });
    });
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    streams,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}
