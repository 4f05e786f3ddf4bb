import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The editor module itself stands in as a stub: what is tested is when it is asked for.

const EDITOR = "../components/project/CodeEditor";
let evaluated = 0;
let failing = false;
const rehearsed = vi.fn();

/** Idle callbacks held until `idle()` runs them. */
function holdIdle() {
  const queued: IdleRequestCallback[] = [];
  const request = vi.spyOn(window, "requestIdleCallback").mockImplementation((callback) => queued.push(callback));
  const cancel = vi.spyOn(window, "cancelIdleCallback").mockImplementation((id) => {
    queued[id - 1] = () => undefined;
  });
  return {
    request,
    cancel,
    idle: () => {
      for (const callback of queued.splice(0)) callback({ didTimeout: false, timeRemaining: () => 10 });
    },
  };
}

/** The module under test afresh, with an editor module that counts its evaluations. */
async function freshModule() {
  vi.resetModules();
  vi.doMock(EDITOR, () => {
    evaluated++;
    if (failing) throw new Error("the chunk could not be loaded");
    return { CodeEditor: () => null, rehearseEditor: rehearsed };
  });
  return import("./codeEditorModule");
}

beforeEach(() => {
  evaluated = 0;
  failing = false;
  rehearsed.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("warmCodeEditor", () => {
  it("loads the editor when the page is idle, not before", async () => {
    const m = await freshModule();
    const { idle } = holdIdle();
    m.warmCodeEditor();
    expect(m.codeEditorRequested()).toBe(false);
    idle();
    expect(m.codeEditorRequested()).toBe(true);
    await m.loadCodeEditor();
    expect(evaluated).toBe(1);
    // Then rehearsed, in idle time of its own.
    expect(rehearsed).not.toHaveBeenCalled();
    idle();
    expect(rehearsed).toHaveBeenCalledTimes(1);
  });

  it("shares one load with the Code tab, and asks nothing once it is loaded", async () => {
    const m = await freshModule();
    const { idle, request } = holdIdle();
    const first = m.loadCodeEditor();
    m.warmCodeEditor();
    idle();
    expect(m.loadCodeEditor()).toBe(first);
    await first;
    expect(evaluated).toBe(1);
    expect(request).not.toHaveBeenCalled();
  });

  it("asks nothing when cancelled before the page is idle", async () => {
    const m = await freshModule();
    const { idle } = holdIdle();
    const cancel = m.warmCodeEditor();
    cancel();
    idle();
    expect(m.codeEditorRequested()).toBe(false);
  });

  it("tries again on the next use when a load fails", async () => {
    const m = await freshModule();
    failing = true;
    await expect(m.loadCodeEditor()).rejects.toThrow();
    expect(m.codeEditorRequested()).toBe(false);
    failing = false;
    await expect(m.loadCodeEditor()).resolves.toHaveProperty("CodeEditor");
  });
});
