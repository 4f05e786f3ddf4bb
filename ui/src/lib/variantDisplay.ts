// One shape for a variant card, whether it is streaming now or was stored long ago.
import type { VariantInfo, VariantOf, VersionInfo } from "../ipc";
import { hasCode, type GenerationView, type VariantView } from "./agentEvents";
import { livePreviewUrl, storedPreviewUrl } from "./previewUrl";
import type { DotStatus } from "../components/common/ui";

export interface VariantDisplay {
  index: number;
  variantId: number | null;
  status: DotStatus;
  provider: string | null;
  model: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  costUsd: number | null;
  previewUrl: string | null;
  /** Bumps when the preview should reload. */
  revision: number;
  /** The live state, while this generation runs in this session. */
  live: VariantView | null;
  stored: VariantInfo | null;
  hasCode: boolean;
  error: string | null;
  /** Why a truncated variant's code may be incomplete, shown with it. */
  notice: string | null;
  /** Which variant it is, for asking Rust about its files (its routes). */
  of?: VariantOf | null;
  /** Its page is pictured for its card while it writes (`live-picture-ready`). */
  pictured?: boolean;
}

export function displaysFor(projectId: string, version: VersionInfo | null, live: { generationId: number; view: GenerationView; pictured?: boolean } | null): VariantDisplay[] {
  const stored = [...(version?.variants ?? [])].sort((a, b) => a.index - b.index);
  if (live) {
    return live.view.variants.map((v) => {
      const info = stored.find((s) => s.index === v.index) ?? null;
      return {
        index: v.index,
        variantId: v.variantId ?? info?.id ?? null,
        status: v.status,
        provider: v.provider,
        model: v.model,
        startedAt: v.startedAt,
        finishedAt: v.finishedAt,
        costUsd: v.costUsd,
        previewUrl: livePreviewUrl(live.generationId, v.index),
        revision: v.codeRevision,
        live: v,
        stored: info,
        hasCode: hasCode(v),
        error: v.error?.message ?? null,
        notice: v.truncated,
        of: { kind: "live", generation_id: live.generationId, index: v.index },
        pictured: live.pictured === true,
      };
    });
  }
  return stored.map((s) => ({
    index: s.index,
    variantId: s.id,
    status: s.status,
    provider: s.provider ?? null,
    model: s.model ?? null,
    startedAt: s.started_at ?? null,
    finishedAt: s.finished_at ?? null,
    costUsd: s.cost_usd,
    previewUrl: version && s.files.length > 0 ? storedPreviewUrl(projectId, version.id, s.id) : null,
    revision: 0,
    live: null,
    stored: s,
    hasCode: s.files.length > 0,
    // A truncated variant keeps its message where errors go (see the project schema).
    error: s.status === "truncated" ? null : (s.error ?? null),
    notice: s.status === "truncated" ? (s.error ?? null) : null,
    of: version ? { kind: "stored", project_id: projectId, version_id: version.id, variant_id: s.id } : null,
  }));
}

/** `provider:model` for asking the same model again, or "auto". */
export function modelSpec(d: Pick<VariantDisplay, "provider" | "model">): string {
  if (d.provider && d.model) return d.model.includes(":") ? d.model : `${d.provider}:${d.model}`;
  return "auto";
}
