// A generation in the real window against the mock vendor: a screenshot goes in, two variants
// stream over a real ipc Channel, one is cancelled, their pages are served by the preview
// scheme into a sandboxed iframe, a hand edit and an update make new versions, and after a
// restart the project and its versions are all there.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eventsInPage, generateInPage, invokeInPage, launchApp, poll, saveDrawnScreenshot, useMockOpenAi } from "../harness.mjs";
import { PAGE_TITLE, startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-generation-0123456789abcdef";
const SAMPLE = new URL("../../fixtures/samples/login.png", import.meta.url);
// The first model writes its page at once; the second slowly enough to be cancelled.
const FAST = "gpt-5.4";
const SLOW = "gpt-5.4-mini";

let vendor;
let app;
let home;

async function start() {
  app = await launchApp(home ? { home } : {});
  home = app.home;
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
}

before(async () => {
  vendor = await startMockVendor({ delayMs: (model) => (model === SLOW ? 400 : 5) });
  await start();
  // Settings as the app keeps them: only changes are written; the key goes to the keychain.
  await useMockOpenAi(app.browser, vendor.url, KEY);
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

function generate(request) {
  return generateInPage(app.browser, request);
}

function events() {
  return eventsInPage(app.browser);
}

function waitFor(what, check, timeout = 30_000) {
  return poll(what, check, { timeout, interval: 150 });
}

let project;
let first;

test("a screenshot becomes two variants streaming live; one is cancelled", async () => {
  const created = await invokeInPage(app.browser, "project_create", { name: "Login", parentDir: join(home, "projects") });
  project = created.ok;
  assert.ok(project?.id, JSON.stringify(created));
  const shot = join(home, "login.png");
  copyFileSync(SAMPLE, shot);
  const input = await invokeInPage(app.browser, "project_add_input", { projectId: project.id, path: shot });
  assert.equal(input.ok?.media_type, "image/png", JSON.stringify(input));
  const notImage = join(home, "notes.txt");
  writeFileSync(notImage, "hello");
  const refused = await invokeInPage(app.browser, "project_add_input", { projectId: project.id, path: notImage });
  assert.match(refused.err?.message ?? "", /is not a PNG, JPEG or WebP screenshot/);

  const started = await generate({
    project_id: project.id,
    stack: "html_tailwind",
    source: { kind: "screenshots", input_ids: [input.ok.id] },
    instructions: null,
    models: [FAST, SLOW],
    design_system: null,
    generate_images: false,
    extract_assets: false,
  });
  first = started.ok;
  assert.equal(first?.variants.length, 2, JSON.stringify(started));

  // Option 1 completes; option 2 is still writing its page, visibly, when it is cancelled.
  await waitFor("option 1 to complete", async () =>
    (await events()).some((e) => e.variant === 0 && e.type === "variant_complete"),
  );
  await waitFor("option 2's code to stream", async () =>
    (await events()).some((e) => e.variant === 1 && e.type === "code_delta"),
  );
  const cancel = await invokeInPage(app.browser, "generation_cancel", { generationId: first.generation_id, variant: 1 });
  assert.ok(!cancel.err, JSON.stringify(cancel));
  await waitFor("the generation to finish", async () => (await events()).some((e) => e.type === "finished"));
  const all = await events();
  const ids = all.map((e) => e.event_id);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b), "events arrive in event_id order");
  assert.ok(all.some((e) => e.variant === 1 && e.type === "variant_cancelled"));
  const finished = all.find((e) => e.type === "finished");
  assert.equal(finished.completed, 1);
  assert.equal(finished.cancelled, 1);
  assert.ok(vendor.requests.every((r) => r.authorization === `Bearer ${KEY}`));
});

test("the preview scheme serves the page into a sandboxed iframe", async () => {
  const url = first.variants[0].preview_url;
  assert.match(url, /^preview:\/\/localhost\/t\/[0-9a-f]{32}\/index\.html$/);
  const title = await app.browser.executeAsync((url, done) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.style.cssText = "width:800px;height:600px;position:fixed;left:0;top:0;z-index:99999;background:white";
    frame.src = url;
    frame.dataset.testid = "e2e-preview";
    // The page is cross-origin to the app: it answers only through postMessage.
    window.addEventListener("message", (e) => {
      if (e.source === frame.contentWindow && e.data?.type === "s2c-select") done(e.data.html);
    });
    frame.onload = () => {
      frame.contentWindow.postMessage({ type: "s2c-select-mode", on: true }, "*");
      let readable = "cross-origin";
      try {
        readable = frame.contentDocument ? "readable" : "cross-origin";
      } catch {
        readable = "cross-origin";
      }
      window.__frameAccess = readable;
      done("loaded");
    };
    document.body.appendChild(frame);
  }, url);
  assert.equal(title, "loaded");
  assert.equal(await app.browser.execute(() => window.__frameAccess), "cross-origin");
  await saveDrawnScreenshot(app.browser, "generation-preview");
  // The page inside really rendered the generated markup (checked from the page's side).
  const frame = await app.browser.$('[data-testid="e2e-preview"]');
  await app.browser.switchFrame(frame);
  const h1 = await app.browser.$("h1");
  assert.equal(await h1.getText(), PAGE_TITLE);
  await app.browser.switchFrame(null);
  await app.browser.execute(() => document.querySelector('[data-testid="e2e-preview"]')?.remove());
});

test("a hand edit and an update make new versions on disk", async () => {
  await waitFor("the version to be stored", async () => {
    const tree = await invokeInPage(app.browser, "project_versions", { projectId: project.id });
    return tree.ok?.versions.some((v) => v.id === first.version_id && v.variants.every((x) => x.status !== "generating"));
  });
  const edited = readFileSync(join(project.path, "index.html"), "utf8").replace(PAGE_TITLE, "Sign in, by hand");
  const saved = await invokeInPage(app.browser, "project_save_file", {
    projectId: project.id,
    baseVersionId: first.version_id,
    variantId: first.variants[0].variant_id,
    path: "index.html",
    content: edited,
  });
  assert.equal(saved.ok?.kind, "manual_save", JSON.stringify(saved));

  const update = await generate({
    project_id: project.id,
    stack: "html_tailwind",
    source: {
      kind: "update",
      version_id: first.version_id,
      variant_id: first.variants[0].variant_id,
      change_request: "Greet returning users",
      selected_element: null,
      reference_input_ids: [],
    },
    instructions: null,
    models: [FAST],
    design_system: null,
    generate_images: false,
    extract_assets: false,
  });
  assert.ok(update.ok, JSON.stringify(update));
  await waitFor("the update to be stored", async () => {
    const tree = await invokeInPage(app.browser, "project_versions", { projectId: project.id });
    // Current once stored and written to the working files.
    return tree.ok?.current_version === update.ok.version_id;
  });
  assert.match(readFileSync(join(project.path, "index.html"), "utf8"), /Welcome back/);
});

test("after a restart the project and every version are there", async () => {
  await app.close();
  await start();
  const recent = await invokeInPage(app.browser, "project_list_recent", {});
  assert.equal(recent.ok?.[0]?.id, project.id, JSON.stringify(recent));
  const tree = await invokeInPage(app.browser, "project_versions", { projectId: project.id });
  const kinds = tree.ok.versions.map((v) => v.kind);
  assert.deepEqual(kinds, ["generation", "manual_save", "edit"], JSON.stringify(tree));
  const statuses = tree.ok.versions[0].variants.map((v) => v.status);
  assert.deepEqual(statuses, ["complete", "cancelled"]);
  await saveDrawnScreenshot(app.browser, "after-restart");
});
