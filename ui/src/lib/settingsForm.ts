// The settings dialog edits a draft: text fields stay strings while the user types, and this
// module turns a draft back into Settings with a clear message per field. The Rust core checks
// the same rules again on save; these messages only spare the user a round trip.
import {
  SETTINGS_LIMITS,
  STACKS as STACK_INFOS,
  VENDORS as VENDOR_INFOS,
  type CustomProviderInput,
  type DesignSystem,
  type SettingsInput,
  type Settings,
  type Stack,
  type Theme,
  type UpdateChannel,
  type Vendor,
} from "../ipc";

export type { Vendor };

/** The limits the core checks on save (`SETTINGS_LIMITS` in the generated bindings). */
export const MAX_VARIANTS: number = SETTINGS_LIMITS.max_variants;
export const MAX_BUDGET_USD: number = SETTINGS_LIMITS.max_budget_usd;
/** Rounds of "compare with the screenshot, fix what differs". */
export const MAX_FIDELITY_ROUNDS: number = SETTINGS_LIMITS.max_fidelity_rounds;
/** The built-in vendors, as Rust names them (`VENDORS` in the generated bindings). */
export const VENDORS: readonly Vendor[] = VENDOR_INFOS.map((v) => v.id);

/** The services pages are published to; their tokens live under Settings → Publishing. */
export const PUBLISHING_VENDORS: readonly Vendor[] = VENDOR_INFOS.filter((v) => v.publishes).map((v) => v.id);

/** One value per built-in vendor. */
function perVendor<T>(value: (vendor: Vendor) => T): Record<Vendor, T> {
  return Object.fromEntries(VENDORS.map((v) => [v, value(v)])) as Record<Vendor, T>;
}

export const VENDOR_LABELS: Record<Vendor, string> = perVendor(
  (v) => VENDOR_INFOS.find((info) => info.id === v)?.label ?? v,
);

/** The stacks, as Rust names and labels them (`STACKS` in the generated bindings). */
export const STACKS: { id: Stack; label: string }[] = STACK_INFOS.map((s) => ({ id: s.id, label: s.label }));

/** The stacks a designer can pick in the app: all of them, the project stacks included. */
export const PICKABLE_STACKS = STACKS;

/** Whether the stack's variant is a project (a file tree with pages and routes), not one page. */
export function isProjectStack(stack: Stack | null | undefined): boolean {
  return STACK_INFOS.some((s) => s.id === stack && s.is_project);
}

/** `stack` when the app offers it, else HTML + Tailwind (a default set outside the app). */
export function pickableStack(stack: Stack | undefined): Stack {
  return PICKABLE_STACKS.find((s) => s.id === stack)?.id ?? "html_tailwind";
}

export const THEMES: { id: Theme; label: string }[] = [
  { id: "system", label: "System" },
  { id: "light", label: "Light" },
  { id: "dark", label: "Dark" },
];

export interface ProviderDraft {
  name: string;
  baseUrl: string;
  /** Comma- or newline-separated model ids. */
  models: string;
  vision: boolean;
}

export interface Draft {
  defaultStack: Stack;
  variantCount: string;
  /** One slot per possible variant; "" means "choose automatically". */
  models: string[];
  budgetEnabled: boolean;
  budget: string;
  /** 0 turns the fidelity checks off. */
  fidelityRounds: string;
  imageGeneration: boolean;
  assetExtraction: boolean;
  chromiumPath: string;
  theme: Theme;
  baseUrls: Record<Vendor, string>;
  providers: ProviderDraft[];
  designSystems: DesignSystem[];
  /** One `model -> fallback` per line (a model id or a vendor name on the left). */
  fallbacks: string;
  checkUpdates: boolean;
  updateChannel: UpdateChannel;
  /** Cloudflare's account for Pages projects; "" for the only one the token reaches. */
  cloudflareAccountId: string;
}

export const UPDATE_CHANNELS: { id: UpdateChannel; label: string; hint: string }[] = [
  { id: "stable", label: "Stable", hint: "Releases, when they are published." },
  { id: "nightly", label: "Nightly", hint: "Built every night from the newest code: new things first, rough edges too." },
];

/** Field key → message. Keys: `variantCount`, `budget`, `baseUrls.openai`, `providers.0.name`… */
export type FieldErrors = Record<string, string>;

export function toDraft(s: Settings): Draft {
  const models = Array.from({ length: MAX_VARIANTS }, (_, i) => s.variants.models[i] ?? "");
  return {
    defaultStack: s.default_stack,
    variantCount: String(s.variants.count),
    models,
    budgetEnabled: s.budget_per_variant_usd !== null,
    budget: s.budget_per_variant_usd === null ? "1" : String(s.budget_per_variant_usd),
    fidelityRounds: String(s.fidelity_rounds),
    imageGeneration: s.image_generation,
    assetExtraction: s.asset_extraction,
    chromiumPath: s.chromium_path ?? "",
    theme: s.theme,
    baseUrls: perVendor((v) => s.base_urls[v] ?? ""),
    providers: s.custom_providers.map((p) => ({
      name: p.name,
      baseUrl: p.base_url,
      models: p.models.join(", "),
      vision: p.vision,
    })),
    designSystems: s.design_systems.map((d) => ({ ...d })),
    fallbacks: Object.entries(s.fallback_models ?? {})
      .map(([from, to]) => `${from} -> ${to}`)
      .join("\n"),
    checkUpdates: s.updates.check_automatically,
    updateChannel: s.updates.channel,
    cloudflareAccountId: s.publishing?.cloudflare_account_id ?? "",
  };
}

/** `model -> fallback` lines as a map, or the 0-based number of the first line that is not one. */
export function parseFallbacks(text: string): Record<string, string> | { badLine: number } {
  const map: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (!line) continue;
    const parts = line.split(/\s*(?:->|→|=)\s*/);
    if (parts.length !== 2 || !parts[0] || !parts[1] || parts[0] === parts[1]) return { badLine: i };
    map[parts[0]] = parts[1];
  }
  return map;
}

export function splitModels(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((m) => m.trim())
    .filter((m) => m.length > 0);
}

/** Why `raw` is not a usable base URL, or null when it is. */
export function urlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return "Enter a full URL, e.g. http://localhost:11434/v1";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Use http:// or https://";
  if (url.username || url.password) return "Put the key in the keychain, not in the URL";
  return null;
}

const PROVIDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

export function validateDraft(d: Draft): FieldErrors {
  const errors: FieldErrors = {};
  const count = Number(d.variantCount);
  if (!Number.isInteger(count) || count < 1 || count > MAX_VARIANTS) {
    errors.variantCount = `Choose between 1 and ${MAX_VARIANTS} variants`;
  }
  if (d.budgetEnabled) {
    const budget = Number(d.budget);
    if (d.budget.trim() === "" || !Number.isFinite(budget) || budget <= 0 || budget > MAX_BUDGET_USD) {
      errors.budget = `Enter an amount above $0 and at most $${MAX_BUDGET_USD}`;
    }
  }
  const rounds = Number(d.fidelityRounds);
  if (d.fidelityRounds.trim() === "" || !Number.isInteger(rounds) || rounds < 0 || rounds > MAX_FIDELITY_ROUNDS) {
    errors.fidelityRounds = `Choose between 0 and ${MAX_FIDELITY_ROUNDS} rounds`;
  }
  for (const vendor of VENDORS) {
    const url = d.baseUrls[vendor].trim();
    const problem = url ? urlProblem(url) : null;
    if (problem) errors[`baseUrls.${vendor}`] = problem;
  }
  const names = new Set<string>();
  d.providers.forEach((p, i) => {
    const name = p.name.trim();
    if (!PROVIDER_NAME.test(name)) {
      errors[`providers.${i}.name`] = "1–40 letters, digits, '-', '_' or '.', starting with a letter or digit";
    } else if ((VENDORS as readonly string[]).includes(name)) {
      errors[`providers.${i}.name`] = "This name belongs to a built-in vendor";
    } else if (names.has(name.toLowerCase())) {
      errors[`providers.${i}.name`] = "Another provider has this name";
    }
    names.add(name.toLowerCase());
    const problem = urlProblem(p.baseUrl);
    if (problem) errors[`providers.${i}.baseUrl`] = problem;
    if (splitModels(p.models).length === 0) errors[`providers.${i}.models`] = "List at least one model";
  });
  const systems = new Set<string>();
  d.designSystems.forEach((ds, i) => {
    const name = ds.name.trim();
    if (!name || name.length > 60) errors[`designSystems.${i}.name`] = "Give it a name (up to 60 characters)";
    else if (systems.has(name.toLowerCase())) errors[`designSystems.${i}.name`] = "Another design system has this name";
    systems.add(name.toLowerCase());
    if (!ds.text.trim()) errors[`designSystems.${i}.text`] = "Describe the design system";
    else if (ds.text.length > 20_000) errors[`designSystems.${i}.text`] = "At most 20,000 characters";
  });
  const account = d.cloudflareAccountId.trim();
  if (account && !/^[A-Za-z0-9]{1,64}$/.test(account)) {
    errors["publishing.cloudflareAccountId"] = "Paste the 32-character account ID from the Cloudflare dashboard";
  }
  const fallbacks = parseFallbacks(d.fallbacks);
  if ("badLine" in fallbacks && typeof fallbacks.badLine === "number") {
    errors.fallbacks = `Line ${fallbacks.badLine + 1}: write "model -> fallback model", two different ids`;
  }
  return errors;
}

/** The settings a valid draft stands for. Call only when `validateDraft` found nothing. */
export function fromDraft(d: Draft): SettingsInput {
  const count = Number(d.variantCount);
  const models = d.models.slice(0, count).map((m) => m.trim());
  // Trailing "automatic" slots need not be stored.
  while (models.length > 0 && models[models.length - 1] === "") models.pop();
  const optional = (v: string) => (v.trim() === "" ? null : v.trim());
  const providers: CustomProviderInput[] = d.providers.map((p) => ({
    name: p.name.trim(),
    base_url: p.baseUrl.trim(),
    models: splitModels(p.models),
    vision: p.vision,
  }));
  return {
    default_stack: d.defaultStack,
    variants: { count, models: models.map((m) => m || "auto") },
    custom_providers: providers,
    base_urls: perVendor((v) => optional(d.baseUrls[v])),
    budget_per_variant_usd: d.budgetEnabled ? Number(d.budget) : null,
    fidelity_rounds: Number(d.fidelityRounds),
    image_generation: d.imageGeneration,
    asset_extraction: d.assetExtraction,
    chromium_path: optional(d.chromiumPath),
    theme: d.theme,
    design_systems: d.designSystems.map((ds) => ({ name: ds.name.trim(), text: ds.text })),
    fallback_models: fallbackMap(d.fallbacks),
    updates: { check_automatically: d.checkUpdates, channel: d.updateChannel },
    // Left out when empty, as the core writes it: a missing value is the default.
    ...(d.cloudflareAccountId.trim() ? { publishing: { cloudflare_account_id: d.cloudflareAccountId.trim() } } : {}),
  };
}

function fallbackMap(text: string): Record<string, string> {
  const parsed = parseFallbacks(text);
  return "badLine" in parsed && typeof parsed.badLine === "number" ? {} : (parsed as Record<string, string>);
}
