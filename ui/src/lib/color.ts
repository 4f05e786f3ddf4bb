// Colours as a designer types and picks them: hex with or without alpha, rgb()/rgba() as the
// page's computed styles report them, HSV for the picker's square and hue strip, and the recent
// colours (kept in the app's storage). The value a visual edit sends is hex: #rrggbb, or
// #rrggbbaa below full opacity (the core accepts only hex and `transparent`).

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–1 */
  a: number;
}

export interface Hsva {
  /** 0–360 */
  h: number;
  /** 0–1 */
  s: number;
  v: number;
  a: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const byte = (v: number) => clamp(Math.round(v), 0, 255);

/** Hex (#rgb, #rgba, #rrggbb, #rrggbbaa, with or without #), rgb()/rgba() or `transparent`. */
export function parseColor(raw: string): Rgba | null {
  const v = raw.trim().toLowerCase();
  if (v === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#?([0-9a-f]{3,8})$/.exec(v)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const full = hex.length <= 4 ? Array.from({ length: hex.length }, (_, i) => hex.charAt(i).repeat(2)).join("") : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? Math.round((n(6) / 255) * 100) / 100 : 1 };
  }
  const fn = /^rgba?\(\s*([^)]*)\)$/.exec(v)?.[1];
  if (fn) {
    const parts = fn.split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3 || parts.length > 4) return null;
    const channel = (p: string) => (p.endsWith("%") ? (Number(p.slice(0, -1)) * 255) / 100 : Number(p));
    const [r, g, b] = parts.slice(0, 3).map(channel);
    const alpha = parts[3] === undefined ? 1 : parts[3].endsWith("%") ? Number(parts[3].slice(0, -1)) / 100 : Number(parts[3]);
    if ([r, g, b, alpha].some((x) => x === undefined || !Number.isFinite(x))) return null;
    return { r: byte(r ?? 0), g: byte(g ?? 0), b: byte(b ?? 0), a: clamp(alpha, 0, 1) };
  }
  return null;
}

const hex2 = (n: number) => byte(n).toString(16).padStart(2, "0");

/** #rrggbb, or #rrggbbaa when not fully opaque. */
export function toHex(c: Rgba): string {
  const base = `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
  return c.a >= 1 ? base : `${base}${hex2(c.a * 255)}`;
}

/** #rrggbb without alpha (what a system colour dialog takes). */
export function toOpaqueHex(c: Rgba): string {
  return toHex({ ...c, a: 1 });
}

export function rgbaToHsva({ r, g, b, a }: Rgba): Hsva {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const d = max - Math.min(rr, gg, bb);
  let h = 0;
  if (d > 0) {
    if (max === rr) h = ((gg - bb) / d) % 6;
    else if (max === gg) h = (bb - rr) / d + 2;
    else h = (rr - gg) / d + 4;
    h = (h * 60 + 360) % 360;
  }
  return { h, s: max === 0 ? 0 : d / max, v: max, a };
}

export function hsvaToRgba({ h, s, v, a }: Hsva): Rgba {
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return v - v * s * Math.max(0, Math.min(k, 4 - k, 1));
  };
  return { r: byte(f(5) * 255), g: byte(f(3) * 255), b: byte(f(1) * 255), a };
}

/** The colour a field shows for a computed value ("rgb(37, 99, 235)" → "#2563eb"). */
export function displayHex(value: string): string | null {
  const c = parseColor(value);
  return c ? toHex(c) : null;
}

const RECENT_KEY = "s2c.recentColors";
const MAX_RECENT = 8;

export function recentColors(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter((c): c is string => typeof c === "string" && parseColor(c) !== null).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts a used colour first in the recent ones. */
export function rememberColor(hex: string): string[] {
  const next = [hex, ...recentColors().filter((c) => c !== hex)].slice(0, MAX_RECENT);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // The list lasts until the window closes.
  }
  return next;
}
