import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KeyStatus, Settings } from "../../ipc";
import { toDraft, validateDraft, type Draft } from "../../lib/settingsForm";
import { GenerationSection } from "./GeneralSection";

const keys = vi.hoisted(() => ({ statuses: [] as KeyStatus[] }));
vi.mock("../../ipc/secrets", () => ({
  keysStatus: () => Promise.resolve({ status: "ok", data: keys.statuses }),
}));

const settings: Settings = {
  default_stack: "html_tailwind",
  variants: { count: 2, models: [] },
  custom_providers: [],
  base_urls: { openai: null, anthropic: null, gemini: null, replicate: null, figma: null, netlify: null, vercel: null, github: null, cloudflare: null },
  budget_per_variant_usd: 1,
  fidelity_rounds: 2,
  image_generation: true,
  asset_extraction: true,
  chromium_path: null,
  theme: "system",
  design_systems: [],
  fallback_models: {},
  updates: { check_automatically: true, channel: "stable" },
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

describe("the fidelity rounds setting", () => {
  afterEach(cleanup);

  function renderRounds(draft: Draft = toDraft(settings)) {
    const changed: Draft = structuredClone(draft);
    render(
      <GenerationSection
        draft={draft}
        errors={validateDraft(draft)}
        change={(update) => {
          update(changed);
        }}
      />,
    );
    return { input: screen.getByLabelText<HTMLInputElement>("Fidelity rounds"), changed };
  }

  it("shows the setting as a number from 0 to 5 with its help", () => {
    keys.statuses = [];
    const { input } = renderRounds();
    expect(input.type).toBe("number");
    expect(input.value).toBe("2");
    expect([input.min, input.max]).toEqual(["0", "5"]);
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("Rounds of comparing the page with the screenshot and fixing what differs; 0 turns it off.")).toBeTruthy();
  });

  it("writes what is typed into the draft", () => {
    keys.statuses = [];
    const { input, changed } = renderRounds();
    fireEvent.change(input, { target: { value: "0" } });
    expect(changed.fidelityRounds).toBe("0");
  });

  it("explains a number out of range in place of the help", () => {
    keys.statuses = [];
    const { input } = renderRounds({ ...toDraft(settings), fidelityRounds: "6" });
    expect(screen.getByTestId("error-fidelity-rounds").textContent).toBe("Choose between 0 and 5 rounds");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(/0 turns it off/)).toBeNull();
  });
});
