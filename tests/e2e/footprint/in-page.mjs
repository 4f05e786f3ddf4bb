// What the footprint measures inside the app's page, installed through WebDriver: every
// animation frame's time (frame gaps), every preview (re)load, and input reactions — from the
// input event to the first animation frame in which the page shows the change.

/** Start recording frame times, preview loads (each load is a new iframe element) and pages
 *  that followed their newest version in place (each answers the app: preview/bridge.js). */
export async function recordFrames(browser, { timeline = false } = {}) {
  await browser.execute((timeline) => {
    window.__previewLoads = 0;
    window.__previewRefreshes = 0;
    window.__cardPictures = 0;
    // With `timeline`: what changed when, to put beside the long frames (S2C_FOOTPRINT_TIMELINE).
    window.__timeline = [];
    const note = (what) => {
      if (timeline) window.__timeline.push({ t: performance.now(), what });
    };
    const named = (node) => {
      const el = node?.closest?.("[data-testid],[aria-label]");
      return el?.getAttribute("data-testid") ?? el?.getAttribute("aria-label") ?? node?.nodeName ?? "?";
    };
    const where = (node) => node.parentElement?.closest("[data-testid]")?.getAttribute("data-testid") ?? "?";
    window.addEventListener("message", (e) => {
      if (e.data && e.data.type === "s2c-refreshed" && e.data.ok === true) {
        window.__previewRefreshes++;
        note("a page refreshed in place");
      }
    });
    // A picture a card shows: added, or replaced by a newer one (its src).
    const cardPicture = (node) => node.nodeName === "IMG" && node.closest('[data-testid^="variant-card-"]') !== null;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeName === "IFRAME") window.__previewLoads++;
          if (cardPicture(node)) window.__cardPictures++;
        }
        if (change.type === "attributes" && change.attributeName === "src" && cardPicture(change.target)) window.__cardPictures++;
        if (!timeline) continue;
        for (const node of change.addedNodes) {
          if (node.nodeName === "IFRAME") note(`iframe added in ${where(node)}`);
          else if (node.nodeName === "IMG") note(`img added in ${where(node)}`);
        }
        for (const node of change.removedNodes) if (node.nodeName === "IFRAME") note(`iframe removed from ${where(change.target)}`);
        if (change.type === "attributes" && change.target.nodeName === "IFRAME" && change.attributeName === "src") note(`iframe src changed in ${where(change.target)}`);
        else if (change.type === "attributes" && change.attributeName === "aria-label" && change.target.getAttribute("role") === "img") note(`${where(change.target)}: ${change.target.getAttribute("aria-label")}`);
        else if (change.type === "attributes" && change.attributeName === "aria-selected" && change.target.getAttribute("aria-selected") === "true") note(`selected ${named(change.target)}`);
        else if (change.type === "childList") note(`DOM ${change.addedNodes.length}+/${change.removedNodes.length}- in ${named(change.target)}`);
        else if (change.type === "characterData") note(`text in ${named(change.target.parentElement)}`);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: timeline, attributes: true, attributeFilter: timeline ? ["src", "aria-label", "aria-selected"] : ["src"] });
    window.__frames = [];
    const tick = (t) => {
      window.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, timeline);
}

/** Add `css` to the window's page (S2C_FOOTPRINT_CSS experiments); nothing when empty. */
export async function addStyle(browser, css) {
  if (!css) return;
  await browser.execute((css) => {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.appendChild(style);
  }, css);
}

/** The page's clock (performance.now()), to cut a window out of the recorded frames. */
export function pageNow(browser) {
  return browser.execute(() => performance.now());
}

/** The recorded frame times between `from` and `to` (page clock), and the preview loads and
 *  refreshes in place so far. */
export function recordedFrames(browser, from = 0, to = Infinity) {
  return browser.execute(
    (from, to) => ({
      frames: window.__frames.filter((t) => t >= from && t <= (to ?? Infinity)),
      previewLoads: window.__previewLoads,
      previewRefreshes: window.__previewRefreshes,
      cardPictures: window.__cardPictures,
      timeline: window.__timeline.filter((e) => e.t >= from && e.t <= (to ?? Infinity)),
    }),
    from,
    Number.isFinite(to) ? to : null,
  );
}

/**
 * Listen for input in the capture phase and check, in every animation frame, whether the armed
 * reaction shows. A reaction's time starts at the event's own timestamp (when the input was made,
 * before any queueing in the busy page), or when the listener ran if the timestamp is unusable.
 */
export async function installReactionProbe(browser) {
  await browser.execute(() => {
    if (window.__probe) return;
    const probe = { armed: null, results: {} };
    window.__probe = probe;
    const streaming = () => document.querySelector('[data-testid^="variant-card-"] [aria-label="Generating"]') !== null;
    const onInput = (e) => {
      const armed = probe.armed;
      if (!armed || armed.t0 !== null) return;
      const now = performance.now();
      const stamp = e.timeStamp;
      armed.t0 = stamp > 0 && stamp <= now && now - stamp < 60_000 ? stamp : now;
      armed.heardAt = now;
      armed.streaming = streaming();
    };
    for (const type of ["pointerdown", "mousedown", "keydown"]) window.addEventListener(type, onInput, true);
    const shows = (check) => {
      const all = document.querySelectorAll(check.selector);
      const el = all[0];
      if ("count" in check) return all.length >= check.count && [...all].every((img) => !check.loaded || (img.complete && img.naturalWidth > 0));
      if (!el) return false;
      if ("attr" in check) return el.getAttribute(check.attr) === check.value;
      if ("valueEndsWith" in check) return el.value.endsWith(check.valueEndsWith);
      if ("textStartsWith" in check) return el.textContent.startsWith(check.textStartsWith);
      return true;
    };
    // When the page's DOM first shows the change (the app's own work done), apart from the
    // frame that draws it: splits a slow reaction into waiting for the thread, the app's
    // work, and drawing.
    new MutationObserver(() => {
      const armed = probe.armed;
      if (armed && armed.t0 !== null && armed.changedAt === null && shows(armed.check)) armed.changedAt = performance.now();
    }).observe(document.documentElement, { attributes: true, childList: true, characterData: true, subtree: true });
    const tick = () => {
      const armed = probe.armed;
      if (armed && armed.t0 !== null && shows(armed.check)) {
        const at = performance.now();
        const changedAt = armed.changedAt ?? at;
        probe.results[armed.id] = {
          ms: at - armed.t0,
          streaming: armed.streaming,
          split: { waitMs: armed.heardAt - armed.t0, workMs: changedAt - armed.heardAt, drawMs: at - changedAt },
        };
        probe.armed = null;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

let nextId = 0;

/**
 * Arm the probe for `check` (see `shows` above), do `act` (a WebDriver input), and wait for the
 * reaction: {ms, streaming} — or {ms: null, error} when the page never showed it.
 */
export async function reaction(browser, what, check, act, { timeout = 20_000 } = {}) {
  const id = `r${nextId++}`;
  await browser.execute((id, check) => (window.__probe.armed = { id, check, t0: null, heardAt: null, changedAt: null, streaming: null }), id, check);
  await act();
  // Waited for inside the page: polling it from here would run a script in the window every
  // few milliseconds while the window is being timed. In slices under WebDriver's script timeout.
  const deadline = Date.now() + timeout;
  for (let left = timeout; left > 0; left = deadline - Date.now()) {
    // A script that failed (the document replaced meanwhile) is asked again, as a poll would.
    const result = await browser.executeAsync(
      (id, slice, done) => {
        const started = performance.now();
        const check = () => {
          const found = window.__probe.results[id];
          if (found) done(found);
          else if (performance.now() - started > slice) done(null);
          else setTimeout(check, 50);
        };
        check();
      },
      id,
      Math.min(left, 10_000),
    ).catch(() => new Promise((again) => setTimeout(() => again(null), 100)));
    if (result) return result;
  }
  await browser.execute(() => (window.__probe.armed = null));
  return { ms: null, streaming: null, error: `timed out after ${timeout} ms waiting for the page to show ${what}` };
}
