// One card per tool call, with a renderer per tool's detail.
import { useState } from "react";
import type { FidelityCheck, ToolDetail } from "../../ipc";
import type { Draft, ToolItem } from "../../lib/agentEvents";
import { componentList, regionDescription, regionGain, regionKind } from "../../lib/fidelityCheck";
import { ScoreList } from "./ScoreList";
import { formatFidelity } from "../../lib/fidelityTrajectory";
import { stillOpen } from "../../lib/projectProblems";
import { tailLines } from "../../lib/tailLines";
import { Badge } from "../common/ui";

interface Props {
  item: ToolItem;
  /** The call's create_file draft while it streams. */
  draft: Draft | null;
  /** Turns a project path (`assets/x.png`) into a URL the app can show. */
  assetUrl: (path: string) => string | null;
  /** The project's problems after the latest write (`currentProblems`): a problem this card
   *  lists that is no longer among them was fixed since. Null: not known. */
  current?: ReadonlySet<string> | null;
}

const TAIL_LINES = 14;

export function ToolCard({ item, draft, assetUrl, current = null }: Props) {
  const tone = item.state === "failed" ? "border-red-300 dark:border-red-900" : "border-zinc-200 dark:border-zinc-800";
  return (
    <div className={`rounded-lg border bg-white text-sm dark:bg-zinc-900 ${tone}`} data-testid="tool-card">
      <div className="flex items-center gap-2 px-3 py-2">
        {/* Still, not pulsing: see StatusDot. */}
        <span
          className={`size-2 shrink-0 rounded-full ${item.state === "running" ? "bg-accent-500 ring-2 ring-accent-500/30" : item.state === "ok" ? "bg-emerald-500" : "bg-red-500"}`}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1 truncate font-medium">{item.title}</span>
        <span className="font-mono text-[11px] text-zinc-400">{item.name}</span>
      </div>
      {draft ? <LiveCode draft={draft} /> : null}
      {item.summary && (item.state === "failed" || !item.detail || item.detail.kind === "option_retrieved") ? <p className={`border-t border-zinc-100 px-3 py-1.5 text-xs dark:border-zinc-800 ${item.state === "failed" ? "text-red-600" : "text-zinc-500"}`}>{item.summary}</p> : null}
      {item.detail ? <Detail detail={item.detail} assetUrl={assetUrl} current={current} /> : null}
    </div>
  );
}

/**
 * The file an agent is writing, its last lines as they arrive — folded until asked for. Open,
 * it changes ten times a second at the panel's far side from the previews, and WebKitGTK without
 * a GPU then repaints everything between the two, previews included: with four options writing,
 * a third of the window's frames came late (docs/PERFORMANCE.md). The Code view streams the same
 * file in full.
 */
function LiveCode({ draft }: { draft: Draft }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-t border-zinc-100 dark:border-zinc-800">
      <button
        type="button"
        className="w-full px-3 py-1.5 text-left text-xs text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200"
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        {open ? "Hide the code" : `Show the code as it is written · ${draft.path}`}
      </button>
      {open ? (
        <pre className="max-h-48 overflow-hidden bg-zinc-50 px-3 py-2 font-mono text-[11px] leading-4 whitespace-pre-wrap text-zinc-600 dark:bg-zinc-950 dark:text-zinc-300" data-testid="live-code">
          {tailLines(draft.text, TAIL_LINES)}
        </pre>
      ) : null}
    </div>
  );
}

function Img({ src, label, assetUrl }: { src: string; label: string; assetUrl: Props["assetUrl"] }) {
  const url = src.startsWith("data:") ? src : assetUrl(src);
  return (
    <figure className="flex flex-col gap-1">
      {url ? <img src={url} alt={label} className="max-h-40 rounded border border-zinc-200 bg-zinc-100 object-contain dark:border-zinc-800 dark:bg-zinc-800" /> : <div className="h-16 rounded bg-zinc-100 dark:bg-zinc-800" />}
      <figcaption className="truncate text-[11px] text-zinc-500" title={label}>
        {label}
      </figcaption>
    </figure>
  );
}

function Detail({ detail, assetUrl, current }: { detail: ToolDetail; assetUrl: Props["assetUrl"]; current: ReadonlySet<string> | null }) {
  const body = "border-t border-zinc-100 px-3 py-2 dark:border-zinc-800";
  switch (detail.kind) {
    case "file_written":
      return (
        <div className={body}>
          <p className="text-xs text-zinc-500">
            {detail.replaced ? "Replaced" : "Created"} <span className="font-mono">{detail.path}</span> · {detail.lines} lines
          </p>
          <Problems problems={detail.problems} current={current} />
        </div>
      );
    case "file_deleted":
      return (
        <div className={body}>
          <p className="text-xs text-zinc-500">
            Deleted <span className="font-mono">{detail.path}</span>
          </p>
          <Problems problems={detail.problems} current={current} />
        </div>
      );
    case "file_renamed":
      return (
        <div className={body}>
          <p className="text-xs text-zinc-500">
            Moved <span className="font-mono">{detail.from}</span> to <span className="font-mono">{detail.to}</span>
          </p>
          <Problems problems={detail.problems} current={current} />
        </div>
      );
    case "file_edited":
      return (
        <div className={body}>
          <p className="mb-1 text-xs text-zinc-500">
            <span className="font-mono">{detail.path}</span> · <span className="text-emerald-600">+{detail.added_lines}</span> <span className="text-red-600">−{detail.removed_lines}</span>
          </p>
          <pre className="max-h-56 overflow-auto rounded bg-zinc-50 font-mono text-[11px] leading-4 dark:bg-zinc-950" data-testid="edit-diff">
            {detail.diff.split("\n").map((line, i) => (
              <div
                key={i}
                className={
                  line.startsWith("+") && !line.startsWith("+++")
                    ? "bg-emerald-500/10 text-emerald-700 dark:text-emerald-400"
                    : line.startsWith("-") && !line.startsWith("---")
                      ? "bg-red-500/10 text-red-700 dark:text-red-400"
                      : line.startsWith("@@")
                        ? "text-accent-600"
                        : "text-zinc-500"
                }
              >
                {line || " "}
              </div>
            ))}
            {detail.diff_truncated ? <div className="text-zinc-400">…</div> : null}
          </pre>
          <Problems problems={detail.problems} current={current} />
        </div>
      );
    case "option_retrieved":
      return <p className={`${body} text-xs text-zinc-500`}>Read Option {detail.option_number}: {detail.paths.join(", ")}</p>;
    case "images":
      return (
        <div className={`${body} grid grid-cols-3 gap-2`}>
          {detail.images.map((img, i) => (
            <Img key={i} src={img.src} label={img.label} assetUrl={assetUrl} />
          ))}
        </div>
      );
    case "screenshots":
      return (
        <div className={`${body} grid grid-cols-2 gap-2`}>
          {detail.shots.map((shot, i) => (
            <div key={i} className="flex flex-col gap-1">
              <Img src={shot.thumbnail} label={`${shot.viewport} · ${shot.page_height}px tall`} assetUrl={assetUrl} />
              {shot.console_errors.length ? <p className="text-[11px] text-red-600">{shot.console_errors.length} console error(s)</p> : null}
            </div>
          ))}
        </div>
      );
    case "generated_images":
      return (
        <div className={`${body} grid grid-cols-3 gap-2`}>
          {detail.items.map((item, i) =>
            item.src ? <Img key={i} src={item.src} label={item.prompt} assetUrl={assetUrl} /> : <p key={i} className="text-[11px] text-red-600">{item.error ?? "No image"}</p>,
          )}
        </div>
      );
    case "edited_images":
      return (
        <div className={`${body} flex flex-col gap-2`}>
          {detail.prompt ? <p className="text-xs text-zinc-500">{detail.prompt}</p> : null}
          {detail.items.map((pair, i) => (
            <div key={i} className="grid grid-cols-2 gap-2">
              <Img src={pair.before} label="Before" assetUrl={assetUrl} />
              {pair.after ? <Img src={pair.after} label="After" assetUrl={assetUrl} /> : <p className="text-[11px] text-red-600">{pair.error ?? "Failed"}</p>}
            </div>
          ))}
        </div>
      );
    case "extracted_assets":
      return (
        <div className={body}>
          <div className="grid grid-cols-3 gap-2">
            {detail.crops.map((crop, i) => (
              <Img key={i} src={crop.src} label={crop.description} assetUrl={assetUrl} />
            ))}
          </div>
          {detail.unresolved.length ? (
            <ul className="mt-2 text-[11px] text-zinc-500">
              {detail.unresolved.map((u, i) => (
                <li key={i}>
                  Not found: {u.description} ({u.reason})
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    case "fidelity_check":
      return <FidelityDetail check={detail} className={body} />;
  }
}

/** On a project: what the agent's write left wrong in the project (a file that does not
 * compile, a missing import, a package that is not available offline), which it fixes next.
 * What a later write fixed is no longer listed. */
function Problems({ problems, current }: { problems?: string[] | undefined; current: ReadonlySet<string> | null }) {
  if (!problems?.length) return null;
  const { open, fixed } = stillOpen(problems, current);
  return (
    <>
      {open.length ? (
        <ul className="mt-1.5 flex flex-col gap-0.5 text-[11px] text-amber-700 dark:text-amber-400" aria-label="Problems in the project" data-testid="project-problems">
          {open.map((problem, i) => (
            <li key={i} className="break-words select-text">
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
      {fixed ? (
        <p className="mt-1 text-[11px] text-emerald-700 dark:text-emerald-400" data-testid="problems-fixed">
          ✓ {fixed === problems.length ? (fixed === 1 ? "Fixed by a later change" : "All fixed by later changes") : `${String(fixed)} fixed by later changes`}
        </p>
      ) : null}
    </>
  );
}

/** A fidelity check: the score (and the one before), which check of how many, the components,
 * and the places that differ most with what fixing each would gain. */
function FidelityDetail({ check, className }: { check: FidelityCheck; className: string }) {
  // A check stored before pages were scored has none.
  const pages = check.pages ?? [];
  return (
    <div className={className} data-testid="fidelity-check">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-2xl leading-none font-semibold tabular-nums" data-testid="fidelity-check-total" title="Fidelity to the screenshot (0–100)">
          <span className="sr-only">Fidelity </span>
          {check.total === null ? "—" : formatFidelity(check.total)}
        </span>
        {check.previous != null ? <span className="text-xs text-zinc-500 tabular-nums">was {formatFidelity(check.previous)}</span> : null}
        <span className="ml-auto flex flex-col items-end gap-0.5 text-[11px] text-zinc-500">
          {check.automatic ? <Badge tone="accent">automatic</Badge> : null}
          <span data-testid="fidelity-check-round">
            check {check.round} of {check.max_rounds}
          </span>
        </span>
      </div>
      {pages.length > 1 ? (
        <p className="mt-1.5 text-[11px] text-zinc-500" data-testid="fidelity-check-pages">
          <ScoreList scores={pages.map((p) => ({ key: p.route, label: p.name, total: p.total, title: `Fidelity of ${p.name} (${p.route})` }))} testId="fidelity-check-page-scores" itemTestId="page-score" />
          {check.route ? <span className="block">The places below are on {pages.find((p) => p.route === check.route)?.name ?? check.route}, the lowest page.</span> : null}
        </p>
      ) : null}
      <dl className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-zinc-500" aria-label="Components">
        {componentList(check.components).map((c) => (
          <div key={c.label} className="flex gap-1">
            <dt>{c.label}</dt>
            <dd className="font-medium text-zinc-700 tabular-nums dark:text-zinc-300">{c.value}</dd>
          </div>
        ))}
      </dl>
      {check.regions.length > 0 ? (
        <ol className="mt-2 flex flex-col gap-1 text-xs" aria-label="Where it differs most">
          {check.regions.map((region, i) => {
            const kind = regionKind(region.kind);
            const gain = regionGain(region.cost);
            return (
              <li key={i} className="flex items-start gap-1.5" data-testid="fidelity-region">
                <span className={`mt-1 size-2 shrink-0 rounded-full ${kind.dot}`} aria-hidden="true" />
                {region.element ? (
                  <span className="min-w-0 flex-1 text-zinc-600 select-text dark:text-zinc-300" title={region.description}>
                    <span className="font-medium text-zinc-800 dark:text-zinc-100">{capitalized(region.element)}</span> — {region.summary ?? kind.label}
                  </span>
                ) : (
                  <span className="min-w-0 flex-1 text-zinc-600 select-text dark:text-zinc-300">
                    <span className="font-medium text-zinc-800 dark:text-zinc-100">{kind.label}</span> {regionDescription(region)}
                  </span>
                )}
                {gain ? (
                  <span className="shrink-0 font-medium text-emerald-700 tabular-nums dark:text-emerald-400" title="What fixing it would add to the score">
                    {gain}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-2 text-xs text-zinc-500">No place differs enough to name.</p>
      )}
    </div>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
