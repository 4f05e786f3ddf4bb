import { expect, test } from "@playwright/test";
import { appInfo, models, project, settings, startedTwo } from "./fixtures";
import { channelOf, mockIpc, sendOnChannel } from "./mockIpc";

const started = startedTwo(3);

test("a variant without its key offers Settings → API keys; one without network says it is offline", async ({ page }) => {
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: models,
    project_list_recent: [],
    project_create: project,
    generation_start: started,
    project_versions: { current_version: null, versions: [] },
    project_external_changes: [],
    project_events: [],
    keys_status: [
      { provider: "openai", set: false },
      { provider: "anthropic", set: true },
      { provider: "gemini", set: false },
      { provider: "replicate", set: false },
    ],
  });
  await page.goto("/");
  await page.getByLabel("…or describe the page").fill("A pricing page with three plans");
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("landing");

  // What the engine sends when a vendor has no stored key, and when the network is down.
  const channel = await channelOf(page, "generation_start");
  await sendOnChannel(page, channel, [
    { event_id: 0, variant: 0, type: "started", provider: "openai", model: "gpt-5" },
    { event_id: 1, variant: 1, type: "started", provider: "anthropic", model: "claude-sonnet-4-5" },
    { event_id: 2, variant: 0, type: "variant_error", code: "auth", message: "openai: no key is stored" },
    { event_id: 3, variant: 1, type: "variant_error", code: "network", message: "anthropic: error sending request" },
  ]);

  const activity = page.getByTestId("activity");
  await expect(activity.getByRole("alert")).toContainText("OpenAI did not accept the API key, or none is stored.");
  await expect(activity.getByRole("alert")).toContainText("openai: no key is stored");

  await page.keyboard.press("Alt+2");
  await expect(activity.getByRole("alert")).toContainText("You appear to be offline, or Anthropic can't be reached.");
  await expect(activity.getByRole("button", { name: "Open Settings → API keys" })).toHaveCount(0);

  await page.keyboard.press("Alt+1");
  await activity.getByRole("button", { name: "Open Settings → API keys" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await expect(dialog.getByTestId("key-status-openai")).toHaveText("Not set");
});
