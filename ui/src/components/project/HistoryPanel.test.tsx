import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { VersionInfo, VersionTree } from "../../ipc";
import { HistoryPanel } from "./HistoryPanel";

afterEach(cleanup);

function version(id: number, parent: number | null): VersionInfo {
  return { id, parent_id: parent, kind: "generation", prompt: null, stack: "html_tailwind", created_at: 1_700_000_000_000 + id, selected_variant: null, source: null, inputs: [], variants: [] } as unknown as VersionInfo;
}

const tree: VersionTree = { current_version: 1, versions: [version(1, null), version(2, 1)] };

function panel(generating?: ReadonlySet<number>) {
  render(<HistoryPanel tree={tree} pending={[]} selected={2} generating={generating} onSelect={() => {}} onRestore={() => {}} onRetry={() => {}} />);
}

describe("the history", () => {
  it("offers to restore or retry a finished version", () => {
    panel();
    expect(screen.getByRole("button", { name: "Restore v2" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry v2" })).toBeTruthy();
  });

  it("offers neither while the version's options are still being written, and says so", () => {
    panel(new Set([2]));
    expect(screen.queryByRole("button", { name: "Restore v2" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry v2" })).toBeNull();
    expect(screen.getByTestId("history-generating").textContent).toContain("Generating…");
    // The working copy beside it is untouched.
    expect(screen.getByRole("button", { name: "Retry v1" })).toBeTruthy();
  });
});
