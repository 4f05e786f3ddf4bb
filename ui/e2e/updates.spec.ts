// The update notice and Settings → About & updates, with the updater's commands mocked. The
// real updater (feed, signature, apt, restart) is tested on installed packages:
// scripts/test-updater.sh.
import { expect, test, type Page } from "@playwright/test";
import { appInfo, settings } from "./fixtures";
import { channelOf, emitEvent, ipcCalls, mockIpc, sendOnChannel } from "./mockIpc";

const update = { version: "0.2.0", current_version: "0.1.0", notes: "- **Faster** previews\n- A new export", date: "2026-12-05T12:00:00Z" };
const status = { version: "0.1.0", commit: "1234567abc", releases_url: "https://github.com/s2cdesktop/s2c-desktop/releases", disabled_reason: null };

function responses(overrides: Record<string, unknown> = {}) {
  return {
    app_info: appInfo,
    log_from_ui: null,
    "plugin:event|listen": 1,
    settings_get: { settings: { ...settings, updates: { check_automatically: true, channel: "stable" } }, warning: null },
    keys_status: [],
    project_list_recent: [],
    update_status: status,
    update_check: update,
    update_restart: null,
    ...overrides,
  };
}

async function checksOf(page: Page) {
  return (await ipcCalls(page)).filter((c) => c.cmd === "update_check").map((c) => c.args);
}

async function openAbout(page: Page) {
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("button", { name: "About & updates" }).click();
}

test("the check at start offers the new version with what's new; installing shows the download, then restarts", async ({ page }) => {
  await mockIpc(page, responses({ update_install: { __deferred: true } }));
  await page.goto("/");
  const notice = page.getByTestId("update-notice");
  await expect(notice.getByRole("heading", { name: "Version 0.2.0 is available" })).toBeVisible();
  await expect(notice).toContainText("You have 0.1.0.");
  expect(await checksOf(page)).toEqual([{ automatic: true, channel: null }]);
  await notice.getByRole("button", { name: "What's new" }).click();
  await expect(notice.getByTestId("update-notes").locator("strong")).toHaveText("Faster");
  await page.screenshot({ path: "test-results/update-available.png" });

  await notice.getByRole("button", { name: "Install and restart" }).click();
  const channel = await channelOf(page, "update_install", "onProgress");
  await sendOnChannel(page, channel, [{ phase: "downloading", downloaded: 3_200_000, total: 12_800_000 }]);
  await expect(notice.getByRole("status")).toContainText("Downloading… 3.2 of 12.8 MB");
  await expect(notice.getByRole("progressbar", { name: "Download progress" })).toHaveAttribute("value", "3200000");
  await sendOnChannel(page, channel, [{ phase: "installing" }]);
  await expect(notice.getByRole("status")).toContainText("you may be asked for your password");
});

test("an install that ends well restarts the app", async ({ page }) => {
  await mockIpc(page, responses({ update_install: { kind: "installed", version: "0.2.0" } }));
  await page.goto("/");
  await page.getByRole("button", { name: "Install and restart" }).click();
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "update_restart")).toBe(true);
  await expect(page.getByTestId("update-notice")).toContainText("Installed. Restarting…");
});

test("when installing needs an administrator, the card gives the command to copy, and Restart", async ({ page }) => {
  const command = "sudo apt install '/home/ann/.cache/app.screenshottocode.desktop/updates/screenshot-to-code_0.2.0_amd64.deb'";
  const message = "Installing the update needs an administrator's password, and this desktop has no way to ask for it. Run this command in a terminal, then restart the app:";
  await mockIpc(page, responses({ update_install: { kind: "manual", version: "0.2.0", message, command } }));
  await page.goto("/");
  await page.getByRole("button", { name: "Install and restart" }).click();
  const manual = page.getByTestId("update-manual");
  await expect(page.getByRole("heading", { name: "Version 0.2.0 is downloaded" })).toBeVisible();
  await expect(manual).toContainText(message);
  await expect(page.getByTestId("update-command")).toHaveText(command);
  await page.screenshot({ path: "test-results/update-needs-admin.png" });
  await manual.getByRole("button", { name: "Restart" }).click();
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "update_restart")).toBe(true);
});

test("a download that does not match its signature is refused with the reason; Close puts the card away", async ({ page }) => {
  const refused = "The download of version 0.2.0 did not match its signature, so it was not installed. You are still on version 0.1.0, which keeps working. Try again later.";
  await mockIpc(page, responses({ update_install: { __error: { code: "forbidden", message: refused } } }));
  await page.goto("/");
  await page.getByRole("button", { name: "Install and restart" }).click();
  const notice = page.getByTestId("update-notice");
  await expect(notice.getByRole("heading", { name: "Version 0.2.0 was not installed" })).toBeVisible();
  await expect(notice.getByRole("alert")).toHaveText(refused);
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);
});

test("offline, or with nothing new, the check at start shows nothing", async ({ page }) => {
  await mockIpc(page, responses({ update_check: null }));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Screenshot to Code" })).toBeVisible();
  await expect.poll(() => checksOf(page)).toHaveLength(1);
  await expect(page.getByTestId("update-notice")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("with automatic checks off, nothing is asked at start", async ({ page }) => {
  await mockIpc(page, responses({ settings_get: { settings, warning: null } }));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Screenshot to Code" })).toBeVisible();
  await openAbout(page);
  await expect(page.getByLabel("Check for updates automatically")).not.toBeChecked();
  expect(await checksOf(page)).toEqual([]);
});

test("Settings shows the version and commit and checks the channel it shows, saved or not", async ({ page }) => {
  await mockIpc(page, responses({ settings_get: { settings, warning: null }, update_check: { __sequence: [null, { __error: { code: "network", message: "Couldn't check for updates: the update server can't be reached. Check your connection and try again." } }] } }));
  await page.goto("/");
  await openAbout(page);
  await expect(page.getByTestId("about-version")).toHaveText("Screenshot to Code 0.1.0 (commit 1234567abc)");
  await page.getByLabel("Channel").selectOption("nightly");
  await expect(page.getByText("Built every night from the newest code")).toBeVisible();
  await page.getByRole("button", { name: "Check for updates" }).click();
  await expect(page.getByTestId("update-check-result")).toHaveText("You have the newest version.");
  expect(await checksOf(page)).toEqual([{ automatic: false, channel: "nightly" }]);
  await page.screenshot({ path: "test-results/settings-about-updates.png" });
  await page.getByRole("button", { name: "Check for updates" }).click();
  await expect(page.getByRole("alert")).toHaveText(/can't be reached/);
});

test("a build that does not update itself says so and offers no check", async ({ page }) => {
  const reason = "This is a development build, which does not update itself. Released versions are at https://github.com/s2cdesktop/s2c-desktop/releases.";
  await mockIpc(page, responses({ update_status: { ...status, disabled_reason: reason }, update_check: null }));
  await page.goto("/");
  await openAbout(page);
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByLabel("Check for updates automatically")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Check for updates" })).toBeDisabled();
});

test("the app menu's Check for Updates opens About & updates and checks", async ({ page }) => {
  await mockIpc(page, responses({ settings_get: { settings, warning: null }, update_check: null }));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Screenshot to Code" })).toBeVisible();
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "plugin:event|listen" && (c.args as { event: string }).event === "update-check-requested")).toBe(true);
  await emitEvent(page, "update-check-requested", null);
  await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("update-check-result")).toHaveText("You have the newest version.");
  expect(await checksOf(page)).toEqual([{ automatic: false, channel: null }]);
});

test("an update found from Settings shows inside About & updates, leaving the dialog's buttons free", async ({ page }) => {
  await mockIpc(page, responses({ settings_get: { settings, warning: null }, settings_update: { settings, warning: null } }));
  await page.goto("/");
  await openAbout(page);
  await page.getByRole("button", { name: "Check for updates" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await expect(dialog.getByTestId("update-notice").getByRole("heading", { name: "Version 0.2.0 is available" })).toBeVisible();
  await expect(page.getByTestId("update-notice")).toHaveCount(1);
  await page.screenshot({ path: "test-results/settings-update-found.png" });
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog.getByText("Settings saved")).toBeVisible();
  // Closing Settings leaves the card where the person can still act on it.
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByTestId("update-notice").getByRole("button", { name: "Install and restart" })).toBeVisible();
});
