import type { VariantDisplay } from "../../lib/variantDisplay";
import { formatTrajectory, type FidelityPoint } from "../../lib/fidelityTrajectory";
import { formatCost, formatDuration, modelLabel } from "../../lib/format";
import { Badge, StatusDot, statusLabel } from "../common/ui";
import { formatScore, grade, lowestOf } from "../../lib/score";
import { ScaledPreview } from "./ScaledPreview";
import type { StoredPageScore, StoredWidthScore } from "../../ipc";
import { WidthScores } from "./WidthScores";
import { PageScores } from "./PageScores";
import { useVariantRoutes } from "../../hooks/useVariantRoutes";
import { generationPictured, useLivePicture } from "../../hooks/useLivePicture";
import { useLatest } from "../../hooks/useLatest";
import { useEffect, useState } from "react";

interface Props {
  variant: VariantDisplay;
  /** Its fidelity score, once computed (at several widths or pages: the lowest); none when it
   * was not scored. */
  score?: number | undefined;
  /** A page handed over at several widths: its score at each. */
  widthScores?: readonly StoredWidthScore[] | undefined;
  /** A site of several pages: each page's score. */
  pageScores?: readonly StoredPageScore[] | undefined;
  /** Its fidelity checks while it worked, in order (none when it made none, or they are not loaded). */
  trajectory?: readonly FidelityPoint[] | undefined;
  selected: boolean;
  onSelect: () => void;
  /** The version's stack makes projects: the card lists the variant's pages. */
  project?: boolean;
  /** What its page looks like, once the app has pictured it; null while that is still asked. */
  picture?: string | null | undefined;
}

/** How long the option took, once it is done. No running time while it works: any change of a
 *  card's text made WebKit paint the card's live page again, and every card's at once when their
 *  clocks stepped together — 0.25–0.4 s without a frame every 10 s at a model's pace
 *  (docs/PERFORMANCE.md, "Fifth pass"). */
export function elapsed(v: Pick<VariantDisplay, "startedAt" | "finishedAt">): string | null {
  return v.startedAt && v.finishedAt ? formatDuration(v.finishedAt - v.startedAt) : null;
}

/** The page a card shows. When a generation ends, its options' pages move from their live
 *  address to the stored one: the same page, so a finished option's card keeps the one it has
 *  loaded. Loading every card's page again at once made the longest frame while options finish
 *  (0.4–0.55 s, docs/PERFORMANCE.md), and the stored address, asked of Rust, left the card
 *  blank for a moment. */
export function useCardPage(variant: Pick<VariantDisplay, "previewUrl" | "hasCode" | "status" | "live" | "variantId">): string | null {
  const url = variant.previewUrl && variant.hasCode ? variant.previewUrl : null;
  const finished = variant.status !== "generating" && variant.status !== "pending";
  const [kept, setKept] = useState<{ id: number; url: string } | null>(null);
  if (variant.live !== null && finished && url !== null && variant.variantId !== null && (kept?.url !== url || kept.id !== variant.variantId)) {
    setKept({ id: variant.variantId, url });
  }
  if (variant.live === null && kept !== null && kept.id === variant.variantId) return kept.url;
  return url;
}

/** What a card shows: a picture of its page whenever there is one — while the option writes,
 *  the newest the app took of it (`livePicture`); once finished, the one kept with the version,
 *  and the newest live one until that is known. A still image paints in no time; a scaled
 *  live page runs a whole document in the window's process and is painted again whenever
 *  anything near it changes. An option whose page the app pictures (`pictured`) waits for its
 *  first picture (`coming`, at most `PICTURE_PATIENCE_MS`) rather than loading its page for a
 *  moment; otherwise the live page
 *  shows until a picture of this option has been drawn, so the card never goes blank. A
 *  finished one shows nothing while it is not yet known whether there is a picture. */
/** How long a card waits for its first picture before it shows its page instead (the first
 *  comes within 1–3 s, the browser's start included) — unless the app has pictured another
 *  option of the generation meanwhile (`browserWorks`): then its browser works, and this option
 *  only waits its turn behind the others and the fidelity checks (up to 30 s with four options
 *  writing fast). Its page in the card would run in the window's own process, the very cost
 *  the pictures save: 0.2 s without a frame each time one loaded. */
export const PICTURE_PATIENCE_MS = 15_000;

export function useCardView(
  variant: Pick<VariantDisplay, "status" | "variantId" | "pictured">,
  page: string | null,
  picture: string | null | undefined,
  livePicture?: string,
  browserWorks: () => boolean = () => false,
): { live: string | null; picture: string | null; waiting: boolean; coming: boolean; onPictureDrawn: () => void; onPictureFailed: () => void } {
  const finished = variant.status !== "generating" && variant.status !== "pending";
  const option = String(variant.variantId);
  // The option a picture was last drawn for: its next picture replaces it in place.
  const [drawn, setDrawn] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const kept = finished && typeof picture === "string" && picture !== failed ? picture : null;
  const running = page !== null && livePicture !== undefined && livePicture !== failed ? livePicture : null;
  const shown = kept ?? running;
  const waiting = finished && picture === null && running === null;
  // A picture that does not come (the browser failed) is not waited for long: the page instead.
  // (Kept by option: a card shown again for another generation waits again.)
  const [gaveUpOn, setGaveUpOn] = useState<string | null>(null);
  // An option that finished before its turn for a picture came: its kept picture is made once
  // the generation is stored, and it waits for that as for a first picture (at most the
  // patience: the browser may have failed).
  const unpictured = finished && variant.pictured === true && running === null && (picture === undefined || (kept !== null && drawn !== option));
  const writing = !finished && variant.pictured === true;
  const awaited = (writing || unpictured) && page !== null && running === null && gaveUpOn !== option;
  const works = useLatest(browserWorks);
  const finishedRef = useLatest(finished);
  useEffect(() => {
    if (!awaited) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      timer = setTimeout(() => {
        if (works.current() && !finishedRef.current) wait();
        else setGaveUpOn(option);
      }, PICTURE_PATIENCE_MS);
    };
    wait();
    return () => {
      clearTimeout(timer);
    };
  }, [awaited, option, works, finishedRef]);
  const pictured = (writing || unpictured) && gaveUpOn !== option;
  const coming = pictured && page !== null && shown === null;
  return {
    live: waiting || pictured || (shown !== null && drawn === option) ? null : page,
    picture: shown,
    waiting,
    coming,
    onPictureDrawn: () => {
      setDrawn(option);
    },
    onPictureFailed: () => {
      setFailed(shown);
      setDrawn(null);
    },
  };
}

/** How many page names a card shows before "+n". */
const PAGES_SHOWN = 3;

export function VariantCard({ variant, score, widthScores = [], pageScores = [], trajectory = [], selected, onSelect, project = false, picture }: Props) {
  const routes = useVariantRoutes(variant.of, variant.revision, project)?.routes ?? [];
  const view = useCardView(variant, useCardPage(variant), picture, useLivePicture(variant.of), () => generationPictured(variant.of));
  const time = elapsed(variant);
  const cost = formatCost(variant.costUsd);
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      data-testid={`variant-card-${variant.index}`}
      className={`flex w-56 shrink-0 flex-col [@media(max-height:760px)]:w-48 overflow-hidden rounded-xl border bg-white text-left shadow-xs transition focus-visible:outline-2 focus-visible:outline-accent-500 dark:bg-zinc-900 ${
        selected ? "border-accent-500 ring-2 ring-accent-500/30" : "border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700"
      }`}
      // Picked on press, as a browser's tabs are: the click comes after the release, and a busy
      // window may run other work between the two (~50–200 ms while options write).
      onMouseDown={(e) => {
        if (e.button === 0) onSelect();
      }}
      onClick={onSelect}
    >
      {/* A short window keeps the room for the preview: the cards lose their pictures. */}
      <div className="relative aspect-[16/10] w-full overflow-hidden bg-zinc-100 [@media(max-height:760px)]:hidden dark:bg-zinc-800">
        {view.picture !== null ? (
          <img
            src={view.picture}
            alt=""
            decoding="async"
            data-testid="variant-picture"
            className="absolute inset-0 size-full object-cover object-top"
            onLoad={view.onPictureDrawn}
            onError={view.onPictureFailed}
          />
        ) : null}
        {view.live !== null ? (
          <ScaledPreview url={view.live} revision={variant.revision} title={`Option ${variant.index + 1} thumbnail`} />
        ) : view.coming ? (
          <div data-testid="variant-picture-coming" className="flex size-full items-center justify-center text-xs text-zinc-400">
            Preview on its way…
          </div>
        ) : view.picture !== null || view.waiting ? null : (
          <div className={`flex size-full items-center justify-center text-xs ${variant.status === "error" ? "text-red-600" : "text-zinc-400"}`}>
            {variant.status === "generating" || variant.status === "pending" ? "Waiting for code…" : statusLabel(variant.status)}
          </div>
        )}
      </div>
      <div className="flex flex-col gap-1 px-3 py-2">
        <div className="flex items-center gap-2">
          <StatusDot status={variant.status} />
          <span className="text-sm font-medium">Option {variant.index + 1}</span>
          <span className="ml-auto text-[11px] text-zinc-400">Alt+{variant.index + 1}</span>
        </div>
        <div className="flex items-center gap-1.5 text-xs text-zinc-500">
          <span className="min-w-0 truncate whitespace-nowrap" title={modelLabel(variant.model)}>
            <Badge>{modelLabel(variant.model)}</Badge>
          </span>
          {time ? <span data-testid="variant-time" className="shrink-0">{time}</span> : null}
          {score !== undefined ? (
            <span data-testid="variant-score" title={`Fidelity ${formatScore(score)}${lowestOf(pageScores.length, widthScores.length)}: ${grade(score).label.toLowerCase()}`} className={`shrink-0 font-semibold tabular-nums ${grade(score).text}`}>
              {formatScore(score)}
            </span>
          ) : null}
          {cost ? <span className="ml-auto shrink-0 tabular-nums">{cost}</span> : null}
        </div>
        {routes.length > 0 ? (
          <p data-testid="variant-routes" className="truncate text-[11px] text-zinc-500" title={routes.map((r) => `${r.name}: ${r.path}`).join("\n")}>
            <span className="font-medium text-zinc-600 dark:text-zinc-300">{routes.length === 1 ? "1 page" : `${String(routes.length)} pages`}</span>
            {" · "}
            {routes
              .slice(0, PAGES_SHOWN)
              .map((r) => r.name)
              .join(", ")}
            {routes.length > PAGES_SHOWN ? ` +${String(routes.length - PAGES_SHOWN)}` : ""}
          </p>
        ) : null}
        {pageScores.length > 1 ? (
          <PageScores pages={pageScores} testId="variant-page-scores" className="text-[11px]" />
        ) : widthScores.length > 1 ? (
          <WidthScores widths={widthScores} testId="variant-width-scores" className="text-[11px]" />
        ) : null}
        {trajectory.length > 0 ? (
          <p data-testid="fidelity-trajectory" title="Each fidelity check while the option worked" className="text-[11px] text-zinc-500 tabular-nums [@media(max-height:760px)]:hidden">
            Fidelity {formatTrajectory(trajectory)}
          </p>
        ) : null}
        {variant.notice ? (
          <p role="status" data-testid="variant-notice" className="text-xs text-amber-700 dark:text-amber-400">
            {variant.notice}
          </p>
        ) : null}
      </div>
    </button>
  );
}
