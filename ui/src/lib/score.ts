// A fidelity score, one way everywhere: a whole number 0–100 ("Fidelity 87"), coloured by its
// grade, and the stored report read back (it comes from the project's database: untrusted).
import type { FidelityComponents, PixelBox, RegionKind } from "../ipc";

/** The kinds this build knows, with the words a place's summary falls back to. */
const KIND_WORDS: Record<RegionKind, string> = {
  missing: "missing",
  extra: "not in the screenshot",
  moved: "moved",
  different: "looks different",
  color: "another colour",
};

/** "87" for 86.6: how every score is shown (the button, the cards, the checks, the trajectory). */
export function formatScore(total: number): string {
  return String(Math.round(total));
}

export interface Grade {
  /** What the number means, in words. */
  label: string;
  /** Text colour classes. */
  text: string;
  /** A soft background for badges and buttons. */
  soft: string;
}

const FAR: Grade = { label: "Far from the screenshot", text: "text-red-700 dark:text-red-400", soft: "bg-red-50 hover:bg-red-100 dark:bg-red-950 dark:hover:bg-red-900" };
const GRADES: { min: number; grade: Grade }[] = [
  { min: 90, grade: { label: "Close to the screenshot", text: "text-emerald-700 dark:text-emerald-400", soft: "bg-emerald-50 hover:bg-emerald-100 dark:bg-emerald-950 dark:hover:bg-emerald-900" } },
  { min: 75, grade: { label: "Some differences", text: "text-amber-700 dark:text-amber-400", soft: "bg-amber-50 hover:bg-amber-100 dark:bg-amber-950 dark:hover:bg-amber-900" } },
];

export function grade(total: number): Grade {
  return GRADES.find((g) => total >= g.min)?.grade ?? FAR;
}

export interface ScoreRegion {
  kind: RegionKind;
  screenshotBox: PixelBox;
  pageBox: PixelBox | null;
  description: string;
  /** What is wrong in a few words. */
  summary: string;
  /** The element it is on ("the heading “Welcome back”"), when the render could tell. */
  element: string | null;
  cost: number | null;
}

export interface ScoreReport {
  total: number;
  screenshot: { width: number; height: number };
  rendered: { width: number; height: number };
  components: FidelityComponents | null;
  regions: ScoreRegion[];
  notes: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v < 1_000_000;
const text = (v: unknown, max = 500): string => (typeof v === "string" ? v.slice(0, max) : "");

function box(v: unknown): PixelBox | null {
  if (!isObject(v) || !isCount(v.x) || !isCount(v.y) || !isCount(v.width) || !isCount(v.height)) return null;
  return { x: v.x, y: v.y, width: v.width, height: v.height };
}

function size(v: unknown): { width: number; height: number } | null {
  return isObject(v) && isCount(v.width) && isCount(v.height) ? { width: v.width, height: v.height } : null;
}

function region(v: unknown): ScoreRegion | null {
  if (!isObject(v) || typeof v.kind !== "string" || !Object.hasOwn(KIND_WORDS, v.kind)) return null;
  const screenshotBox = box(v.screenshot_box);
  if (!screenshotBox) return null;
  const element = text(v.element, 120);
  return {
    kind: v.kind as RegionKind,
    screenshotBox,
    pageBox: box(v.page_box),
    description: text(v.description),
    summary: text(v.summary, 120) || KIND_WORDS[v.kind as RegionKind],
    element: element || null,
    cost: typeof v.cost === "number" && Number.isFinite(v.cost) ? v.cost : null,
  };
}

/** A stored report, or null when it is not one this build can read. */
export function parseReport(raw: unknown): ScoreReport | null {
  if (!isObject(raw) || typeof raw.total !== "number" || !Number.isFinite(raw.total)) return null;
  const screenshot = size(raw.screenshot);
  if (!screenshot) return null;
  const regions = Array.isArray(raw.regions) ? raw.regions.slice(0, 50).map(region).filter((r): r is ScoreRegion => r !== null) : [];
  const notes = Array.isArray(raw.notes) ? raw.notes.slice(0, 20).map((n) => text(n)).filter(Boolean) : [];
  return {
    total: raw.total,
    screenshot,
    rendered: size(raw.rendered) ?? screenshot,
    components: isObject(raw.components) ? (raw.components as FidelityComponents) : null,
    regions,
    notes,
  };
}

/** Where on the page a place is, in words, for a place no element names. */
export function placeName(at: PixelBox, page: { width: number; height: number }): string {
  const cx = (at.x + at.width / 2) / Math.max(1, page.width);
  const cy = (at.y + at.height / 2) / Math.max(1, page.height);
  const across = cx < 0.33 ? "left" : cx > 0.67 ? "right" : "";
  const down = cy < 0.25 ? "top" : cy > 0.75 ? "bottom" : "middle";
  if (down === "middle" && !across) return "the middle of the page";
  return `the ${down}${across ? ` ${across}` : ""} of the page`;
}

/** "The heading “Welcome back”" or "Near the top left of the page". */
export function regionTitle(r: ScoreRegion, page: { width: number; height: number }): string {
  if (r.element) return r.element.charAt(0).toUpperCase() + r.element.slice(1);
  return `Near ${placeName(r.kind === "extra" ? (r.pageBox ?? r.screenshotBox) : r.screenshotBox, page)}`;
}

/** The index of the lowest of several widths' scores (the first of equals), or null. */
export function lowestWidth(widths: readonly { total: number | null }[]): number | null {
  let low: number | null = null;
  widths.forEach((w, i) => {
    const lowTotal = low === null ? null : (widths[low]?.total ?? null);
    if (w.total !== null && (lowTotal === null || w.total < lowTotal)) low = i;
  });
  return low;
}

/** What a score is the lowest of, when it is one of several: ", the lowest of its pages". */
export function lowestOf(pages: number, widths: number): string {
  if (pages > 1) return ", the lowest of its pages";
  return widths > 1 ? ", the lowest of its widths" : "";
}
