// How a fidelity check reads in the activity: its components by the names a designer uses, and
// each place that differs by its kind (in the diff image's colour) and what is wrong there.
import type { FidelityComponents, FidelityRegion, RegionKind } from "../ipc";
import { formatFidelity } from "./fidelityTrajectory";

export interface RegionKindInfo {
  label: string;
  /** The dot's class: the colour the diff image outlines this kind in (fidelity/diff_image.rs). */
  dot: string;
}

export const REGION_KINDS: Record<RegionKind, RegionKindInfo> = {
  missing: { label: "missing", dot: "bg-red-600" },
  extra: { label: "extra", dot: "bg-blue-600" },
  moved: { label: "moved", dot: "bg-orange-600" },
  different: { label: "different", dot: "bg-purple-600" },
  color: { label: "colour", dot: "bg-pink-600" },
};

/** A kind's label and dot; a kind this build does not know (a newer project) gets a grey dot. */
export function regionKind(kind: string): RegionKindInfo {
  return Object.hasOwn(REGION_KINDS, kind) ? REGION_KINDS[kind as RegionKind] : { label: kind, dot: "bg-zinc-400" };
}

/** The components as the card lists them; text only when it was compared. */
export function componentList(c: FidelityComponents): { label: string; value: string }[] {
  const shown = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? "—" : formatFidelity(v));
  const list = [
    { label: "Content", value: shown(c.block) },
    { label: "Position", value: shown(c.position) },
    { label: "Look", value: shown(c.visual) },
    { label: "Colour", value: shown(c.color) },
  ];
  if (c.text !== null && c.text !== undefined) list.push({ label: "Text", value: shown(c.text) });
  return list;
}

/** The description without the "missing: " the core starts it with for the model (the card
 * shows the kind beside it). */
export function regionDescription(region: Pick<FidelityRegion, "kind" | "description">): string {
  const prefixes = [`${region.kind}:`, `${regionKind(region.kind).label}:`];
  const text = region.description.trim();
  const prefix = prefixes.find((p) => text.toLowerCase().startsWith(p));
  return prefix ? text.slice(prefix.length).trimStart() : text;
}

/** "+4" (or "+<1"): what fixing the place would add to the score; null when unknown. */
export function regionGain(cost: number | null): string | null {
  if (cost === null || !Number.isFinite(cost)) return null;
  return cost < 0.5 ? "+<1" : `+${formatFidelity(cost)}`;
}
