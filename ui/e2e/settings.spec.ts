import { expect, test, type Page } from "@playwright/test";
import { ipcCalls, mockIpc, setAnswer } from "./mockIpc";

const appInfo = {
  name: "Screenshot to Code",
  version: "9.9.9",
  os: "linux",
  arch: "x86_64",
  profile: "debug",
  capabilities: { chromium_path: "/usr/bin/chromium" },
};

const defaults = {
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
  updates: { check_automatically: false, channel: "stable" },
};

const KEY = "sk-playwright-secret-0123456789";

function responses(overrides: Record<string, unknown> = {}) {
  return {
    app_info: appInfo,
    log_from_ui: null,
    "plugin:event|listen": 1,
    settings_get: { settings: defaults, warning: null },
    settings_update: { settings: { ...defaults, variants: { count: 2, models: [] } }, warning: null },
    keys_status: [
      { provider: "openai", set: false },
      { provider: "anthropic", set: true },
      { provider: "gemini", set: false },
      { provider: "replicate", set: false },
    ],
    key_set: { provider: "openai", set: true },
    key_clear: { provider: "anthropic", set: false },
    project_list_recent: [],
    key_test: { ok: true, message: "The key works: 42 models" },
    ...overrides,
  };
}

async function openSettings(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
}

test("keys are set and cleared, shown only as set or not set", async ({ page }) => {
  await mockIpc(page, responses());
  await openSettings(page);

  await expect(page.getByTestId("key-status-openai")).toHaveText("Not set");
  await expect(page.getByTestId("key-status-anthropic")).toHaveText("Set");
  const input = page.getByLabel("OpenAI");
  await expect(input).toHaveAttribute("type", "password");
  await input.fill(KEY);
  await page.getByTestId("key-row-openai").getByRole("button", { name: "Save" }).click();

  await expect(page.getByTestId("key-status-openai")).toHaveText("Set");
  await expect(input).toHaveValue("");
  expect(await page.content()).not.toContain(KEY);
  const calls = await ipcCalls(page);
  expect(calls.find((c) => c.cmd === "key_set")?.args).toEqual({ provider: "openai", key: KEY });

  await page.getByTestId("key-row-anthropic").getByRole("button", { name: "Test" }).click();
  await expect(page.getByTestId("key-row-anthropic")).toContainText("The key works: 42 models");
  expect((await ipcCalls(page)).find((c) => c.cmd === "key_test")?.args).toEqual({ provider: "anthropic" });
  await page.getByTestId("key-row-anthropic").getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("key-status-anthropic")).toHaveText("Not set");
  await page.screenshot({ path: "test-results/settings-keys.png" });
});

test("invalid settings are explained and not sent; valid ones are saved", async ({ page }) => {
  await mockIpc(page, responses());
  await openSettings(page);

  const dialog = page.getByRole("dialog", { name: "Settings" });
  await page.getByRole("button", { name: "Generation" }).click();
  await dialog.getByLabel("Variants").fill("7");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("error-variant-count")).toHaveText("Choose between 1 and 4 variants");
  await expect(page.getByTestId("settings-result")).toContainText("need attention");
  expect((await ipcCalls(page)).map((c) => c.cmd)).not.toContain("settings_update");

  await dialog.getByLabel("Variants").fill("2");
  await dialog.getByLabel("Option 1 model").fill("gpt-5");
  await page.getByRole("button", { name: "Design systems" }).click();
  await page.getByRole("button", { name: "Add a design system" }).click();
  await page.getByLabel("Name").fill("Brand");
  await page.getByLabel("Guidelines").fill("Primary #0f766e, 8px grid");
  await page.getByRole("button", { name: "Providers" }).click();
  await page.getByRole("button", { name: "Add a provider" }).click();
  await page.getByLabel("Name").fill("ollama");
  await page.getByLabel("Base URL").first().fill("http://localhost:11434/v1");
  await page.getByLabel("Models", { exact: true }).fill("llava, qwen2.5-vl");
  await page.screenshot({ path: "test-results/settings-providers.png" });
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(page.getByTestId("settings-result")).toHaveText("Settings saved");
  const update = (await ipcCalls(page)).find((c) => c.cmd === "settings_update");
  expect(update?.args).toMatchObject({
    settings: {
      variants: { count: 2, models: ["gpt-5"] },
      design_systems: [{ name: "Brand", text: "Primary #0f766e, 8px grid" }],
      custom_providers: [{ name: "ollama", base_url: "http://localhost:11434/v1", models: ["llava", "qwen2.5-vl"], vision: true }],
    },
  });
});

test("an error from the core and a set-aside settings file are shown", async ({ page }) => {
  await mockIpc(
    page,
    responses({
      settings_get: { settings: defaults, warning: "Your settings file could not be used (not valid JSON). It was kept as settings.json.bad-1." },
      settings_update: { __error: { code: "invalid_input", message: "Chromium path: leave it unset rather than empty" } },
    }),
  );
  await openSettings(page);

  await expect(page.getByRole("dialog").getByRole("alert").first()).toContainText("settings.json.bad-1");
  await page.getByRole("button", { name: "Appearance" }).click();
  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-result")).toHaveText("Chromium path: leave it unset rather than empty");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("image generation is greyed out with the reason until a Replicate key is saved", async ({ page }) => {
  await mockIpc(page, responses({ key_set: { provider: "replicate", set: true } }));
  await page.goto("/");
  const startToggle = page.getByRole("checkbox", { name: "Generate images" });
  await expect(startToggle).toBeDisabled();
  await expect(startToggle).not.toBeChecked();
  await expect(page.getByText("Add a Replicate key in Settings → API keys")).toBeVisible();

  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await page.getByRole("button", { name: "Generation" }).click();
  const setting = dialog.getByRole("checkbox", { name: /Generate images/ });
  await expect(setting).toBeDisabled();
  await expect(dialog.getByText("Add a Replicate key in Settings → API keys")).toBeVisible();
  await page.screenshot({ path: "test-results/settings-images-no-key.png" });

  await setAnswer(page, "keys_status", [
    { provider: "openai", set: false },
    { provider: "anthropic", set: true },
    { provider: "gemini", set: false },
    { provider: "replicate", set: true },
  ]);
  await page.getByRole("button", { name: "API keys" }).click();
  await page.getByLabel("Replicate").fill("r8_playwright-secret-0123456789");
  await page.getByTestId("key-row-replicate").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("key-status-replicate")).toHaveText("Set");
  await page.getByRole("button", { name: "Generation" }).click();
  await expect(setting).toBeEnabled();
  await expect(setting).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(startToggle).toBeEnabled();
  await expect(startToggle).toBeChecked();
});
