// Running (and just finished) generations, kept outside React so a generation started on the
// start screen keeps streaming into the project view. Channel messages are batched, and the view
// follows them at most every UPDATE_INTERVAL_MS.
import type { AgentEvent, GenerateRequest, GenerationStarted, IpcError } from "../ipc";
import { eventChannel, generationRetry, generationStart, type EventChannel } from "../ipc/generation";
import { rememberLivePreviews } from "./previewUrl";
import { createThrottle } from "./throttle";
import { applyEvents, emptyGeneration, withStartedVariants, type GenerationView } from "./agentEvents";

type Listener = () => void;

/** How often a live generation's view follows its events, at most. */
const UPDATE_INTERVAL_MS = 100;

export class LiveGeneration {
  view: GenerationView = emptyGeneration();
  started: GenerationStarted | null = null;
  readonly projectId: string;
  /** The screenshot the page is made from, shown until code arrives. */
  inputPreview: string | null = null;
  readonly channel: EventChannel;
  private pending: AgentEvent[] = [];
  // Every render of a streaming project view restyles and lays out the window, and WebKitGTK
  // does that on the thread the previews also run on: at ~60 renders a second four variants
  // took a whole core. Ten a second looks as live (the previews reload slower still).
  private readonly throttle = createThrottle(UPDATE_INTERVAL_MS, () => {
    this.flush();
  });
  private listeners = new Set<Listener>();

  constructor(projectId: string) {
    this.projectId = projectId;
    this.channel = eventChannel((event) => {
      this.pending.push(event);
      this.schedule();
    });
  }

  attach(started: GenerationStarted): void {
    this.started = started;
    rememberLivePreviews(started.generation_id, started.variants);
    this.view = withStartedVariants(this.view, started.variants);
    this.emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): GenerationView => this.view;

  private schedule(): void {
    this.throttle.request();
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.view = applyEvents(this.view, batch, Date.now());
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

/** Live generations by version id. */
class Registry {
  private byVersion = new Map<number, LiveGeneration>();
  private listeners = new Set<Listener>();
  private snapshot: ReadonlyMap<number, LiveGeneration> = new Map();

  add(versionId: number, live: LiveGeneration): void {
    this.byVersion.set(versionId, live);
    this.snapshot = new Map(this.byVersion);
    for (const l of this.listeners) l();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ReadonlyMap<number, LiveGeneration> => this.snapshot;
}

export const liveGenerations = new Registry();

export type StartResult = { ok: true; live: LiveGeneration; started: GenerationStarted } | { ok: false; error: IpcError };

export async function startGeneration(request: GenerateRequest): Promise<StartResult> {
  const live = new LiveGeneration(request.project_id);
  const result = await generationStart(request, live.channel);
  if (result.status === "error") return { ok: false, error: result.error };
  live.attach(result.data);
  liveGenerations.add(result.data.version_id, live);
  return { ok: true, live, started: result.data };
}

export async function retryGeneration(projectId: string, versionId: number): Promise<StartResult> {
  const live = new LiveGeneration(projectId);
  const result = await generationRetry(projectId, versionId, live.channel);
  if (result.status === "error") return { ok: false, error: result.error };
  live.attach(result.data);
  liveGenerations.add(result.data.version_id, live);
  return { ok: true, live, started: result.data };
}
