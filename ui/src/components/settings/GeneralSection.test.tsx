import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KeyStatus, Settings } from "../../ipc";
import { toDraft } from "../../lib/settingsForm";
import { GenerationSection } from "./GeneralSection";

const keys = vi.hoisted(() => ({ statuses: [] as KeyStatus[] }));
vi.mock("../../ipc/secrets", () => ({
  keysStatus: () => Promise.resolve({ status: "ok", data: keys.statuses }),
}));

const settings: Settings = {
  default_stack: "html_tailwind",
  variants: { count: 2, models: [] },
  custom_providers: [],
  base_urls: { openai: null, anthropic: null, gemini: null, replicate: null, figma: null },
  budget_per_variant_usd: 1,
  image_generation: true,
  asset_extraction: true,
  chromium_path: null,
  theme: "system",
  design_systems: [],
  fallback_models: {},
};

function renderSection() {
  render(<GenerationSection draft={toDraft(settings)} errors={{}} change={() => undefined} />);
  return screen.getByRole("checkbox", { name: /Generate images/ });
}

describe("the image-generation setting", () => {
  afterEach(cleanup);

  it("is greyed out with the reason when no Replicate key is stored", async () => {
    keys.statuses = [
      { provider: "openai", set: true },
      { provider: "replicate", set: false },
    ];
    const toggle = renderSection();
    expect(await screen.findByText("Add a Replicate key in Settings → API keys")).toBeTruthy();
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it("can be switched when the key is there", async () => {
    keys.statuses = [{ provider: "replicate", set: true }];
    const toggle = renderSection();
    expect(await screen.findByText("Agents may create images for the page instead of placeholders.")).toBeTruthy();
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
