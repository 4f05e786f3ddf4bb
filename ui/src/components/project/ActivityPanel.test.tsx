import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ActivityItem, ToolItem, VariantView } from "../../lib/agentEvents";
import { ActivityPanel } from "./ActivityPanel";

afterEach(cleanup);

const UNROUTED = "src/pages/Home.tsx is not imported anywhere, so no route shows it: add a <Route> for it in src/App.tsx";

function write(id: number, path: string, problems: string[]): ToolItem {
  return { kind: "tool", id, callId: `c${String(id)}`, name: "create_file", title: `Writing ${path}`, state: "ok", summary: null, detail: { kind: "file_written", path, bytes: 10, lines: 3, replaced: false, problems } };
}

function view(activity: ActivityItem[]): VariantView {
  return { index: 0, variantId: 1, status: "generating", provider: "openai", model: "gpt-5", startedAt: 0, finishedAt: null, files: {}, drafts: {}, activity, statusLine: null, usage: null, costUsd: null, codeRevision: 0, error: null, turnMark: null, truncated: null };
}

function panel(activity: ActivityItem[]) {
  render(<ActivityPanel view={view(activity)} now={0} assetUrl={() => null} onOpenKeys={() => undefined} />);
}

describe("a project's problems in the activity", () => {
  it("show on the write that left them while they hold", () => {
    panel([write(1, "src/pages/Home.tsx", [UNROUTED])]);
    expect(screen.getByTestId("project-problems").textContent).toContain("is not imported anywhere");
    expect(screen.queryByTestId("problems-fixed")).toBeNull();
  });

  it("clear once a later write leaves them fixed: the page imported by App.tsx", () => {
    panel([write(1, "src/pages/Home.tsx", [UNROUTED]), write(2, "src/App.tsx", [])]);
    expect(screen.queryByTestId("project-problems")).toBeNull();
    expect(screen.getByTestId("problems-fixed").textContent).toBe("✓ Fixed by a later change");
  });
});
