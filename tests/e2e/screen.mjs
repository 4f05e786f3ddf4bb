// Screenshots of the app's window as the X server shows it. WebKitWebDriver's own screenshot
// asks WebKit for a snapshot of the page, and with compositing off (no GPU: the app turns it
// off, src-tauri/src/webview_env.rs) that snapshot never completes once a preview iframe is on
// screen, although the window keeps painting. Reading the pixels off the display shows what a
// user sees, whatever WebKit's rendering mode.
import { execFile } from "node:child_process";
import { encodePng } from "./png.mjs";

const XWD_TIMEOUT_MS = 10_000;

/** A PNG of the top-level window titled `title` on $DISPLAY (needs `xwd`, from x11-apps). */
export async function captureWindow(title) {
  return encodePng(await windowPixels(title));
}

/** The window's pixels as {width, height, pixels: RGB bytes}, as `captureWindow` sees them. */
export async function windowPixels(title) {
  const xwd = await new Promise((resolve, reject) => {
    execFile(
      "xwd",
      ["-silent", "-name", title],
      { encoding: "buffer", maxBuffer: 256 * 1024 * 1024, timeout: XWD_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`xwd could not capture the window "${title}" on ${process.env.DISPLAY}: ${error.message} ${stderr}`));
        else resolve(stdout);
      },
    );
  });
  return decodeXwd(xwd);
}

/** {width, height, pixels: RGB bytes} from an X window dump of a TrueColor ZPixmap. */
export function decodeXwd(bytes) {
  const field = (index) => bytes.readUInt32BE(index * 4);
  const [headerSize, version, format] = [field(0), field(1), field(2)];
  const [width, height] = [field(4), field(5)];
  const littleEndian = field(7) === 0;
  const [bitsPerPixel, bytesPerLine] = [field(11), field(12)];
  const masks = [field(14), field(15), field(16)];
  const colors = field(19);
  if (version !== 7 || format !== 2 || (bitsPerPixel !== 32 && bitsPerPixel !== 24)) {
    throw new Error(`unsupported window dump: version ${version}, format ${format}, ${bitsPerPixel} bits per pixel`);
  }
  const start = headerSize + colors * 12;
  if (bytes.length < start + bytesPerLine * height) throw new Error("truncated window dump");
  const shifts = masks.map((mask) => 31 - Math.clz32(mask & -mask));
  const step = bitsPerPixel / 8;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = start + y * bytesPerLine + x * step;
      const value = littleEndian ? bytes.readUIntLE(at, step) : bytes.readUIntBE(at, step);
      for (let c = 0; c < 3; c++) pixels[(y * width + x) * 3 + c] = (value & masks[c]) >>> shifts[c];
    }
  }
  return { width, height, pixels, channels: 3 };
}

/** What share of `box` in a window picture ({width, height, pixels, channels}) is coloured
 *  (not near-white), black (nothing drawn there) and pure white, looking every `step` px from
 *  `inset` (a share of the box's size) in. Null for a box off the picture. */
export function boxShares({ width, height, pixels, channels }, box, { inset = 0, step = 1 } = {}) {
  let seen = 0;
  let coloured = 0;
  let black = 0;
  let white = 0;
  for (let y = Math.ceil(box.y + box.height * inset); y < Math.min(height, box.y + box.height * (1 - inset)); y += step) {
    for (let x = Math.ceil(box.x + box.width * inset); x < Math.min(width, box.x + box.width * (1 - inset)); x += step) {
      const at = (y * width + x) * channels;
      const [low, high] = [Math.min(pixels[at], pixels[at + 1], pixels[at + 2]), Math.max(pixels[at], pixels[at + 1], pixels[at + 2])];
      seen++;
      if (low < 200) coloured++;
      if (high <= 6) black++;
      if (low >= 252) white++;
    }
  }
  return seen === 0 ? null : { coloured: coloured / seen, black: black / seen, white: white / seen };
}
