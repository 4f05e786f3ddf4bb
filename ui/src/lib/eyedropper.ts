// The eyedropper over the preview. The preview is a sandboxed cross-origin frame: the app
// cannot read its pixels. So the page reports where the designer clicked (the app forwards the
// click from its layer over the frame, lib/pickGate.ts) (and the colour of the
// nearest painted background there, from its styles), and the app reads that pixel off a render
// of the same page laid out at the same size (`preview_pixels`, the headless browser). Without
// the render (no Chromium), the page's own colour is used.
import { parseColor, toHex } from "./color";

export interface Sample {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The page's colour at that place, as its styles say (a fallback). */
  color: string;
}

const isCount = (v: unknown, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

/** A sample message from the page (untrusted), or null. */
export function parseSampleMessage(data: unknown): Sample | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (d.type !== "s2c-sample" || typeof d.color !== "string" || d.color.length > 100) return null;
  if (!isCount(d.x, 100_000) || !isCount(d.y, 1_000_000) || !isCount(d.width, 10_000) || !isCount(d.height, 10_000)) return null;
  const color = parseColor(d.color);
  if (!color) return null;
  return { x: d.x, y: d.y, width: d.width, height: d.height, color: toHex({ ...color, a: 1 }) };
}

/** The colour of one pixel of an image (a `data:` URL of the app's own), or null. */
export async function pixelAt(dataUrl: string, x: number, y: number): Promise<string | null> {
  const image = new Image();
  image.src = dataUrl;
  try {
    await image.decode();
  } catch {
    return null;
  }
  if (x >= image.naturalWidth || y >= image.naturalHeight) return null;
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.drawImage(image, x, y, 1, 1, 0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
  return toHex({ r, g, b, a: 1 });
}
