import { describe, expect, it } from "vitest";
import type { KeyStatus, Settings } from "../ipc";
import { assetExtractionBlocked, modelKeyMissing, NO_GEMINI_KEY } from "./firstRun";

const keys = (set: string[]): KeyStatus[] => ["openai", "anthropic", "gemini", "replicate", "figma"].map((provider) => ({ provider, set: set.includes(provider) }));
const settings = (customProviders: number) => ({ custom_providers: Array.from({ length: customProviders }, () => ({})) }) as unknown as Settings;

describe("first run", () => {
  it("misses a model key when no vendor has one and no local server is set up", () => {
    expect(modelKeyMissing(keys([]), settings(0))).toBe(true);
    expect(modelKeyMissing(keys(["replicate", "figma"]), settings(0))).toBe(true);
  });

  it("does not when a vendor has a key, a custom provider exists, or nothing is known yet", () => {
    expect(modelKeyMissing(keys(["anthropic"]), settings(0))).toBe(false);
    expect(modelKeyMissing(keys([]), settings(1))).toBe(false);
    expect(modelKeyMissing(null, settings(0))).toBe(false);
    expect(modelKeyMissing(keys([]), null)).toBe(false);
  });

  it("turns asset extraction off without a Gemini key", () => {
    expect(assetExtractionBlocked(keys(["openai"]))).toBe(NO_GEMINI_KEY);
    expect(assetExtractionBlocked(keys(["gemini"]))).toBeNull();
    expect(assetExtractionBlocked(null)).toBeNull();
  });
});
