import type { VersionTree } from "../../ipc";
import { formatWhen } from "../../lib/format";
import { thumbFor, versionInputKind, type StoredInput } from "../../lib/inputThumb";
import { versionRows } from "../../lib/versions";
import { Icon } from "../common/Icon";
import { Badge } from "../common/ui";

const historyActionClass =
  "inline-flex items-center gap-1 rounded-md border border-zinc-200 bg-white px-2 py-0.5 text-[11px] font-medium text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800";

export interface PendingVersion {
  versionId: number;
  label: string;
}

interface Props {
  tree: VersionTree | null;
  pending: PendingVersion[];
  selected: number | null;
  /** What each version looks like, when the app has pictured it. */
  thumbnails?: Map<number, string> | undefined;
  /** The project's inputs: each version shows the kind it was made from. */
  inputs?: StoredInput[] | undefined;
  /** The services each version is live on. */
  live?: Map<number, string[]> | undefined;
  /** Versions whose options are still being written: nothing to restore or retry yet. */
  generating?: ReadonlySet<number> | undefined;
  onSelect: (versionId: number) => void;
  onRestore: (versionId: number) => void;
  onRetry: (versionId: number) => void;
}

/** The icon of the input kind a version was made from (Figma frame, video, screenshots, text, HTML). */
function MadeFrom({ kind, inputIds, inputs, prompt }: { kind: string; inputIds: number[]; inputs: StoredInput[]; prompt: string | null }) {
  const input = versionInputKind(kind, inputIds, inputs, prompt);
  if (!input) return null;
  const thumb = thumbFor(input);
  const icon = thumb.show === "icon" ? thumb.icon : input.kind === "video" ? "video" : "photo";
  const label = thumb.badge ?? "Screenshot";
  return (
    <span title={`Made from: ${label}`} data-testid="history-input-kind" data-kind={input.kind} className="inline-flex items-center text-zinc-400">
      <Icon name={icon} className="size-3.5" />
      <span className="sr-only">Made from: {label}</span>
    </span>
  );
}

export function HistoryPanel({ tree, pending, selected, thumbnails, inputs, live, generating, onSelect, onRestore, onRetry }: Props) {
  const rows = tree ? versionRows(tree) : [];
  return (
    <nav aria-label="History" className="flex flex-col gap-1 p-2" data-testid="history">
      <h2 className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">History</h2>
      {pending.map((p) => (
        <button
          key={`pending-${p.versionId}`}
          type="button"
          aria-current={selected === p.versionId ? "true" : undefined}
          className="flex flex-col gap-1 rounded-lg px-2 py-2 text-left hover:bg-zinc-100 aria-[current=true]:bg-accent-500/10 dark:hover:bg-zinc-800"
          onClick={() => {
            onSelect(p.versionId);
          }}
        >
          <span className="flex items-center gap-1.5 text-xs">
            <span className="size-1.5 rounded-full bg-accent-500 ring-2 ring-accent-500/30" aria-hidden="true" />
            <span className="font-medium">Generating…</span>
          </span>
          <span className="line-clamp-2 text-xs text-zinc-500">{p.label}</span>
        </button>
      ))}
      {rows.map((row) => {
        const busy = generating?.has(row.version.id) === true;
        const canRetry = !busy && (row.version.kind === "generation" || row.version.kind === "edit");
        const canRestore = !busy && !row.isCurrent;
        return (
          <div
            key={row.version.id}
            // A class, not :has(): WebKit re-checks :has() rules on every DOM change anywhere,
            // and a streaming project view changes the DOM ten times a second.
            className={`group relative rounded-lg hover:bg-zinc-100 dark:hover:bg-zinc-800 ${selected === row.version.id ? "bg-accent-500/10" : ""}`}
            data-testid="history-row"
          >
            <button
              type="button"
              aria-current={selected === row.version.id ? "true" : undefined}
              className="flex w-full flex-col gap-1 rounded-lg px-2 py-2 text-left focus-visible:outline-2 focus-visible:outline-accent-500"
              onClick={() => {
                onSelect(row.version.id);
              }}
            >
              <span className="flex items-center gap-1.5 text-xs">
                <span className="font-semibold tabular-nums">v{row.number}</span>
                <Badge tone={row.badge === "create" ? "accent" : row.badge === "manual" ? "emerald" : "zinc"}>{row.badge}</Badge>
                {row.branchFrom ? <Badge tone="amber">{row.branchFrom}</Badge> : null}
                {row.madeNothing ? <Badge tone="red">no page</Badge> : null}
                <MadeFrom kind={row.version.kind} inputIds={row.version.inputs} inputs={inputs ?? []} prompt={row.version.prompt} />
                {live?.get(row.version.id) ? (
                  <span
                    title={`Live on ${live.get(row.version.id)?.join(", ") ?? ""}`}
                    data-testid="history-live"
                    className="inline-flex items-center gap-1 rounded-md border border-emerald-300 px-1.5 py-0.5 text-[11px] font-medium text-emerald-700 dark:border-emerald-800 dark:text-emerald-300"
                  >
                    <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
                    live
                  </span>
                ) : null}
                {row.isCurrent && !busy ? <span className="ml-auto text-[10px] text-zinc-400">working copy</span> : null}
              </span>
              {thumbnails?.get(row.version.id) ? (
                <img
                  src={thumbnails.get(row.version.id)}
                  alt=""
                  data-testid="history-thumbnail"
                  className="aspect-[16/10] w-full rounded border border-zinc-200 object-cover object-top dark:border-zinc-700"
                />
              ) : null}
              {busy ? (
                <span className="flex items-center gap-1.5 text-xs font-medium" data-testid="history-generating">
                  <span className="size-1.5 rounded-full bg-accent-500 ring-2 ring-accent-500/30" aria-hidden="true" />
                  Generating…
                </span>
              ) : null}
              <span className="line-clamp-2 text-xs text-zinc-600 dark:text-zinc-300">{row.summary}</span>
              <span className="text-[10px] text-zinc-400">{formatWhen(row.version.created_at)}</span>
            </button>
            {canRetry || canRestore ? (
              // Labelled, as buttons a designer reads: under the version on screen; over the others
              // on hover, so the list does not move.
              <div className={`gap-1 ${selected === row.version.id ? "flex px-2 pb-2" : "absolute top-1.5 right-1.5 hidden shadow-sm group-focus-within:flex group-hover:flex"}`}>
                {canRestore ? (
                  <button type="button" aria-label={`Restore v${row.number}`} title="Make this version the working copy again" className={historyActionClass} onClick={() => {
                    onRestore(row.version.id);
                  }}>
                    <Icon name="restore" className="size-3.5" /> Restore
                  </button>
                ) : null}
                {canRetry ? (
                  <button type="button" aria-label={`Retry v${row.number}`} title="Run this request again, as a new version" className={historyActionClass} onClick={() => {
                    onRetry(row.version.id);
                  }}>
                    <Icon name="retry" className="size-3.5" /> Retry
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
        );
      })}
      {tree && rows.length === 0 && pending.length === 0 ? <p className="px-2 text-xs text-zinc-500">No versions yet.</p> : null}
    </nav>
  );
}
