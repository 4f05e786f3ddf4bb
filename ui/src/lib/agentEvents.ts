// Folds the AgentEvents of one generation into what the UI shows per variant. Pure: the same
// events in any delivery order, with any duplicates, give the same state (see the rules in
// core/src/engine/events.rs). Events are merged by `event_id`; an event older than the newest
// one applied makes the state be rebuilt from the sorted log.
import type { AgentEvent, StartedVariant, ToolDetail, UsageSummary, VariantErrorCode } from "../ipc";

/** `truncated`: it has code, but the output limit cut it off (the code may be incomplete). */
export type LiveStatus = "pending" | "generating" | "complete" | "truncated" | "error" | "cancelled";

export interface ToolItem {
  kind: "tool";
  id: number;
  callId: string;
  name: string;
  title: string;
  state: "running" | "ok" | "failed";
  summary: string | null;
  detail: ToolDetail | null;
}

export type ActivityItem =
  | { kind: "thinking"; id: number; text: string; startedAt: number; endedAt: number | null }
  | { kind: "assistant"; id: number; text: string }
  | ToolItem
  /** A status line that stays in the activity: why the automatic fidelity rounds stopped. */
  | { kind: "note"; id: number; text: string }
  | { kind: "retrying"; id: number; attempt: number; delayMs: number; reason: string; code: VariantErrorCode | null; at: number; restarted: boolean }
  | { kind: "switched"; id: number; from: string; to: string; reason: string }
  | { kind: "error"; id: number; code: VariantErrorCode; message: string }
  | { kind: "done"; id: number; turns: number; toolCalls: number; durationMs: number }
  | { kind: "truncated"; id: number; message: string }
  | { kind: "cancelled"; id: number };

export interface Draft {
  path: string;
  text: string;
}

/** Where the attempt now streaming began: its first event, and the activity as it was then. */
export interface TurnMark {
  eventId: number;
  activityLength: number;
  /** The text of the last activity item then, when it was text a delta could extend. */
  lastText: string | null;
}

export interface VariantView {
  index: number;
  variantId: number | null;
  status: LiveStatus;
  provider: string | null;
  model: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  /** Authoritative contents from `set_code`, by path. */
  files: Readonly<Record<string, string>>;
  /** create_file drafts still streaming, by call id. */
  drafts: Readonly<Record<string, Draft>>;
  activity: readonly ActivityItem[];
  statusLine: string | null;
  usage: UsageSummary | null;
  costUsd: number | null;
  /** Bumped whenever the page's code changed: the preview reloads on it (throttled). */
  codeRevision: number;
  error: { code: VariantErrorCode; message: string } | null;
  /** Set by the first output event after any other event; a `retrying` that discards the
   * attempt goes back to it. */
  turnMark: TurnMark | null;
  /** Why a `truncated` variant's code may be incomplete. */
  truncated: string | null;
}

export interface FinishedSummary {
  completed: number;
  truncated: number;
  failed: number;
  cancelled: number;
  costUsd: number | null;
}

export interface GenerationView {
  variants: readonly VariantView[];
  finished: FinishedSummary | null;
  lastEventId: number;
  /** Every applied event in `event_id` order. Shared append-only between successive states:
   * a state reads only its first `logLength` entries. */
  log: AgentEvent[];
  logLength: number;
  /** The variants as the generation started them, kept for rebuilds. */
  started: readonly StartedVariant[];
}

type Clock = number | ((event: AgentEvent) => number);

/** The call ids of the fidelity checks the engine runs by itself (tools/check_fidelity.rs). */
export const AUTOMATIC_CHECK_PREFIX = "auto-fidelity-";

/** Whether a status follows an automatic check's result: the engine's word on why the rounds
 * stopped (or why the check did not run), kept in the activity rather than as a passing line. */
function endsAutomaticChecks(activity: readonly ActivityItem[]): boolean {
  const last = activity[activity.length - 1];
  return last?.kind === "tool" && last.state !== "running" && last.callId.startsWith(AUTOMATIC_CHECK_PREFIX);
}

function emptyVariant(index: number, started?: StartedVariant): VariantView {
  return {
    index,
    variantId: started?.variant_id ?? null,
    status: "pending",
    provider: started?.provider ?? null,
    model: started?.model ?? null,
    startedAt: null,
    finishedAt: null,
    files: {},
    drafts: {},
    activity: [],
    statusLine: null,
    usage: null,
    costUsd: null,
    codeRevision: 0,
    error: null,
    turnMark: null,
    truncated: null,
  };
}

export function emptyGeneration(started: readonly StartedVariant[] = []): GenerationView {
  const variants = [...started].sort((a, b) => a.index - b.index).map((s) => emptyVariant(s.index, s));
  return { variants, finished: null, lastEventId: -1, log: [], logLength: 0, started };
}

/** Name the variants once the generation says who they are (events may have come first). */
export function withStartedVariants(state: GenerationView, started: readonly StartedVariant[]): GenerationView {
  const variants = [...state.variants];
  for (const s of started) {
    const i = variants.findIndex((v) => v.index === s.index);
    const base = i >= 0 ? variants[i] : undefined;
    const named: VariantView = base
      ? { ...base, variantId: s.variant_id, provider: base.provider ?? s.provider, model: base.model ?? s.model }
      : emptyVariant(s.index, s);
    if (i >= 0) variants[i] = named;
    else variants.push(named);
  }
  variants.sort((a, b) => a.index - b.index);
  return { ...state, variants, started };
}

function indexOfId(log: AgentEvent[], length: number, id: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const at = log[mid]?.event_id ?? 0;
    if (at < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Apply a batch of events; duplicates are dropped and late arrivals are put in their place. */
export function applyEvents(state: GenerationView, events: readonly AgentEvent[], clock: Clock): GenerationView {
  const timeOf = typeof clock === "number" ? () => clock : clock;
  let inOrder = true;
  const fresh: AgentEvent[] = [];
  const seen = new Set<number>();
  for (const e of events) {
    if (seen.has(e.event_id)) continue;
    seen.add(e.event_id);
    if (e.event_id <= state.lastEventId) {
      const at = indexOfId(state.log, state.logLength, e.event_id);
      if (state.log[at]?.event_id === e.event_id) continue;
      inOrder = false;
    }
    fresh.push(e);
  }
  if (fresh.length === 0) return state;
  fresh.sort((a, b) => a.event_id - b.event_id);
  if (!inOrder) {
    const all = [...state.log.slice(0, state.logLength), ...fresh].sort((a, b) => a.event_id - b.event_id);
    return replay(emptyGeneration(state.started), all, timeOf, []);
  }
  // Share the log when this state is its newest reader; otherwise fork it.
  const log = state.log.length === state.logLength ? state.log : state.log.slice(0, state.logLength);
  return replay(state, fresh, timeOf, log);
}

function replay(state: GenerationView, events: readonly AgentEvent[], timeOf: (e: AgentEvent) => number, log: AgentEvent[]): GenerationView {
  const touched = new Map<number, VariantView>();
  let finished = state.finished;
  const variantFor = (index: number): VariantView => {
    const known = touched.get(index);
    if (known) return known;
    const base = state.variants.find((v) => v.index === index) ?? emptyVariant(index);
    const copy: VariantView = { ...base, files: { ...base.files }, drafts: { ...base.drafts }, activity: [...base.activity] };
    touched.set(index, copy);
    return copy;
  };
  for (const event of events) {
    log.push(event);
    if (event.type === "finished") {
      finished = { completed: event.completed, truncated: event.truncated, failed: event.failed, cancelled: event.cancelled, costUsd: event.cost_usd ?? null };
      continue;
    }
    applyToVariant(variantFor(event.variant), event, timeOf(event));
  }
  const variants = [...state.variants.filter((v) => !touched.has(v.index)), ...touched.values()].sort((a, b) => a.index - b.index);
  const last = events[events.length - 1];
  return {
    variants,
    finished,
    lastEventId: Math.max(state.lastEventId, last?.event_id ?? -1),
    log,
    logLength: log.length,
    started: state.started,
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function closeThinking(activity: ActivityItem[], now: number): void {
  const last = activity[activity.length - 1];
  if (last?.kind === "thinking" && last.endedAt === null) activity[activity.length - 1] = { ...last, endedAt: now };
}

/** The events a turn's attempt streams; any other event ends the attempt's run of them. */
const OUTPUT_EVENTS: ReadonlySet<AgentEvent["type"]> = new Set(["assistant", "thinking", "tool_start", "code_delta"]);

function markTurn(v: Mutable<VariantView>, event: AgentEvent): void {
  if (!OUTPUT_EVENTS.has(event.type)) {
    v.turnMark = null;
    return;
  }
  if (v.turnMark !== null) return;
  const last = v.activity[v.activity.length - 1];
  const lastText = last?.kind === "assistant" || (last?.kind === "thinking" && last.endedAt === null) ? last.text : null;
  v.turnMark = { eventId: event.event_id, activityLength: v.activity.length, lastText };
}

/** A retry voided the events from `from` on (see the protocol in core/src/engine/events.rs):
 * their text, tool cards and drafts go; the page is back to its last `set_code`s. */
function discardAttempt(v: Mutable<VariantView>, from: number): void {
  const activity = v.activity as ActivityItem[];
  const mark = v.turnMark;
  if (mark !== null && mark.eventId === from) {
    activity.length = Math.min(activity.length, mark.activityLength);
    const last = activity[activity.length - 1];
    if (mark.lastText !== null && (last?.kind === "assistant" || last?.kind === "thinking")) {
      activity[activity.length - 1] = last.kind === "thinking" ? { ...last, text: mark.lastText, endedAt: null } : { ...last, text: mark.lastText };
    }
  } else {
    v.activity = activity.filter((item) => item.id < from);
  }
  // Only the turn's own calls have drafts while it streams.
  if (Object.keys(v.drafts).length > 0) {
    v.drafts = {};
    v.codeRevision += 1;
  }
}

function applyToVariant(view: VariantView, event: AgentEvent, now: number): void {
  const v = view as Mutable<VariantView>;
  if (event.type === "retrying" && event.discard_from != null) discardAttempt(v, event.discard_from);
  markTurn(v, event);
  const activity = v.activity as ActivityItem[];
  const files = v.files as Record<string, string>;
  const drafts = v.drafts as Record<string, Draft>;
  if (v.status === "pending" && event.type !== "variant_cancelled" && event.type !== "variant_error") {
    v.status = "generating";
    v.startedAt ??= now;
  }
  if (event.type !== "thinking" && event.type !== "usage" && event.type !== "code_delta" && event.type !== "set_code") {
    closeThinking(activity, now);
  }
  switch (event.type) {
    case "started":
      v.provider = event.provider;
      v.model = event.model;
      v.startedAt ??= now;
      break;
    case "status":
      if (endsAutomaticChecks(activity)) {
        activity.push({ kind: "note", id: event.event_id, text: event.message });
        v.statusLine = null;
      } else {
        v.statusLine = event.message;
      }
      break;
    case "thinking": {
      const last = activity[activity.length - 1];
      if (last?.kind === "thinking" && last.endedAt === null) activity[activity.length - 1] = { ...last, text: last.text + event.text };
      else activity.push({ kind: "thinking", id: event.event_id, text: event.text, startedAt: now, endedAt: null });
      v.statusLine = null;
      break;
    }
    case "assistant": {
      const last = activity[activity.length - 1];
      if (last?.kind === "assistant") activity[activity.length - 1] = { ...last, text: last.text + event.text };
      else activity.push({ kind: "assistant", id: event.event_id, text: event.text });
      v.statusLine = null;
      break;
    }
    case "tool_start":
      activity.push({ kind: "tool", id: event.event_id, callId: event.call_id, name: event.name, title: event.title, state: "running", summary: null, detail: null });
      v.statusLine = null;
      break;
    case "code_delta": {
      const prev = drafts[event.call_id];
      drafts[event.call_id] = { path: event.path, text: (prev?.text ?? "") + event.text };
      v.codeRevision += 1;
      break;
    }
    case "set_code":
      files[event.path] = event.content;
      v.drafts = Object.fromEntries(Object.entries(drafts).filter(([, d]) => d.path !== event.path));
      v.codeRevision += 1;
      break;
    case "tool_result": {
      let at = activity.length - 1;
      while (at >= 0 && !(activity[at]?.kind === "tool" && (activity[at] as ToolItem).callId === event.call_id)) at--;
      const item = activity[at];
      if (item?.kind === "tool") {
        activity[at] = { ...item, state: event.ok ? "ok" : "failed", summary: event.summary, detail: event.detail ?? null };
      } else {
        activity.push({ kind: "tool", id: event.event_id, callId: event.call_id, name: event.name, title: event.name, state: event.ok ? "ok" : "failed", summary: event.summary, detail: event.detail ?? null });
      }
      if (event.call_id in drafts) {
        v.drafts = Object.fromEntries(Object.entries(drafts).filter(([id]) => id !== event.call_id));
        v.codeRevision += 1;
      }
      break;
    }
    case "usage":
      v.usage = event.usage;
      v.costUsd = event.cost_usd ?? null;
      break;
    case "retrying":
      activity.push({ kind: "retrying", id: event.event_id, attempt: event.attempt, delayMs: event.delay_ms, reason: event.reason, code: event.code ?? null, at: now, restarted: event.discard_from != null });
      break;
    case "model_switched":
      activity.push({ kind: "switched", id: event.event_id, from: event.from, to: event.to, reason: event.reason });
      v.model = event.to;
      break;
    case "variant_complete":
      v.status = "complete";
      v.finishedAt = now;
      v.statusLine = null;
      activity.push({ kind: "done", id: event.event_id, turns: event.turns, toolCalls: event.tool_calls, durationMs: event.duration_ms });
      v.codeRevision += 1;
      break;
    case "variant_truncated":
      v.status = "truncated";
      v.finishedAt = now;
      v.statusLine = null;
      v.truncated = event.message;
      activity.push({ kind: "truncated", id: event.event_id, message: event.message });
      v.codeRevision += 1;
      break;
    case "variant_error":
      v.status = "error";
      v.finishedAt = now;
      v.statusLine = null;
      v.error = { code: event.code, message: event.message };
      activity.push({ kind: "error", id: event.event_id, code: event.code, message: event.message });
      break;
    case "variant_cancelled":
      v.status = "cancelled";
      v.finishedAt = now;
      v.statusLine = null;
      activity.push({ kind: "cancelled", id: event.event_id });
      break;
  }
}

/** The files as they look right now: finished files, overlaid by drafts still streaming. */
export function visibleFiles(view: VariantView): Record<string, string> {
  const out: Record<string, string> = { ...view.files };
  for (const draft of Object.values(view.drafts)) out[draft.path] = draft.text;
  return out;
}

export function isRunning(status: LiveStatus): boolean {
  return status === "pending" || status === "generating";
}

/** Whether any code has arrived for a variant (the input screenshot is shown until then). */
export function hasCode(view: VariantView): boolean {
  return Object.keys(view.files).length > 0 || Object.keys(view.drafts).length > 0;
}
