import { useEffect, useState } from "react";
import type { AgentEvent, StoredEvent } from "../ipc";
import { projectEvents } from "../ipc/projects";
import { applyEvents, emptyGeneration, type VariantView } from "../lib/agentEvents";
import { fidelityTrajectory, type FidelityPoint } from "../lib/fidelityTrajectory";

const PAGE = 2000;
const NO_TRAJECTORIES: ReadonlyMap<number, readonly FidelityPoint[]> = new Map();

function isAgentEvent(value: unknown): value is AgentEvent {
  return typeof value === "object" && value !== null && typeof (value as { event_id?: unknown }).event_id === "number" && typeof (value as { type?: unknown }).type === "string";
}

async function loadAll(projectId: string, variantId: number, cancelled: { current: boolean }): Promise<StoredEvent[] | null> {
  const all: StoredEvent[] = [];
  let after: number | null = null;
  for (;;) {
    const r = await projectEvents(projectId, variantId, after, PAGE);
    if (r.status === "error" || cancelled.current) return null;
    all.push(...r.data);
    const last = r.data[r.data.length - 1];
    if (r.data.length < PAGE || !last) return all;
    after = last.seq;
  }
}

/** Fold a variant's recorded events with the same reducer as live ones (into slot 0). */
export function foldStored(stored: StoredEvent[]): VariantView | null {
  const times = new Map<AgentEvent, number>();
  const events: AgentEvent[] = [];
  for (const s of stored) {
    if (!isAgentEvent(s.payload)) continue;
    const event: AgentEvent = { ...s.payload, variant: 0 };
    times.set(event, s.at ?? 0);
    events.push(event);
  }
  return applyEvents(emptyGeneration(), events, (e) => times.get(e) ?? 0).variants[0] ?? null;
}

export interface StoredActivity {
  view: VariantView | null;
  loading: boolean;
  /** The fidelity checks of every variant of the project loaded so far, by variant id: their
   * cards keep showing them once another variant is selected. */
  trajectories: ReadonlyMap<number, readonly FidelityPoint[]>;
}

/** Rebuild a past variant's activity panel from its recorded events. */
export function useStoredActivity(projectId: string, variantId: number | null, enabled: boolean): StoredActivity {
  const [loaded, setLoaded] = useState<{ key: string; view: VariantView | null } | null>(null);
  const [trajectories, setTrajectories] = useState<{ projectId: string; byVariant: ReadonlyMap<number, readonly FidelityPoint[]> } | null>(null);
  const key = `${projectId}/${variantId ?? ""}`;
  useEffect(() => {
    if (!enabled || variantId === null) return;
    const cancelled = { current: false };
    void loadAll(projectId, variantId, cancelled)
      .then((stored) => {
        if (!stored || cancelled.current) return;
        const view = foldStored(stored);
        setLoaded({ key: `${projectId}/${variantId}`, view });
        setTrajectories((t) => ({
          projectId,
          byVariant: new Map(t?.projectId === projectId ? t.byVariant : []).set(variantId, fidelityTrajectory(view)),
        }));
      })
      .catch(() => undefined);
    return () => {
      cancelled.current = true;
    };
  }, [projectId, variantId, enabled]);
  const known = trajectories?.projectId === projectId ? trajectories.byVariant : NO_TRAJECTORIES;
  if (!enabled || variantId === null) return { view: null, loading: false, trajectories: known };
  return loaded?.key === key ? { view: loaded.view, loading: false, trajectories: known } : { view: null, loading: true, trajectories: known };
}
