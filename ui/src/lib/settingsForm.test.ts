import { describe, expect, it } from "vitest";
import type { Settings } from "../ipc";
import { fromDraft, isProjectStack, pickableStack, splitModels, toDraft, urlProblem, validateDraft, type Draft } from "./settingsForm";

const defaults: Settings = {
  default_stack: "html_tailwind",
  variants: { count: 4, models: [] },
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
  updates: { check_automatically: false, channel: "stable" },
};

function draft(change: (d: Draft) => void = () => undefined): Draft {
  const d = toDraft(defaults);
  change(d);
  return d;
}

describe("settings form", () => {
  it("keeps fallback models and names the line that is not one", () => {
    const withFallbacks = { ...defaults, fallback_models: { "claude-opus-4-5": "gpt-5.1", anthropic: "gemini-3-pro-preview" } };
    const d = toDraft(withFallbacks);
    expect(validateDraft(d)).toEqual({});
    expect(fromDraft(d)).toEqual(withFallbacks);
    d.fallbacks += "\njust-a-model";
    expect(validateDraft(d).fallbacks).toMatch(/^Line 3:/);
  });

  it("round-trips the defaults unchanged", () => {
    const d = draft();
    expect(validateDraft(d)).toEqual({});
    expect(fromDraft(d)).toEqual(defaults);
  });

  it.each([
    ["zero variants", (d: Draft) => (d.variantCount = "0"), "variantCount", "between 1 and 4"],
    ["five variants", (d: Draft) => (d.variantCount = "5"), "variantCount", "between 1 and 4"],
    ["a negative budget", (d: Draft) => (d.budget = "-2"), "budget", "above $0"],
    ["an empty budget", (d: Draft) => (d.budget = " "), "budget", "above $0"],
    ["a budget over the cap", (d: Draft) => (d.budget = "250"), "budget", "at most $100"],
    ["six fidelity rounds", (d: Draft) => (d.fidelityRounds = "6"), "fidelityRounds", "between 0 and 5"],
    ["negative fidelity rounds", (d: Draft) => (d.fidelityRounds = "-1"), "fidelityRounds", "between 0 and 5"],
    ["half a fidelity round", (d: Draft) => (d.fidelityRounds = "1.5"), "fidelityRounds", "between 0 and 5"],
    ["no fidelity rounds at all", (d: Draft) => (d.fidelityRounds = ""), "fidelityRounds", "between 0 and 5"],
    ["a base URL without scheme", (d: Draft) => (d.baseUrls.openai = "api.openai.com"), "baseUrls.openai", "full URL"],
    ["a base URL with a key in it", (d: Draft) => (d.baseUrls.gemini = "https://user:sk@x.com"), "baseUrls.gemini", "keychain"],
  ])("explains %s", (_case, change, field, message) => {
    expect(validateDraft(draft(change))[field]).toContain(message);
  });

  it("checks custom providers and design systems one by one", () => {
    const d = draft((d) => {
      d.providers = [
        { name: "openai", baseUrl: "http://localhost:1234/v1", models: "a", vision: false },
        { name: "lm", baseUrl: "ftp://x", models: " , ", vision: true },
        { name: "LM", baseUrl: "http://x", models: "m", vision: true },
      ];
      d.designSystems = [
        { name: "", text: "x" },
        { name: "Brand", text: " " },
      ];
    });
    const errors = validateDraft(d);
    expect(errors["providers.0.name"]).toContain("built-in vendor");
    expect(errors["providers.1.baseUrl"]).toContain("http://");
    expect(errors["providers.1.models"]).toContain("at least one model");
    expect(errors["providers.2.name"]).toContain("Another provider");
    expect(errors["designSystems.0.name"]).toContain("name");
    expect(errors["designSystems.1.text"]).toContain("Describe");
  });

  it("turns a valid draft into settings", () => {
    const d = draft((d) => {
      d.variantCount = "3";
      d.models = ["gpt-5", "", "claude", "ignored"];
      d.budgetEnabled = false;
      d.chromiumPath = "  /usr/bin/chromium ";
      d.providers = [{ name: "ollama", baseUrl: " http://localhost:11434/v1 ", models: "llava,\nqwen", vision: true }];
    });
    expect(validateDraft(d)).toEqual({});
    const s = fromDraft(d);
    expect(s.variants).toEqual({ count: 3, models: ["gpt-5", "auto", "claude"] });
    expect(s.budget_per_variant_usd).toBeNull();
    expect(s.chromium_path).toBe("/usr/bin/chromium");
    expect(s.custom_providers).toEqual([{ name: "ollama", base_url: "http://localhost:11434/v1", models: ["llava", "qwen"], vision: true }]);
  });

  it("keeps fidelity rounds, 0 turning the checks off", () => {
    expect(toDraft(defaults).fidelityRounds).toBe("2");
    for (const rounds of ["0", "5"]) {
      const d = draft((d) => (d.fidelityRounds = rounds));
      expect(validateDraft(d)).toEqual({});
      expect(fromDraft(d).fidelity_rounds).toBe(Number(rounds));
    }
  });

  it("splits model lists and recognises good URLs", () => {
    expect(splitModels("a, b\nc,,")).toEqual(["a", "b", "c"]);
    expect(urlProblem("http://127.0.0.1:8080/v1")).toBeNull();
  });
});

describe("the publishing settings", () => {
  it("keep a Cloudflare account ID and refuse one that is not an ID", () => {
    const draft = { ...toDraft(defaults), cloudflareAccountId: " 0123456789abcdef0123456789abcdef " };
    expect(validateDraft(draft)).toEqual({});
    expect(fromDraft(draft).publishing).toEqual({ cloudflare_account_id: "0123456789abcdef0123456789abcdef" });
    const bad = { ...draft, cloudflareAccountId: "https://dash.cloudflare.com/0123" };
    expect(validateDraft(bad)["publishing.cloudflareAccountId"]).toContain("account ID");
  });
});

describe("the stack a new project starts with", () => {
  it("is the default, the project stacks included; none set: HTML + Tailwind", () => {
    expect(pickableStack("vue_tailwind")).toBe("vue_tailwind");
    expect(pickableStack("react_vite")).toBe("react_vite");
    expect(pickableStack("react_vite_shadcn")).toBe("react_vite_shadcn");
    expect(pickableStack(undefined)).toBe("html_tailwind");
  });

  it("knows the project stacks", () => {
    expect(isProjectStack("react_vite")).toBe(true);
    expect(isProjectStack("react_vite_shadcn")).toBe(true);
    expect(isProjectStack("react_tailwind")).toBe(false);
    expect(isProjectStack(null)).toBe(false);
  });
});
