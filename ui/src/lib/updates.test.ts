import { describe, expect, it } from "vitest";
import { downloadedText, next, type UpdateState } from "./updates";

const info = { version: "0.1.1", current_version: "0.1.0", notes: "- Faster", date: null };

describe("update state", () => {
  it("an automatic check that finds nothing says nothing; one someone asked for says so", () => {
    const checking: UpdateState = { kind: "checking", manual: false };
    expect(next(checking, { type: "checked", manual: false, info: null })).toEqual({ kind: "idle" });
    expect(next({ kind: "checking", manual: true }, { type: "checked", manual: true, info: null })).toEqual({ kind: "up_to_date" });
    expect(next(checking, { type: "checked", manual: false, info })).toEqual({ kind: "available", info });
  });

  it("an install goes through download, install and restart", () => {
    let state = next({ kind: "available", info }, { type: "install" });
    expect(state).toEqual({ kind: "downloading", info, downloaded: 0, total: null });
    state = next(state, { type: "progress", progress: { phase: "downloading", downloaded: 500, total: 1000 } });
    expect(state).toEqual({ kind: "downloading", info, downloaded: 500, total: 1000 });
    state = next(state, { type: "progress", progress: { phase: "installing" } });
    expect(state).toEqual({ kind: "installing", info });
    expect(next(state, { type: "installed", outcome: { kind: "installed", version: "0.1.1" } })).toEqual({ kind: "restarting", info });
  });

  it("an install that needs an administrator keeps the command; a refused one keeps the message", () => {
    const installing: UpdateState = { kind: "installing", info };
    expect(next(installing, { type: "installed", outcome: { kind: "manual", version: "0.1.1", message: "Run this", command: "sudo apt install '/x.deb'" } })).toEqual({
      kind: "manual",
      info,
      message: "Run this",
      command: "sudo apt install '/x.deb'",
    });
    expect(next({ kind: "downloading", info, downloaded: 5, total: 9 }, { type: "install_failed", message: "did not match its signature" })).toEqual({
      kind: "failed",
      info,
      message: "did not match its signature",
    });
  });

  it("a check does not interrupt a download", () => {
    const downloading: UpdateState = { kind: "downloading", info, downloaded: 1, total: 2 };
    expect(next(downloading, { type: "check", manual: true })).toBe(downloading);
  });

  it("says how much is downloaded", () => {
    expect(downloadedText(3_200_000, 12_800_000)).toBe("3.2 of 12.8 MB");
    expect(downloadedText(3_200_000, null)).toBe("3.2 MB");
  });
});
