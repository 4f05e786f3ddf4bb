import { describe, expect, it } from "vitest";
import { PICK_WINDOW_MS, PickGate } from "./pickGate";

describe("the pick gate", () => {
  it("takes one pick per real click, and only soon after it", () => {
    let now = 1000;
    const gate = new PickGate(() => now);
    expect(gate.acceptPick()).toBe(false);
    gate.clicked();
    now += 20;
    expect(gate.acceptPick()).toBe(true);
    expect(gate.acceptPick()).toBe(false);
    gate.clicked();
    now += PICK_WINDOW_MS + 1;
    expect(gate.acceptPick()).toBe(false);
  });
  it("takes one colour sample per eyedropper click, never one the page sends on its own", () => {
    let now = 0;
    const gate = new PickGate(() => now);
    expect(gate.acceptSample()).toBe(false);
    gate.clicked();
    expect(gate.acceptSample()).toBe(false);
    gate.sampled();
    now += 10;
    expect(gate.acceptSample()).toBe(true);
    expect(gate.acceptSample()).toBe(false);
    gate.sampled();
    now += PICK_WINDOW_MS + 1;
    expect(gate.acceptSample()).toBe(false);
    gate.sampled();
    gate.reset();
    expect(gate.acceptSample()).toBe(false);
  });
  it("takes one text edit per double-click", () => {
    const gate = new PickGate(() => 0);
    expect(gate.acceptText()).toBe(false);
    gate.textOpened();
    expect(gate.editingText).toBe(true);
    expect(gate.acceptText()).toBe(true);
    expect(gate.acceptText()).toBe(false);
    gate.textOpened();
    gate.reset();
    expect(gate.acceptText()).toBe(false);
    gate.textOpened();
    gate.clicked();
    expect(gate.acceptText()).toBe(false);
  });
});
