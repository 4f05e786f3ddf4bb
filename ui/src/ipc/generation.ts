// Generations (src-tauri/src/generation/commands.rs): start, retry and stop them, the models they
// can use, and the fidelity scores of their variants.
import { Channel } from "@tauri-apps/api/core";
import { commands, events, type GenerationStarted, type ModelOption, type ScoreImages, type StoredScore } from "./bindings";
import type { Result } from "./result";
import type { AgentEvent, GenerateRequest } from "./types";

/** Where a generation's events arrive, in `event_id` order. */
export type EventChannel = Channel<AgentEvent>;

export function eventChannel(onEvent: (event: AgentEvent) => void): EventChannel {
  return new Channel<AgentEvent>(onEvent);
}

export function generationStart(request: GenerateRequest, onEvent: EventChannel): Promise<Result<GenerationStarted>> {
  return commands.generationStart(request, onEvent);
}

/** Run a version's request again, as a new version. */
export function generationRetry(projectId: string, versionId: number, onEvent: EventChannel): Promise<Result<GenerationStarted>> {
  return commands.generationRetry(projectId, versionId, onEvent);
}

/** Stop one variant (`variant` from 0) or, with null, the whole generation. */
export function generationCancel(generationId: number, variant: number | null): Promise<Result<null>> {
  return commands.generationCancel(generationId, variant);
}

export function modelsAvailable(): Promise<Result<ModelOption[]>> {
  return commands.modelsAvailable();
}

/** The cached fidelity scores of these variants (those not scored yet are left out). */
export function variantScores(projectId: string, variantIds: number[]): Promise<Result<StoredScore[]>> {
  return commands.variantScores(projectId, variantIds);
}

/** The pictures behind a variant's score (screenshot, render, differences) as `data:` URLs. */
export function variantScoreImages(projectId: string, variantId: number): Promise<Result<ScoreImages>> {
  return commands.variantScoreImages(projectId, variantId);
}

/** A generation was stored as a version. */
export const generationRecorded = events.generationRecorded;
export const variantScored = events.variantScored;

/** A stored variant's page rendered at the preview's size, as a PNG `data:` URL (the eyedropper's pixels). */
export function previewPixels(projectId: string, versionId: number, variantId: number, width: number, height: number): Promise<Result<string>> {
  return commands.previewPixels(projectId, versionId, variantId, width, height);
}
