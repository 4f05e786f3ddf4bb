// The stage read off the display while a project opens: when it first shows something of the
// page (the app's picture of it, or the page), and when the page itself, as it ends up.
import { WINDOW_TITLE } from "../harness.mjs";
import { boxShares, windowPixels } from "../screen.mjs";

/** A reading is the page once it differs from the last one in under this share of the box. */
const SAME_AT_MOST = 0.005;
/** …and shows something while under this share of it is pure white (the empty box). */
const BLANK_FROM = 0.9;

/** The share of `box` (window px, every other pixel) that differs between two readings of the
 *  same window ({width, height, pixels, channels}, as `windowPixels` gives them). */
function differs(a, b, box) {
  let seen = 0;
  let changed = 0;
  for (let y = box.y; y < Math.min(a.height, box.y + box.height); y += 2) {
    for (let x = box.x; x < Math.min(a.width, box.x + box.width); x += 2) {
      const at = (y * a.width + x) * a.channels;
      seen++;
      if (Math.max(Math.abs(a.pixels[at] - b.pixels[at]), Math.abs(a.pixels[at + 1] - b.pixels[at + 1]), Math.abs(a.pixels[at + 2] - b.pixels[at + 2])) > 30) changed++;
    }
  }
  return seen === 0 ? 1 : changed / seen;
}

/**
 * Clicks with `open`, reads the window off the display for `forMs`, then finds where the stage
 * was (`[data-testid="native-preview"]` or the frame): {somethingMs, pageMs, readings}, null
 * times for what never came.
 */
export async function watchStageOpen(browser, open, { forMs = 2500 } = {}) {
  const started = Date.now();
  await open();
  const readings = [];
  while (Date.now() - started < forMs) readings.push({ at: Date.now() - started, image: await windowPixels(WINDOW_TITLE) });
  const box = await browser.execute(() => {
    const stage = document.querySelector('[aria-label="Selected variant"] :is([data-testid="native-preview"], [data-testid="preview-frame"])');
    if (!stage) return null;
    const r = stage.getBoundingClientRect();
    return { x: Math.ceil(r.left), y: Math.ceil(r.top), width: Math.floor(r.width), height: Math.floor(r.height) };
  });
  if (!box) return { somethingMs: null, pageMs: null, readings: readings.length };
  const last = readings.at(-1).image;
  const looks = readings.map((r) => ({ at: r.at, white: boxShares(r.image, box, { step: 2 })?.white ?? 1, off: differs(r.image, last, box) }));
  // Something of the page: not the empty box, and not what was there before the project opened.
  const something = looks.find((l) => l.white < BLANK_FROM && l.off < 0.2);
  const page = looks.find((l) => l.off < SAME_AT_MOST);
  return { somethingMs: something?.at ?? null, pageMs: page?.at ?? null, readings: readings.length };
}
