import { describe, expect, it, vi } from "vitest";
import type { VersionInfo } from "../ipc";
import { rememberLivePreviews } from "./previewUrl";

// Preview URLs carry tokens only Rust mints: stand in for `preview_url`.
vi.mock("../ipc/preview", () => ({
  previewUrl: (_project: string, version: number, variant: number) =>
    Promise.resolve({ status: "ok" as const, data: `preview://localhost/t/tok${version}x${variant}/index.html` }),
}));
import { applyEvents, emptyGeneration } from "./agentEvents";
import { displaysFor, modelSpec } from "./variantDisplay";
import { foldStored } from "../hooks/useStoredActivity";

const version: VersionInfo = {
  id: 4,
  parent_id: null,
  kind: "generation",
  prompt: null,
  stack: null,
  created_at: 0,
  inputs: [],
  selected_variant: null,
  source: null,
  variants: [
    { id: 41, version_id: 4, index: 0, model: "gpt-5", provider: "openai", status: "complete", error: null, started_at: null, finished_at: null, usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 }, cost_usd: 0.5, files: [{ path: "index.html", size: 10 }], drafts: [] },
    { id: 42, version_id: 4, index: 1, model: null, provider: null, status: "error", error: "Key refused", started_at: null, finished_at: null, usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 }, cost_usd: null, files: [], drafts: [] },
  ],
};

describe("displaysFor", () => {
  it("uses stored previews for a stored version, once Rust has minted their URL", async () => {
    const [first] = displaysFor("p 1", version, null);
    expect(first?.previewUrl).toBeNull();
    await Promise.resolve();
    await Promise.resolve();
    const [a, b] = displaysFor("p 1", version, null);
    expect(a?.previewUrl).toBe("preview://localhost/t/tok4x41/index.html");
    expect(b?.previewUrl).toBeNull();
    expect(b?.error).toBe("Key refused");
  });

  it("uses live previews and live state while generating", () => {
    const view = applyEvents(emptyGeneration([{ index: 0, variant_id: 41, provider: "openai", model: "gpt-5", preview_url: "preview://localhost/t/live9/index.html" }]), [{ event_id: 1, variant: 0, type: "code_delta", call_id: "c", path: "index.html", text: "<p>" }], 0);
    rememberLivePreviews(9, [{ index: 0, preview_url: "preview://localhost/t/live9/index.html" }]);
    const [a] = displaysFor("p1", null, { generationId: 9, view });
    expect(a?.previewUrl).toBe("preview://localhost/t/live9/index.html");
    expect(a?.hasCode).toBe(true);
    expect(a?.revision).toBe(1);
    expect(a?.variantId).toBe(41);
  });

  it("asks for the same model again", () => {
    expect(modelSpec({ provider: "openai", model: "gpt-5" })).toBe("openai:gpt-5");
    expect(modelSpec({ provider: "ollama", model: "ollama:llava" })).toBe("ollama:llava");
    expect(modelSpec({ provider: null, model: null })).toBe("auto");
  });
});

describe("foldStored", () => {
  it("rebuilds a past variant's activity with recorded times, skipping foreign payloads", () => {
    const view = foldStored([
      { seq: 1, kind: "thinking", at: 1000, payload: { event_id: 5, variant: 2, type: "thinking", text: "hm" } },
      { seq: 2, kind: "junk", at: 1500, payload: { nope: true } },
      { seq: 3, kind: "assistant", at: 4000, payload: { event_id: 6, variant: 2, type: "assistant", text: "Done" } },
      { seq: 4, kind: "variant_complete", at: 4100, payload: { event_id: 7, variant: 2, type: "variant_complete", turns: 1, tool_calls: 0, duration_ms: 3100 } },
    ]);
    expect(view?.activity[0]).toMatchObject({ kind: "thinking", startedAt: 1000, endedAt: 4000 });
    expect(view?.status).toBe("complete");
  });
});
