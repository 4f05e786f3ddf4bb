import { describe, expect, it, vi } from "vitest";

const reportToLog = vi.fn();
vi.mock("./reportToLog", () => ({ reportToLog }));

describe("reportInteractive", () => {
  it("logs once per launch, two animation frames after it is called", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    const { reportInteractive } = await import("./interactive");

    reportInteractive();
    reportInteractive();
    expect(reportToLog).not.toHaveBeenCalled();
    frames.shift()?.(0);
    expect(reportToLog).not.toHaveBeenCalled();
    frames.shift()?.(16);

    expect(reportToLog).toHaveBeenCalledTimes(1);
    expect(reportToLog).toHaveBeenCalledWith("info", "start screen interactive");
    expect(frames).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});
