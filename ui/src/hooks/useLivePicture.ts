// A running option's newest picture, for its card: the app pictures each option's page as it
// writes, every few seconds, in its headless browser (`live-picture-ready`). A card showing
// the picture runs no page in the window's own process (docs/PERFORMANCE.md, "Sixth pass").
import { useState } from "react";
import type { VariantOf } from "../ipc";
import { livePictureReady } from "../ipc/projects";
import { useAppEvent } from "./useAppEvent";

/** Pictures kept by generation and option, the newest of each, so a card shown again (another
 *  version looked at meanwhile) has one at once. A few generations' worth. */
const KEPT = 32;
const newest = new Map<string, string>();

function keyOf(generationId: number, index: number): string {
  return `${String(generationId)}:${String(index)}`;
}

/** Generations of which the app has pictured at least one option: its browser works. */
const picturing = new Set<number>();

/** Whether the app has pictured any option of this generation yet (its browser works, so an
 *  option still without a picture is only waiting its turn). */
export function generationPictured(of: VariantOf | null | undefined): boolean {
  return of?.kind === "live" && picturing.has(of.generation_id);
}

function keep(key: string, url: string): void {
  newest.delete(key);
  newest.set(key, url);
  if (newest.size > KEPT) {
    const oldest = newest.keys().next().value;
    if (oldest !== undefined) newest.delete(oldest);
  }
}

/** The newest picture of a running option's page; undefined for a stored option, or before the
 *  first picture. */
export function useLivePicture(of: VariantOf | null | undefined): string | undefined {
  const key = of?.kind === "live" ? keyOf(of.generation_id, of.index) : null;
  const [, setNewest] = useState<string | null>(null);
  useAppEvent(livePictureReady, (e) => {
    const k = keyOf(e.generation_id, e.index);
    picturing.add(e.generation_id);
    const oldest = picturing.values().next().value;
    if (picturing.size > KEPT && oldest !== undefined) picturing.delete(oldest);
    if (k !== key) return;
    keep(k, e.data_url);
    setNewest(e.data_url);
  });
  return key === null ? undefined : newest.get(key);
}
