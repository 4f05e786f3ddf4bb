// A designer's first run: no key yet. The start screen says what to do first and goes there;
// Generate explains itself instead of failing; a key added in Settings clears the message and
// fills the model pickers (with what the key's Test found); options that need a missing key are
// off with the reason; a generation the core refuses leaves no project behind.
import { expect, test, type Page } from "@playwright/test";
import { appInfo, project, settings } from "./fixtures";
import { ipcCalls, mockIpc, setAnswer } from "./mockIpc";

const noKeys = ["openai", "anthropic", "gemini", "replicate", "figma"].map((provider) => ({ provider, set: false }));
const openaiKey = noKeys.map((k) => (k.provider === "openai" ? { ...k, set: true } : k));
const catalog = [
  { id: "gpt-5", provider: "openai", label: "GPT-5", vision: true, video: false, has_key: false },
  { id: "claude-sonnet-4-5", provider: "anthropic", label: "Claude Sonnet 4.5", vision: true, video: false, has_key: false },
];

function answers(overrides: Record<string, unknown> = {}) {
  return {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    keys_status: noKeys,
    models_available: catalog,
    project_list_recent: [],
    projects_folder: "/home/me/Documents/Screenshot to Code",
    key_set: { provider: "openai", set: true },
    key_test: { ok: true, message: "The key works (3 models available)" },
    ...overrides,
  };
}

async function optionLabels(page: Page, id: string): Promise<string[]> {
  return page.locator(`#${id} option`).allTextContents();
}

test("with no key the start screen says what to do first, and Generate explains itself", async ({ page }) => {
  await mockIpc(page, answers());
  await page.goto("/");
  const card = page.getByTestId("first-run");
  await expect(card).toContainText("First, connect an AI model");
  await expect(card).toContainText("Add an OpenAI, Anthropic or Gemini key — or point to a local server");
  await page.screenshot({ path: "test-results/first-run.png" });

  await card.getByRole("button", { name: "Use a local server" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByRole("button", { name: "Providers" })).toHaveAttribute("aria-current", "page");
  await dialog.getByRole("button", { name: "Close settings" }).click();

  await page.getByTestId("file-input").setInputFiles({ name: "landing.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  const assets = page.getByRole("checkbox", { name: "Extract assets from the screenshots" });
  await expect(assets).toBeDisabled();
  await expect(assets).not.toBeChecked();
  await expect(page.getByText("Add a Gemini key in Settings → API keys")).toBeVisible();
  expect(await optionLabels(page, "gen-model-0")).toEqual(["Auto"]);

  await page.getByRole("button", { name: /Generate/ }).click();
  const error = page.getByTestId("generate-error");
  await expect(error).toContainText("Nothing was started: no AI model can be reached yet. Add an OpenAI, Anthropic or Gemini key — or point to a local server.");
  expect((await ipcCalls(page)).map((c) => c.cmd)).not.toContain("project_create");
  await page.screenshot({ path: "test-results/first-run-generate.png", fullPage: true });

  // The button goes to the keys; a key saved there takes the message away and fills the pickers.
  await setAnswer(page, "keys_status", openaiKey);
  await setAnswer(page, "models_available", catalog.map((m) => ({ ...m, has_key: m.provider === "openai" })));
  await error.getByRole("button", { name: "Open Settings → API keys" }).click();
  await expect(dialog.getByRole("button", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await dialog.locator("#key-openai").fill("sk-first-run-0123456789abcdef");
  await dialog.getByTestId("key-row-openai").getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByTestId("key-status-openai")).toHaveText("Set");
  await expect(page.getByTestId("generate-error")).toHaveCount(0);
  await expect(page.getByTestId("first-run")).toHaveCount(0);
  await expect.poll(() => optionLabels(page, "gen-model-0")).toEqual(["Auto", "GPT-5"]);

  // Test finds what the key reaches (here a model behind the OpenAI base URL): the pickers follow.
  await setAnswer(page, "models_available", [{ id: "openai:qwen2.5-vl", provider: "openai", label: "qwen2.5-vl", vision: true, video: false, has_key: true }]);
  await dialog.getByTestId("key-row-openai").getByRole("button", { name: "Test" }).click();
  await expect(dialog.getByText("The key works (3 models available)")).toBeVisible();
  await dialog.getByRole("button", { name: "Close settings" }).click();
  await expect.poll(() => optionLabels(page, "gen-model-0")).toEqual(["Auto", "qwen2.5-vl"]);
});

test("a generation the core refuses for a missing key offers the keys and leaves no project behind", async ({ page }) => {
  await mockIpc(
    page,
    answers({
      keys_status: openaiKey,
      project_create: project,
      project_discard: null,
      generation_start: { __error: { code: "missing_key", message: "claude-sonnet-4-5 needs an Anthropic key: add one in Settings → API keys, or pick another model." } },
    }),
  );
  await page.goto("/");
  await page.getByLabel("…or describe the page").fill("A pricing page with three plans");
  await page.getByRole("button", { name: /Generate/ }).click();
  const error = page.getByTestId("generate-error");
  await expect(error).toContainText("claude-sonnet-4-5 needs an Anthropic key: add one in Settings → API keys, or pick another model.");
  await expect(error.getByRole("button", { name: "Open Settings → API keys" })).toBeVisible();
  const calls = await ipcCalls(page);
  expect(calls.find((c) => c.cmd === "project_discard")?.args).toEqual({ projectId: project.id });
});

test("the folder a new project goes in is shown and can be chosen", async ({ page }) => {
  await mockIpc(
    page,
    answers({
      keys_status: openaiKey,
      "plugin:dialog|open": "/home/me/Work/Clients",
      project_create: project,
      generation_start: { generation_id: 1, version_id: 1, variants: [{ index: 0, variant_id: 1, provider: "openai", model: "gpt-5" }] },
      project_versions: { current_version: null, versions: [] },
      project_external_changes: [],
      project_rename: { ...project, name: "Pricing page" },
    }),
  );
  await page.goto("/");
  const folder = page.getByTestId("project-folder");
  await expect(folder).toContainText("Saved in/home/me/Documents/Screenshot to Code");
  await folder.getByRole("button", { name: "Change…" }).click();
  await expect(page.getByTestId("project-folder-path")).toHaveText("/home/me/Work/Clients");
  await page.screenshot({ path: "test-results/project-folder.png" });
  await page.getByLabel("…or describe the page").fill("A pricing page with three plans");
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText(project.name);
  const calls = await ipcCalls(page);
  expect(calls.find((c) => c.cmd === "project_create")?.args).toEqual({ name: "A pricing page with three plans", parentDir: "/home/me/Work/Clients" });

  // The name is edited where it is shown.
  await page.getByRole("button", { name: `Rename ${project.name}` }).click();
  const name = page.getByLabel("Project name");
  await name.fill("Pricing page");
  await name.press("Enter");
  await expect(page.getByTestId("project-name")).toHaveText("Pricing page");
  expect((await ipcCalls(page)).find((c) => c.cmd === "project_rename")?.args).toEqual({ projectId: project.id, name: "Pricing page" });
});
