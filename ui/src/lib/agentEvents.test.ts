import { describe, expect, it } from "vitest";
import { applyEvents, type VariantView, emptyGeneration, visibleFiles, withStartedVariants, type GenerationView } from "./agentEvents";
import type { AgentEvent } from "../ipc";

const started = [
  { index: 0, variant_id: 11, provider: "openai", model: "gpt-5", preview_url: "preview://localhost/t/a/index.html" },
  { index: 1, variant_id: 12, provider: "anthropic", model: "claude-sonnet-4-5", preview_url: "preview://localhost/t/b/index.html" },
];

let nextId = 0;
function ev(variant: number, body: Record<string, unknown>, id?: number): AgentEvent {
  return { event_id: id ?? nextId++, variant, ...body } as AgentEvent;
}

function stream(): AgentEvent[] {
  nextId = 0;
  return [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(0, { type: "thinking", text: "Look at " }),
    ev(0, { type: "thinking", text: "the header" }),
    ev(0, { type: "tool_start", call_id: "c1", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "c1", path: "index.html", text: "<html>" }),
    ev(1, { type: "started", provider: "anthropic", model: "claude-sonnet-4-5" }),
    ev(0, { type: "code_delta", call_id: "c1", path: "index.html", text: "<body>" }),
    ev(0, { type: "usage", usage: { input_tokens: 100, cached_input_tokens: 0, cache_write_tokens: 0, output_tokens: 10, reasoning_tokens: 0 }, cost_usd: 0.01 }),
    ev(0, { type: "set_code", path: "index.html", content: "<html><body></body></html>" }),
    ev(0, { type: "tool_result", call_id: "c1", name: "create_file", ok: true, summary: "Wrote index.html" }),
    ev(0, { type: "usage", usage: { input_tokens: 300, cached_input_tokens: 0, cache_write_tokens: 0, output_tokens: 50, reasoning_tokens: 0 }, cost_usd: 0.03 }),
    ev(0, { type: "assistant", text: "Done **now**." }),
    ev(0, { type: "variant_complete", turns: 2, tool_calls: 1, duration_ms: 4200 }),
    ev(1, { type: "variant_cancelled" }),
    ev(0, { type: "finished", completed: 1, failed: 0, cancelled: 1, usage: { input_tokens: 300, cached_input_tokens: 0, cache_write_tokens: 0, output_tokens: 50, reasoning_tokens: 0 }, cost_usd: 0.03 }),
  ];
}

function slot(state: GenerationView, index: number): VariantView {
  const v = state.variants[index];
  if (!v) throw new Error(`no variant ${index}`);
  return v;
}

function strip(state: GenerationView) {
  return { variants: state.variants, finished: state.finished, lastEventId: state.lastEventId };
}

describe("applyEvents", () => {
  it("folds a stream into per-variant state", () => {
    const state = applyEvents(withStartedVariants(emptyGeneration(), started), stream(), 1000);
    const [a, b] = state.variants;
    expect(a?.status).toBe("complete");
    expect(a?.files["index.html"]).toBe("<html><body></body></html>");
    expect(a?.drafts).toEqual({});
    expect(a?.variantId).toBe(11);
    expect(a?.activity.map((x) => x.kind)).toEqual(["thinking", "tool", "assistant", "done"]);
    expect(a?.activity[0]).toMatchObject({ kind: "thinking", text: "Look at the header" });
    expect(a?.activity[1]).toMatchObject({ kind: "tool", state: "ok", summary: "Wrote index.html" });
    expect(b?.status).toBe("cancelled");
    expect(state.finished).toMatchObject({ completed: 1, cancelled: 1 });
  });

  it("replaces usage instead of adding it", () => {
    const state = applyEvents(emptyGeneration(started), stream(), 0);
    expect(state.variants[0]?.usage?.input_tokens).toBe(300);
    expect(state.variants[0]?.costUsd).toBe(0.03);
  });

  it("ignores duplicates, in one batch and across batches", () => {
    const events = stream();
    const once = applyEvents(emptyGeneration(started), events, 0);
    const twice = applyEvents(applyEvents(emptyGeneration(started), [...events, ...events], 0), events.slice(3, 9), 0);
    expect(strip(twice)).toEqual(strip(once));
    expect(applyEvents(once, events.slice(0, 4), 0)).toBe(once);
  });

  it("gives the same state when events arrive out of order, one by one", () => {
    const events = stream();
    const inOrder = applyEvents(emptyGeneration(started), events, 0);
    const shuffled = [...events].reverse();
    let state = emptyGeneration(started);
    for (const e of shuffled) state = applyEvents(state, [e], 0);
    expect(strip(state)).toEqual(strip(inOrder));
  });

  it("shows drafts until set_code, and drops a failed call's draft at its result", () => {
    nextId = 100;
    let state = applyEvents(emptyGeneration(started), [
      ev(0, { type: "tool_start", call_id: "c1", name: "create_file", title: "Creating" }),
      ev(0, { type: "code_delta", call_id: "c1", path: "index.html", text: "<h1>Hi" }),
    ], 0);
    expect(visibleFiles(slot(state, 0))).toEqual({ "index.html": "<h1>Hi" });
    const revision = slot(state, 0).codeRevision;
    state = applyEvents(state, [ev(0, { type: "code_delta", call_id: "c1", path: "index.html", text: "</h1>" })], 0);
    expect(slot(state, 0).codeRevision).toBeGreaterThan(revision);
    expect(visibleFiles(slot(state, 0))["index.html"]).toBe("<h1>Hi</h1>");
    // A new call id starts the file afresh.
    state = applyEvents(state, [
      ev(0, { type: "tool_result", call_id: "c1", name: "create_file", ok: false, summary: "bad" }),
      ev(0, { type: "tool_start", call_id: "c2", name: "create_file", title: "Creating" }),
      ev(0, { type: "code_delta", call_id: "c2", path: "index.html", text: "<p>" }),
    ], 0);
    expect(visibleFiles(slot(state, 0))["index.html"]).toBe("<p>");
    state = applyEvents(state, [ev(0, { type: "set_code", path: "index.html", content: "<p>final</p>" })], 0);
    expect(slot(state, 0).drafts).toEqual({});
    expect(visibleFiles(slot(state, 0))["index.html"]).toBe("<p>final</p>");
  });

  it("a draft whose path changes belongs to the new path", () => {
    nextId = 200;
    const state = applyEvents(emptyGeneration(), [
      ev(0, { type: "code_delta", call_id: "c1", path: "index.html", text: "body{" }),
      ev(0, { type: "code_delta", call_id: "c1", path: "styles.css", text: "}" }),
    ], 0);
    expect(visibleFiles(slot(state, 0))).toEqual({ "styles.css": "body{}" });
  });

  it("times thinking until the next activity and records errors and retries", () => {
    nextId = 300;
    let state = applyEvents(emptyGeneration(started), [ev(1, { type: "thinking", text: "hmm" })], 1000);
    state = applyEvents(state, [ev(1, { type: "retrying", attempt: 1, delay_ms: 3000, reason: "overloaded" })], 5000);
    state = applyEvents(state, [ev(1, { type: "variant_error", code: "auth", message: "Key refused" })], 6000);
    const b = slot(state, 1);
    expect(b.activity[0]).toMatchObject({ kind: "thinking", startedAt: 1000, endedAt: 5000 });
    expect(b.activity[1]).toMatchObject({ kind: "retrying", delayMs: 3000, at: 5000 });
    expect(b.status).toBe("error");
    expect(b.error).toEqual({ code: "auth", message: "Key refused" });
  });

  it("a retry that restarts the turn drops its partial text, tool cards and drafts", () => {
    nextId = 400;
    const usage = { input_tokens: 10, cached_input_tokens: 0, cache_write_tokens: 0, output_tokens: 5, reasoning_tokens: 0 };
    const before: AgentEvent[] = [
      ev(0, { type: "started", provider: "anthropic", model: "claude-opus-4-1" }),
      ev(0, { type: "assistant", text: "Part one." }),
      ev(0, { type: "usage", usage, cost_usd: 0.01 }),
      ev(0, { type: "status", message: "The reply hit the output limit; asking the model to continue…" }),
    ];
    // The continued turn streams into the same text item, starts a call, then breaks off.
    const partial: AgentEvent[] = [
      ev(0, { type: "assistant", text: " Half of part" }),
      ev(1, { type: "assistant", text: "Other option" }),
      ev(0, { type: "tool_start", call_id: "toolu_01", name: "create_file", title: "Writing index.html" }),
      ev(0, { type: "code_delta", call_id: "toolu_01", path: "index.html", text: "<h1>Hal" }),
    ];
    const discardFrom = partial[0]?.event_id;
    const retry = ev(0, { type: "retrying", attempt: 2, delay_ms: 500, reason: "overloaded", discard_from: discardFrom });
    const again: AgentEvent[] = [
      ev(0, { type: "assistant", text: " two." }),
      ev(0, { type: "tool_start", call_id: "toolu_01", name: "create_file", title: "Writing index.html" }),
      ev(0, { type: "code_delta", call_id: "toolu_01", path: "index.html", text: "<h1>Hello</h1>" }),
    ];
    let state = applyEvents(emptyGeneration(started), [...before, ...partial], 1000);
    expect(visibleFiles(slot(state, 0))["index.html"]).toBe("<h1>Hal");
    const revision = slot(state, 0).codeRevision;
    state = applyEvents(state, [retry], 2000);
    const a = slot(state, 0);
    expect(a.activity.map((x) => x.kind)).toEqual(["assistant", "retrying"]);
    expect(a.activity[0]).toMatchObject({ kind: "assistant", text: "Part one." });
    expect(a.activity[1]).toMatchObject({ kind: "retrying", restarted: true, reason: "overloaded" });
    expect(a.drafts).toEqual({});
    expect(visibleFiles(a)).toEqual({});
    expect(a.codeRevision).toBeGreaterThan(revision);
    expect(slot(state, 1).activity[0]).toMatchObject({ kind: "assistant", text: "Other option" });
    state = applyEvents(state, again, 3000);
    const refilled = slot(state, 0);
    expect(refilled.activity.map((x) => x.kind)).toEqual(["assistant", "retrying", "assistant", "tool"]);
    expect(refilled.activity.filter((x) => x.kind === "tool")).toHaveLength(1);
    expect(visibleFiles(refilled)["index.html"]).toBe("<h1>Hello</h1>");
    // The same events rebuilt from a shuffled, duplicated log give the same state.
    const all = [...before, ...partial, retry, ...again];
    const rebuilt = applyEvents(emptyGeneration(started), [...all].reverse().concat(all.slice(0, 3)), 3000);
    expect(slot(rebuilt, 0).activity.map((x) => (x.kind === "assistant" ? x.text : x.kind))).toEqual(["Part one.", "retrying", " two.", "tool"]);
    expect(visibleFiles(slot(rebuilt, 0))["index.html"]).toBe("<h1>Hello</h1>");
  });

  it("a retry before any output keeps what was shown", () => {
    nextId = 500;
    let state = applyEvents(emptyGeneration(started), [ev(0, { type: "assistant", text: "Kept." })], 0);
    state = applyEvents(state, [ev(0, { type: "retrying", attempt: 2, delay_ms: 500, reason: "429" })], 0);
    expect(slot(state, 0).activity.map((x) => x.kind)).toEqual(["assistant", "retrying"]);
    expect(slot(state, 0).activity[1]).toMatchObject({ restarted: false });
  });

  it("keeps why the automatic fidelity checks stopped in the activity, with each check's report", () => {
    nextId = 600;
    const detail = (round: number, total: number, previous: number | null, automatic: boolean) => ({
      kind: "fidelity_check",
      round,
      max_rounds: 3,
      total,
      previous,
      components: { block: 90, position: 85, visual: 80, color: 95, text: null },
      regions: [{ kind: "missing", screenshot_box: { x: 64, y: 900, width: 420, height: 80 }, page_box: null, description: "missing: the screenshot has content here", cost: 4.2 }],
      automatic,
    });
    const events: AgentEvent[] = [
      ev(0, { type: "tool_start", call_id: "call_1", name: "check_fidelity", title: "Checking fidelity" }),
      ev(0, { type: "tool_result", call_id: "call_1", name: "check_fidelity", ok: true, summary: "Fidelity 71.2", detail: detail(1, 71.2, null, false) }),
      // A status after the model's own check is a passing line.
      ev(0, { type: "status", message: "The reply hit the output limit; asking the model to continue…" }),
      ev(0, { type: "tool_start", call_id: "auto-fidelity-2", name: "check_fidelity", title: "Comparing with the screenshot" }),
      ev(0, { type: "tool_result", call_id: "auto-fidelity-2", name: "check_fidelity", ok: true, summary: "Fidelity 70.9 (was 71.2)", detail: detail(2, 70.9, 71.2, true) }),
      ev(0, { type: "status", message: "Fidelity stopped improving (71, then 71): no more rounds." }),
      ev(0, { type: "variant_complete", turns: 3, tool_calls: 3, duration_ms: 9000 }),
    ];
    const live = applyEvents(emptyGeneration(started), events.slice(0, 3), 0);
    expect(slot(live, 0).statusLine).toBe("The reply hit the output limit; asking the model to continue…");
    const done = slot(applyEvents(live, events.slice(3), 0), 0);
    expect(done.activity.map((x) => x.kind)).toEqual(["tool", "tool", "note", "done"]);
    expect(done.activity[1]).toMatchObject({ kind: "tool", callId: "auto-fidelity-2", state: "ok", detail: { kind: "fidelity_check", total: 70.9, previous: 71.2, automatic: true } });
    expect(done.activity[2]).toEqual({ kind: "note", id: events[5]?.event_id, text: "Fidelity stopped improving (71, then 71): no more rounds." });
    expect(done.statusLine).toBeNull();
  });

  it("leaves an older state intact when a newer one shares its log", () => {
    const events = stream();
    const a = applyEvents(emptyGeneration(started), events.slice(0, 5), 0);
    const b = applyEvents(a, events.slice(5, 8), 0);
    const c = applyEvents(a, events.slice(5, 6), 0);
    expect(b.lastEventId).toBe(7);
    expect(c.lastEventId).toBe(5);
    expect(c.log.slice(0, c.logLength).map((e) => e.event_id)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
