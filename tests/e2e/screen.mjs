// Screenshots of the app's window as the X server shows it. WebKitWebDriver's own screenshot
// asks WebKit for a snapshot of the page, and with compositing off (no GPU: the app turns it
// off, src-tauri/src/webview_env.rs) that snapshot never completes once a preview iframe is on
// screen, although the window keeps painting. Reading the pixels off the display shows what a
// user sees, whatever WebKit's rendering mode.
import { execFile } from "node:child_process";
import { deflateSync } from "node:zlib";

const XWD_TIMEOUT_MS = 10_000;

/** A PNG of the top-level window titled `title` on $DISPLAY (needs `xwd`, from x11-apps). */
export async function captureWindow(title) {
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
  return encodePng(decodeXwd(xwd));
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
  return { width, height, pixels };
}

/** An 8-bit RGB PNG of `image`. */
export function encodePng({ width, height, pixels }) {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type, body) {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "latin1");
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
