import { expect, test } from "@playwright/test";
import { startAnswers, startedTwo } from "./fixtures";
import { channelOf, mockIpc, sendOnChannel } from "./mockIpc";

const started = startedTwo(3);

test("a variant without its key offers Settings → API keys; a vendor that can't be reached is said once, with where to check", async ({ page }) => {
  await mockIpc(page, {
    ...startAnswers(),
    generation_start: started,
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
    ...[2, 3, 4].map((attempt) => ({
      event_id: 1 + attempt,
      variant: 1,
      type: "retrying",
      attempt,
      delay_ms: 500,
      code: "network",
      reason: "anthropic claude-sonnet-4-5: network error talking to https://api.anthropic.com/v1/messages: error sending request: client error (Connect): tcp connect error",
    })),
    { event_id: 6, variant: 1, type: "variant_error", code: "network", message: "anthropic claude-sonnet-4-5: network error talking to https://api.anthropic.com/v1/messages: error sending request" },
  ]);

  const activity = page.getByTestId("activity");
  await expect(activity.getByRole("alert")).toContainText("OpenAI did not accept the API key, or none is stored.");
  await expect(activity.getByRole("alert")).toContainText("openai: no key is stored");

  await page.keyboard.press("Alt+2");
  const unreachable = activity.getByRole("alert");
  await expect(unreachable).toContainText("Can't reach Anthropic. Check your network connection, or its base URL in Settings → Providers.");
  // Said once: three retries are one line, and the connection chain waits under Details.
  await expect(activity.getByTestId("activity-retry")).toHaveCount(1);
  await expect(activity.getByTestId("activity-retry")).toHaveText("Can't reach Anthropic — tried again 3 times.");
  await expect(activity.getByText("tcp connect error")).toHaveCount(0);
  await expect(unreachable.getByText(/network error talking to/)).toBeHidden();
  await unreachable.getByText("Details").click();
  await expect(unreachable.getByText(/network error talking to/)).toBeVisible();
  await expect(page.getByText("This option failed: Anthropic can't be reached.")).toBeVisible();
  await expect(activity.getByRole("button", { name: "Open Settings → API keys" })).toHaveCount(0);
  await activity.getByRole("button", { name: "Open Settings → Providers" }).click();
  const providers = page.getByRole("dialog", { name: "Settings" });
  await expect(providers.getByRole("button", { name: "Providers" })).toHaveAttribute("aria-current", "page");
  await providers.getByRole("button", { name: "Close settings" }).click();

  await page.keyboard.press("Alt+1");
  await activity.getByRole("button", { name: "Open Settings → API keys" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await expect(dialog.getByTestId("key-status-openai")).toHaveText("Not set");
});
