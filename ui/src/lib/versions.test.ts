import { describe, expect, it } from "vitest";
import type { VersionInfo, VersionKind } from "../ipc";
import { branchNote, summarize, versionRows } from "./versions";

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
    expect(rows.every((r) => !r.madeNothing)).toBe(true);
    expect(rows[4]?.summary).toBe("New page");
    expect(rows[1]?.summary).toBe("Try a dark theme");
  });

  it("calls a project's first version a new site, by its stack or by its files", () => {
    const byStack = { ...version(1, null, "generation"), stack: "react_vite" as const };
    expect(versionRows({ current_version: 1, versions: [byStack] })[0]?.summary).toBe("New site");
    const files = ["package.json", "vite.config.ts", "tsconfig.json", "src/App.tsx"].map((path) => ({ path, size: 10 }));
    const byFiles = { ...version(1, null, "generation"), variants: [{ id: 1, version_id: 1, index: 0, model: null, provider: null, error: null, started_at: null, finished_at: null, status: "complete" as const, usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 }, cost_usd: null, files, drafts: [] }] };
    expect(versionRows({ current_version: 1, versions: [byFiles] })[0]?.summary).toBe("New site");
    expect(versionRows({ current_version: 1, versions: [{ ...version(1, null, "generation"), stack: "html_tailwind" as const }] })[0]?.summary).toBe("New page");
  });

  it("summarizes long prompts on one line", () => {
    expect(summarize("a\n  b", 80)).toBe("a b");
    expect(summarize("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("branchNote", () => {
  const withOptions = (v: VersionInfo): VersionInfo => ({
    ...v,
    selected_variant: v.id * 10,
    variants: [0, 1].map((index) => ({
      id: v.id * 10 + index,
      version_id: v.id,
      index,
      model: null,
      provider: null,
      status: "complete",
      error: null,
      usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
      cost_usd: 0,
      started_at: null,
      finished_at: null,
      files: [],
      drafts: [],
    })),
  });
  const tree = { current_version: 3, versions: [version(1, null, "generation"), version(2, 1, "edit"), version(3, 2, "manual_save")].map(withOptions) };

  it("says nothing on the working copy, or before there is one", () => {
    expect(branchNote(tree, 3, 30)).toBeNull();
    expect(branchNote(tree, 3, null)).toBeNull();
    expect(branchNote({ ...tree, current_version: null }, 1, 10)).toBeNull();
    expect(branchNote(tree, 99, null)).toBeNull();
  });

  it("names the older version the next change branches from, and the working copy", () => {
    expect(branchNote(tree, 1, 10)).toEqual({ text: "Changes will branch from v1", currentId: 3, currentNumber: 3 });
  });

  it("names the option when another option than the chosen one is on screen", () => {
    expect(branchNote(tree, 3, 31)?.text).toBe("Changes will branch from option 2 of v3");
    expect(branchNote(tree, 2, 21)?.text).toBe("Changes will branch from option 2 of v2");
  });
});

describe("a version that made nothing", () => {
  it("is marked when every option ended without a page", () => {
    const option = (status: string) => ({ status }) as VersionInfo["variants"][number];
    const failed = { ...version(2, 1, "edit"), variants: [option("error"), option("cancelled")] };
    const partly = { ...version(3, 1, "edit"), variants: [option("error"), option("complete")] };
    const rows = versionRows({ current_version: 1, versions: [version(1, null, "generation"), failed, partly] });
    expect(rows.map((r) => [r.number, r.madeNothing])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
  });
});
