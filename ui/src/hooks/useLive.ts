import { useSyncExternalStore } from "react";
import type { GenerationView } from "../lib/agentEvents";
import { liveGenerations, type LiveGeneration } from "../lib/liveGenerations";

const noop = () => () => undefined;
const none = () => null;

/** The state of a live generation, re-rendering as its events arrive. */
export function useLiveView(live: LiveGeneration | undefined): GenerationView | null {
  return useSyncExternalStore(live ? live.subscribe : noop, live ? live.getSnapshot : none);
}

/** Every live generation by version id. */
export function useLiveGenerations(): ReadonlyMap<number, LiveGeneration> {
  return useSyncExternalStore(liveGenerations.subscribe, liveGenerations.getSnapshot);
}
