import { describe, expect, it } from "vitest";
import type { ActivityItem, ToolItem } from "./agentEvents";
import { currentProblems, stillOpen } from "./projectProblems";

const UNROUTED = "src/pages/Home.tsx is not imported anywhere, so no route shows it: add a <Route> for it in src/App.tsx";

function write(id: number, path: string, problems?: string[], state: ToolItem["state"] = "ok"): ToolItem {
  return {
    kind: "tool",
    id,
    callId: `c${String(id)}`,
    name: "create_file",
    title: `Writing ${path}`,
    state,
    summary: null,
    detail: { kind: "file_written", path, bytes: 10, lines: 1, replaced: false, ...(problems ? { problems } : {}) },
  };
}

describe("a project's problems after its latest write", () => {
  it("are those the latest write lists; an earlier card's others were fixed since", () => {
    const activity: ActivityItem[] = [write(1, "src/pages/Home.tsx", [UNROUTED]), { kind: "assistant", id: 2, text: "Now the routes." }, write(3, "src/App.tsx")];
    const current = currentProblems(activity);
    expect(current).toEqual(new Set());
    expect(stillOpen([UNROUTED], current)).toEqual({ open: [], fixed: 1 });
  });

  it("stay while the latest write still lists them", () => {
    const missing = "src/App.tsx imports ./pages/Pricing, which does not exist: create it or fix the import";
    const activity: ActivityItem[] = [write(1, "src/pages/Home.tsx", [UNROUTED]), write(2, "src/App.tsx", [missing, UNROUTED])];
    expect(stillOpen([UNROUTED], currentProblems(activity))).toEqual({ open: [UNROUTED], fixed: 0 });
  });

  it("are unknown before any write, after only failed writes, or when the list was cut at its limit", () => {
    expect(currentProblems([])).toBeNull();
    expect(currentProblems([write(1, "src/App.tsx", undefined, "failed")])).toBeNull();
    const many = Array.from({ length: 12 }, (_, i) => `problem ${String(i)}`);
    const current = currentProblems([write(1, "src/App.tsx", many)]);
    expect(current).toBeNull();
    expect(stillOpen([UNROUTED], current)).toEqual({ open: [UNROUTED], fixed: 0 });
  });
});
