// Publishing and handing off, IPC mocked: publish to a live link with progress, the link in the
// header and the live version in the history, publishing again updates the same site, the
// errors a user can act on, cancel, the Publishing settings, opening the project in an editor.
import { expect, test, type Page } from "@playwright/test";
import { appInfo, firstVersion, models, project, settings, variantInfo } from "./fixtures";
import { channelOf, ipcCalls, mockIpc, sendOnChannel, servePreviews, setAnswer, settle } from "./mockIpc";

const v1 = firstVersion([], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"])]);
const keys = (set: string[]) =>
  ["openai", "anthropic", "gemini", "replicate", "figma", "netlify", "vercel", "github", "cloudflare"].map((provider) => ({ provider, set: set.includes(provider) }));
const live = {
  service: "netlify",
  site_id: "site-1",
  site_name: "landing",
  url: "https://landing.netlify.app",
  account_id: null,
  version_id: 1,
  published_at: Date.now(),
  files: 4,
  uploaded: 3,
};

async function openProject(page: Page, extra: Record<string, unknown> = {}) {
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: models,
    keys_status: keys(["openai", "netlify"]),
    project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
    project_versions: { current_version: 1, versions: [v1] },
    project_external_changes: [],
    project_events: [],
    project_version_thumbnails: [],
    project_variant_thumbnails: [],
    publish_list: [],
    publish_start: { __deferred: true },
    publish_cancel: null,
    ...extra,
  });
  await servePreviews(page, new Map([["p/p1/1/11/index.html", "<!doctype html><h1>Landing</h1>"]]));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
}

test("publish to Netlify: progress, the link to copy and open, the live version marked, then an update of the same site", async ({ page }) => {
  await openProject(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByTestId("publish-dialog");
  await expect(dialog.getByRole("heading")).toHaveText("Publish v1");
  await expect(dialog.getByLabel("Site name")).toHaveValue("landing");
  await expect(dialog).toContainText("landing.netlify.app");
  await dialog.getByRole("button", { name: "Publish to Netlify" }).click();

  const channel = await channelOf(page, "publish_start", "onProgress");
  await sendOnChannel(page, channel, [{ service: "netlify", stage: "uploading", files: 4, to_send: 3, sent: 1, bytes_to_send: 3072, bytes_sent: 1024 }]);
  await expect(dialog.getByTestId("publish-progress")).toHaveText("Uploading 1 of 3 files, 1 KB of 3 KB (1 unchanged)");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await setAnswer(page, "publish_list", [live]);
  await settle(page, "publish_start", live);

  await expect(dialog.getByTestId("publish-url")).toHaveText("https://landing.netlify.app");
  await expect(page.getByTestId("live-url")).toHaveText("landing.netlify.app");
  await expect(page.getByTestId("history-live")).toBeVisible();
  const first = (await ipcCalls(page)).find((c) => c.cmd === "publish_start")?.args;
  expect(first).toMatchObject({ projectId: "p1", versionId: 1, variantId: 11, service: "netlify", name: "landing", newSite: false });

  await dialog.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("publish-updates")).toContainText("Updates landing.netlify.app, which shows v1 now.");
  await page.getByRole("button", { name: "Update landing.netlify.app" }).click();
  await settle(page, "publish_start", { ...live, uploaded: 1 });
  await expect(page.getByTestId("publish-done")).toContainText("1 of 4 files had changed");
  const again = (await ipcCalls(page)).filter((c) => c.cmd === "publish_start").pop()?.args;
  expect(again).toMatchObject({ service: "netlify", name: null, newSite: false });
});

test("errors say what to do: a refused token opens Settings, a deleted site offers a new one, cancel keeps the live site", async ({ page }) => {
  await openProject(page, { publish_list: [live] });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByTestId("publish-dialog");
  await dialog.getByRole("button", { name: "Update landing.netlify.app" }).click();
  await settle(page, "publish_start", { __error: { code: "unauthorized", message: "Netlify did not accept the token: it may have expired or been revoked. Make a new one and save it in Settings → Publishing." } });
  await expect(dialog.getByTestId("publish-error")).toContainText("Netlify did not accept the token");
  await expect(dialog.getByRole("button", { name: "Open Settings → Publishing" })).toBeVisible();

  await dialog.getByRole("button", { name: "Update landing.netlify.app" }).click();
  await settle(page, "publish_start", { __error: { code: "not_found", message: "The Netlify site “landing” no longer exists, or this token cannot reach it (it may belong to someone else). Publish to a new site instead." } });
  await expect(dialog.getByTestId("publish-updates")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Publish to a new site", exact: true }).click();
  await expect(dialog.getByLabel("Site name")).toBeVisible();
  await dialog.getByRole("button", { name: "Publish to Netlify" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await ipcCalls(page)).some((c) => c.cmd === "publish_cancel")).toBe(true);
  await settle(page, "publish_start", { __error: { code: "cancelled", message: "Publishing was cancelled; the live site was not changed." } });
  await expect(dialog).toContainText("Cancelled. The live site was not changed.");
  const last = (await ipcCalls(page)).filter((c) => c.cmd === "publish_start").pop()?.args;
  expect(last).toMatchObject({ newSite: true, name: "landing" });

  await dialog.getByLabel("Vercel").check();
  await expect(dialog).toContainText("Add a Vercel token in Settings → Publishing first.");
  await expect(dialog.getByRole("button", { name: "Publish to Vercel" })).toBeDisabled();
});

test("Settings → Publishing holds the tokens with their Test, apart from the model keys", async ({ page }) => {
  await openProject(page, { key_test: { ok: true, message: "The token works (Netlify Ada Lovelace)" } });
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByTestId("key-row-openai")).toBeVisible();
  await expect(page.getByTestId("key-row-netlify")).toHaveCount(0);
  await page.getByRole("button", { name: "Publishing" }).click();
  for (const provider of ["netlify", "vercel", "github", "cloudflare"]) await expect(page.getByTestId(`key-row-${provider}`)).toBeVisible();
  await expect(page.getByTestId("key-row-openai")).toHaveCount(0);
  await expect(page.getByTestId("key-row-github")).toContainText("Personal access tokens");
  await page.getByTestId("key-row-netlify").getByRole("button", { name: "Test" }).click();
  await expect(page.getByTestId("key-row-netlify")).toContainText("The token works (Netlify Ada Lovelace)");
  expect((await ipcCalls(page)).find((c) => c.cmd === "key_test")?.args).toEqual({ provider: "netlify" });
});

test("Hand off: open the project in a code editor, the git repository, Push to GitHub", async ({ page }) => {
  await openProject(page, {
    editors_list: [
      { id: "vscode", label: "VS Code", program: "/usr/bin/code", opens_folder: true },
      { id: "text", label: "Text Editor", program: "/usr/bin/gnome-text-editor", opens_folder: false },
    ],
    open_in_editor: null,
    github_push_status: null,
    github_push: { __deferred: true },
  });
  await page.getByRole("button", { name: "Hand off" }).click();
  await page.getByRole("menuitem", { name: "Open in VS Code" }).click();
  await expect(page.getByTestId("toast")).toContainText("Opened in VS Code");
  expect((await ipcCalls(page)).find((c) => c.cmd === "open_in_editor")?.args).toEqual({ projectId: "p1", editorId: "vscode" });

  await page.getByRole("button", { name: "Hand off" }).click();
  await page.getByRole("menuitem", { name: "Push to GitHub…" }).click();
  const dialog = page.getByTestId("push-dialog");
  await expect(dialog).toContainText("Add a GitHub token in Settings → Publishing first.");
});

test("Push to GitHub: a private repository with progress; a push that stopped goes on in the same repository", async ({ page }) => {
  const pushed = {
    repo: "ada/landing",
    url: "https://github.com/ada/landing",
    commits_sent: 3,
    branches: [{ name: "main", commit: "a".repeat(40), version_id: 1 }],
    skipped: [],
    pushed_at: Date.now(),
    placeholder_main: null,
  };
  await openProject(page, {
    keys_status: keys(["openai", "github"]),
    editors_list: [],
    github_push_status: null,
    github_push: { __deferred: true },
    github_open_repo: null,
  });
  await page.getByRole("button", { name: "Hand off" }).click();
  await page.getByRole("menuitem", { name: "Push to GitHub…" }).click();
  const dialog = page.getByTestId("push-dialog");
  await expect(dialog.getByLabel("New repository")).toHaveValue("landing");
  await expect(dialog.getByLabel(/Private/)).toBeChecked();
  await dialog.getByRole("button", { name: "Create and push" }).click();

  // GitHub fails halfway; the repository it made is where the next push goes.
  await setAnswer(page, "github_push_status", { ...pushed, commits_sent: 0, branches: [], placeholder_main: "b".repeat(40) });
  await settle(page, "github_push", { __error: { code: "network", message: "GitHub Pages had a problem on its side (HTTP 502: Server Error). The live site was not changed; try again in a few minutes." } });
  await expect(dialog.getByRole("alert")).toContainText("had a problem on its side");
  await expect(dialog).toContainText("Sends the new versions to github.com/ada/landing.");

  await dialog.getByRole("button", { name: "Push new versions" }).click();
  const channel = await channelOf(page, "github_push", "onProgress");
  await sendOnChannel(page, channel, [{ sent: 1, total: 3 }]);
  await expect(dialog.getByRole("status")).toHaveText("Sent 1 of 3 commits…");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await ipcCalls(page)).some((c) => c.cmd === "publish_cancel")).toBe(true);
  await settle(page, "github_push", { __error: { code: "cancelled", message: "Publishing was cancelled; the live site was not changed." } });
  await expect(dialog).toContainText("Cancelled. GitHub keeps what was already sent; push again to send the rest.");

  await dialog.getByRole("button", { name: "Push new versions" }).click();
  await settle(page, "github_push", pushed);
  await expect(dialog.getByTestId("push-done")).toContainText("Sent 3 new commits.");
  await dialog.getByRole("button", { name: "Open on GitHub" }).click();
  expect((await ipcCalls(page)).some((c) => c.cmd === "github_open_repo")).toBe(true);
  const pushes = (await ipcCalls(page)).filter((c) => c.cmd === "github_push").map((c) => c.args);
  expect(pushes[0]).toMatchObject({ projectId: "p1", name: "landing", privateRepo: true });
});

test("no token yet: the way to Settings → Publishing, and the tab it opens", async ({ page }) => {
  await openProject(page, { keys_status: keys(["openai"]) });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByTestId("publish-dialog");
  await expect(dialog).toContainText("Add a Netlify token in Settings → Publishing first.");
  await expect(dialog.getByRole("button", { name: "Publish to Netlify" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Open Settings" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("key-row-netlify")).toBeVisible();
  await expect(page.getByTestId("key-row-openai")).toHaveCount(0);
});
