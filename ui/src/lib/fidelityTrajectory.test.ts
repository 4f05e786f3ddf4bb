import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../ipc";
import { applyEvents, emptyGeneration, type VariantView } from "./agentEvents";
import { fidelityTrajectory, formatFidelity, formatTrajectory } from "./fidelityTrajectory";

let nextId = 0;
function ev(body: Record<string, unknown>, variant = 0): AgentEvent {
  return { event_id: nextId++, variant, ...body } as AgentEvent;
}

function check(callId: string, round: number, total: number, previous: number | null, automatic = callId.startsWith("auto-fidelity-")): AgentEvent[] {
  return [
    ev({ type: "tool_start", call_id: callId, name: "check_fidelity", title: "Comparing with the screenshot" }),
    ev({
      type: "tool_result",
      call_id: callId,
      name: "check_fidelity",
      ok: true,
      summary: `Fidelity ${total.toFixed(1)}`,
      detail: {
        kind: "fidelity_check",
        round,
        max_rounds: 3,
        total,
        previous,
        components: { block: 90, position: 88, visual: 80, color: 95, text: null },
        regions: [],
        automatic,
      },
    }),
  ];
}

function fold(events: AgentEvent[], variant = 0): VariantView {
  const view = applyEvents(emptyGeneration(), events, 0).variants.find((v) => v.index === variant);
  if (!view) throw new Error(`no variant ${variant}`);
  return view;
}

describe("fidelityTrajectory", () => {
  it("lists each check's score in order, the model's and the app's alike", () => {
    nextId = 0;
    const view = fold([
      ev({ type: "started", provider: "openai", model: "gpt-5" }),
      ev({ type: "tool_start", call_id: "c1", name: "create_file", title: "Creating index.html" }),
      ev({ type: "tool_result", call_id: "c1", name: "create_file", ok: true, summary: "Wrote index.html", detail: { kind: "file_written", path: "index.html", bytes: 10, lines: 1, replaced: false } }),
      ...check("call_9", 1, 71.24, null),
      ...check("auto-fidelity-2", 2, 88, 71.24),
      ...check("auto-fidelity-3", 3, 95.36, 88),
    ]);
    const points = fidelityTrajectory(view);
    expect(points).toEqual([
      { callId: "call_9", round: 1, total: 71.24, automatic: false },
      { callId: "auto-fidelity-2", round: 2, total: 88, automatic: true },
      { callId: "auto-fidelity-3", round: 3, total: 95.36, automatic: true },
    ]);
    expect(formatTrajectory(points)).toBe("71 → 88 → 95");
  });

  it("leaves out failed checks, results without a report and checks still running", () => {
    nextId = 100;
    const view = fold([
      ...check("auto-fidelity-1", 1, 80, null),
      ev({ type: "tool_start", call_id: "c2", name: "check_fidelity", title: "Comparing with the screenshot" }),
      ev({ type: "tool_result", call_id: "c2", name: "check_fidelity", ok: false, summary: "check_fidelity: no checks left" }),
      ev({ type: "tool_start", call_id: "c3", name: "check_fidelity", title: "Comparing with the screenshot" }),
      ev({ type: "tool_result", call_id: "c3", name: "check_fidelity", ok: true, summary: "Fidelity 90.0" }),
      ev({ type: "tool_start", call_id: "c4", name: "check_fidelity", title: "Comparing with the screenshot" }),
    ]);
    expect(view.activity.filter((a) => a.kind === "tool")).toHaveLength(4);
    expect(formatTrajectory(fidelityTrajectory(view))).toBe("80");
  });

  it("counts a call id once", () => {
    nextId = 200;
    const [start, result] = check("auto-fidelity-1", 1, 80, null);
    if (!start || !result) throw new Error("no events");
    // A second card with the same call id (a tool_start sent again) and a repeated result.
    const view = fold([start, result, { ...start, event_id: nextId++ }, { ...result, event_id: nextId++ }, ...check("auto-fidelity-2", 2, 85, 80)]);
    expect(fidelityTrajectory(view).map((p) => p.callId)).toEqual(["auto-fidelity-1", "auto-fidelity-2"]);
  });

  it("drops a check whose turn a retry voided", () => {
    nextId = 300;
    const kept = check("call_1", 1, 70, null);
    const voided = [ev({ type: "assistant", text: "Checking again" }), ...check("call_2", 2, 99, 70)];
    const retry = ev({ type: "retrying", attempt: 2, delay_ms: 500, reason: "overloaded", discard_from: voided[0]?.event_id });
    const again = check("call_3", 2, 82.5, 70);
    const view = fold([...kept, ...voided, retry, ...again]);
    expect(formatTrajectory(fidelityTrajectory(view))).toBe("70 → 83");
  });

  it("reads one variant only, and nothing from no view", () => {
    nextId = 400;
    const events = [...check("auto-fidelity-1", 1, 60, null), ...check("auto-fidelity-1", 1, 75, null).map((e) => ({ ...e, variant: 1 }))];
    expect(formatTrajectory(fidelityTrajectory(fold(events, 0)))).toBe("60");
    expect(formatTrajectory(fidelityTrajectory(fold(events, 1)))).toBe("75");
    expect(fidelityTrajectory(null)).toEqual([]);
  });

  it("formats a score as a whole number, as everywhere", () => {
    expect(formatFidelity(88)).toBe("88");
    expect(formatFidelity(95.36)).toBe("95");
    expect(formatFidelity(100)).toBe("100");
  });
});
