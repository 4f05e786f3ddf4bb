import { describe, expect, it } from "vitest";
import type { VersionInfo, VersionKind } from "../ipc";
import { summarize, versionRows } from "./versions";

function version(id: number, parent: number | null, kind: VersionKind, prompt: string | null = null): VersionInfo {
  return { id, parent_id: parent, kind, prompt, stack: null, created_at: id * 1000, inputs: [], selected_variant: null, source: null, variants: [] };
}

describe("versionRows", () => {
  it("lists newest first with badges and branch labels", () => {
    const rows = versionRows({
      current_version: 5,
      versions: [
        version(1, null, "generation"),
        version(2, 1, "edit", "Make the header sticky"),
        version(3, 2, "manual_save", "Saved index.html"),
        version(4, 1, "edit", "Try a dark theme"),
        version(5, 4, "restore"),
      ],
    });
    expect(rows.map((r) => r.number)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((r) => r.badge)).toEqual(["restore", "edit", "manual", "edit", "create"]);
    expect(rows.map((r) => r.branchFrom)).toEqual([null, "from v1", null, null, null]);
    expect(rows[0]?.isCurrent).toBe(true);
    expect(rows[4]?.summary).toBe("New page");
    expect(rows[1]?.summary).toBe("Try a dark theme");
  });

  it("summarizes long prompts on one line", () => {
    expect(summarize("a\n  b", 80)).toBe("a b");
    expect(summarize("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
