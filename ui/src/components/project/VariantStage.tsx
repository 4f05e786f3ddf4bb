// The selected variant, large: Desktop (laid out at a real desktop width, scaled to fit, with
// its width and zoom), Mobile or Code, or the code beside the preview; the screenshot is shown
// until the first code arrives.
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import type { ElementSelection, PixelBox, VersionInfo } from "../../ipc";
import { useElementSize } from "../../hooks/useElementSize";
import { usePreviewWidth } from "../../hooks/usePreviewWidth";
import { usePreviewRoute } from "../../hooks/usePreviewRoute";
import { useVariantRoutes } from "../../hooks/useVariantRoutes";
import { PICTURE_LAYOUT_WIDTH, scaleFor, type Size, type Zoom } from "../../lib/previewSize";
import type { VariantDisplay } from "../../lib/variantDisplay";
import { Icon, type IconName } from "../common/Icon";
import { useAfterPaint } from "../../hooks/useAfterPaint";
import { Frozen } from "../common/Frozen";
import { CodePanel } from "./CodePanel";
import { DesktopPreview } from "./DesktopPreview";
import { PreviewFrame } from "./PreviewFrame";
import { NativePreview } from "./NativePreview";
import { useNativePreviewAvailable } from "../../hooks/useNativePreview";
import { useViewHandover } from "../../hooks/useViewHandover";
import { useWhenNoticeGone } from "../../hooks/useWhenNoticeGone";
import { useFitSteps } from "../../hooks/useFitSteps";
import { TOOLBAR_STEPS, WHEN_SHORT } from "./stageToolbarSteps";
import { warmCodeEditor } from "../../lib/codeEditorModule";
import { variantFailureHeadline } from "../../lib/failureHelp";
import { PreviewSizeControls } from "./PreviewSizeControls";
import { RoutePicker } from "./RoutePicker";
import type { PageWidth } from "../../lib/pageWidths";
import { WidthsPreview } from "./WidthsPreview";

export type StageTab = "desktop" | "mobile" | "widths" | "code";
const TABS: { id: StageTab; label: string; icon: IconName; title: string }[] = [
  { id: "desktop", label: "Desktop", icon: "desktop", title: "Desktop" },
  { id: "mobile", label: "Mobile", icon: "mobile", title: "Mobile" },
  { id: "widths", label: "Widths", icon: "split", title: "The page at each screenshot's width" },
  { id: "code", label: "Code", icon: "code", title: "Code" },
];
const SPLIT_KEY = "s2c.codeBeside";

interface Props {
  projectId: string;
  versionId: number | null;
  variant: VariantDisplay | null;
  tab: StageTab;
  onTab: (tab: StageTab) => void;
  inputPreview: string | null;
  /** The screenshot's size, when the page was made from one: the Desktop preview's screen. */
  screenshot: Size | null;
  /** The widths the page was handed over at (none for a page from one screenshot). */
  widths?: readonly PageWidth[];
  /** Each of those widths' fidelity, by CSS width. */
  widthScores?: ReadonlyMap<number, number>;
  selectMode: boolean;
  onSelectElement: (selection: ElementSelection) => void;
  edit?: ComponentProps<typeof PreviewFrame>["edit"];
  /** A place to point out on the page (a fidelity difference), in page px. */
  highlight?: PixelBox | null;
  /** The width of the page `highlight` is on (the scored screenshot's), when known. */
  highlightWidth?: number | null;
  onSaved: (version: VersionInfo) => void;
  onMessage: (text: string, error?: boolean) => void;
  actions: ReactNode;
  /** The version's stack makes projects: the preview picks and follows routes, the code has a file tree. */
  project?: boolean;
  /** Told the route on show whenever it changes (null: not a site, or not known yet). */
  onRoute?: (route: string | null) => void;
  /** A page to show (the one a fidelity difference is on, `asked` the difference): the preview goes there each time this changes. */
  showRoute?: { route: string; asked: number } | null;
  /** The app's picture of the option's page (its first screen at the pictures' width). */
  picture?: string | null;
}

function storedSplit(): boolean {
  try {
    return localStorage.getItem(SPLIT_KEY) === "1";
  } catch {
    return false;
  }
}

export function VariantStage(props: Props) {
  const { projectId, versionId, variant, onTab, inputPreview, screenshot, selectMode, onSelectElement, edit = null, highlight = null, onSaved, onMessage, actions, project = false } = props;
  const bar = useRef<HTMLDivElement>(null);
  useFitSteps(bar, TOOLBAR_STEPS);
  const routes = useVariantRoutes(variant?.of, variant?.revision ?? 0, project);
  const place = usePreviewRoute(variant?.previewUrl ?? null, routes);
  const { onRoute, showRoute = null } = props;
  const { current: routeOnShow, pick: pickRoute } = place;
  // An open project (not only a new page) may go to its code at any time.
  useEffect(() => warmCodeEditor(), []);
  useEffect(() => {
    onRoute?.(routeOnShow);
  }, [onRoute, routeOnShow]);
  // Only when asked anew: the designer may go to another page afterwards.
  const known = routeOnShow !== null;
  const wanted = showRoute?.route ?? null;
  const asked = showRoute?.asked ?? null;
  useEffect(() => {
    if (wanted !== null && known) pickRoute(wanted);
  }, [wanted, asked, known, pickRoute]);
  const widths = props.widths ?? NO_WIDTHS;
  const hasWidths = widths.length >= 2;
  // A version made from one screenshot has no widths to show: its Desktop preview instead.
  const tab = props.tab === "widths" && !hasWidths ? "desktop" : props.tab;
  const highlightAt = (width: number) => (!hasWidths || props.highlightWidth == null || props.highlightWidth === width ? highlight : null);
  const { screen, choose: chooseWidth } = usePreviewWidth(projectId, screenshot);
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [split, setSplitState] = useState(storedSplit);
  const setSplit = (on: boolean) => {
    setSplitState(on);
    try {
      localStorage.setItem(SPLIT_KEY, on ? "1" : "0");
    } catch {
      // The choice lasts until the window closes.
    }
  };
  const { ref: pane, width: paneWidth, height: paneHeight } = useElementSize<HTMLDivElement>();
  const scale = scaleFor(zoom, screen, { width: paneWidth, height: paneHeight });
  const showCodeBeside = split && tab !== "code";
  // The tab answers at once; the view follows a frame later, and the code, once opened, stays.
  const view = useAfterPaint(tab);
  const [codeOpened, setCodeOpened] = useState(false);
  if (view === "code" && !codeOpened) setCodeOpened(true);
  // One editor per option: an unsaved edit belongs to the option it was made in, and picking
  // another must never show it there (nor save it into that option's file).
  const code = variant ? <CodePanel key={`${String(versionId)}/${String(variant.variantId ?? `#${String(variant.index)}`)}`} projectId={projectId} versionId={versionId} variant={variant} project={project} onSaved={onSaved} onMessage={onMessage} /> : null;

  // The page is shown by the app in a view of its own process (the window's thread only
  // composites it) — while an option writes, and once stored: a stored page in a frame was
  // painted by the window again at every frame anything else moved (a 20-version history
  // scrolled at 15–48 frames a second over a blurred hero, docs/PERFORMANCE.md). It goes into a
  // frame when the designer points into the page or zooms it past the pane, and a stored
  // project's page stays in one: its routes and links are followed through the frame's bridge.
  // A page the view could not take (covered for long, refused) stays in a frame; one framed for
  // a notice over it goes back to the view once the notice has gone. Whenever the page goes
  // into a frame, the view stays over it until the frame has drawn it. Until the app has said
  // whether it has a view (asked as the window starts), the page is in neither.
  const nativeAvailable = useNativePreviewAvailable();
  const [framedUrl, setFramedUrl] = useState<string | null>(null);
  const [framedForNotice, setFramedForNotice] = useState(false);
  // The page back from a frame: the view may hold an older version of it.
  const [backFromFrame, setBackFromFrame] = useState<string | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  useWhenNoticeGone(framedForNotice && framedUrl !== null && framedUrl === place.url, holder, () => {
    setBackFromFrame(framedUrl);
    setFramedUrl(null);
    setFramedForNotice(false);
  });
  const highlightHere = highlightAt(screen.width);
  const viewFits = nativeAvailable === true && variant !== null && zoom === "fit" && (view === "desktop" || view === "mobile");
  const nativeFits = viewFits && !selectMode && edit === null && highlightHere === null;
  const nativeUrl = nativeFits && (variant.live || !project) && place.url !== null && place.url !== framedUrl ? place.url : null;
  const { handover, end: endHandover } = useViewHandover(nativeUrl, viewFits, variant !== null);
  const nativeShown = nativeUrl ?? handover;
  // What held the page when the code was opened over it. A frame stays loaded beneath the code
  // (back on the preview, nothing loads again); the page's own view just hides, and no frame
  // is loaded under the code in its place: it would run the whole page in the window's own
  // process for nothing (0.2–0.5 s without a frame while options write).
  const [pageHolder, setPageHolder] = useState<"frame" | "view">("frame");
  const holderNow = view === "code" ? pageHolder : nativeUrl !== null ? "view" : "frame";
  if (holderNow !== pageHolder) setPageHolder(holderNow);
  const framed = nativeAvailable !== null && nativeUrl === null && !(view === "code" && pageHolder === "view");
  const frame = (className: string) =>
    variant ? (
      <div ref={holder} className={`relative ${className}`} data-page={place.url ?? ""}>
        {framed ? (
          <PreviewFrame
            url={place.url}
            revision={variant.revision}
            title={`Option ${variant.index + 1} preview`}
            onLocation={project ? place.onLocation : undefined}
            selectMode={selectMode}
            onSelect={onSelectElement}
            edit={edit}
            highlight={highlightHere}
            className="size-full"
            paused={view === "code"}
            onShown={handover !== null ? endHandover : undefined}
          />
        ) : null}
        {nativeShown !== null ? (
          <NativePreview
            url={nativeShown}
            revision={variant.revision}
            title={`Option ${variant.index + 1} preview`}
            className="absolute inset-0"
            mayBeBehind={backFromFrame === nativeShown}
            placeholder={view === "desktop" && screen.width === PICTURE_LAYOUT_WIDTH ? (props.picture ?? null) : null}
            onFallback={(url, untilDrawn = false) => {
              setFramedUrl(url);
              setFramedForNotice(untilDrawn);
              if (!untilDrawn) endHandover();
            }}
          />
        ) : null}
      </div>
    ) : null;

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Selected variant">
      <div ref={bar} className="group/bar flex min-w-0 flex-nowrap items-center gap-x-2 gap-y-1 px-3 py-2 data-[fit~=wrap]:flex-wrap" data-testid="stage-toolbar">
        <div role="tablist" aria-label="View" className="flex shrink-0 rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
          {TABS.filter((t) => t.id !== "widths" || hasWidths).map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              title={t.title}
              className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium text-zinc-500 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-xs dark:aria-selected:bg-zinc-700 dark:aria-selected:text-white"
              onClick={() => {
                onTab(t.id);
              }}
            >
              <Icon name={t.icon} className="size-3.5" /> <span className={WHEN_SHORT.viewLabel}>{t.label}</span>
            </button>
          ))}
        </div>
        {tab !== "code" ? (
          <button
            type="button"
            aria-pressed={split}
            title={split ? "Hide the code" : "Show the code beside the preview"}
            className="inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-2 text-xs text-zinc-600 hover:bg-zinc-100 aria-pressed:bg-zinc-100 aria-pressed:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-zinc-800 dark:aria-pressed:text-white"
            onClick={() => {
              setSplit(!split);
            }}
          >
            <Icon name="split" className="size-3.5" /> <span className={WHEN_SHORT.viewLabel}>Code beside</span>
          </button>
        ) : null}
        {tab !== "code" && variant?.hasCode && routes && place.current !== null ? <RoutePicker routes={routes.routes} current={place.current} onPick={place.pick} /> : null}
        {tab === "desktop" && variant?.hasCode ? (
          <PreviewSizeControls
            screen={screen}
            screenshotWidth={screenshot?.width ?? null}
            inputWidths={widths}
            scale={scale}
            zoom={zoom}
            onWidth={chooseWidth}
            onZoom={setZoom}
          />
        ) : null}
        <div className="ml-auto flex shrink-0 items-center justify-end gap-1" data-testid="stage-actions">{actions}</div>
      </div>
      <div className="flex min-h-0 flex-1 gap-2 px-3 pb-3">
        <div className="relative min-w-0 flex-1 overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900" data-testid="stage-pane">
          {!variant ? (
            <p className="p-6 text-sm text-zinc-500">Nothing to show for this version.</p>
          ) : (
            <>
              {/* The code lies over the preview, which stays loaded beneath it: back on the
                  preview, nothing loads again. Hidden, the code keeps its layout (invisible,
                  not removed from the layout): showing it again only paints it, where laying
                  out a 300 KB file's editor afresh held the window ~130 ms. */}
              {codeOpened ? (
                <div className={`absolute inset-0 z-10 bg-white dark:bg-zinc-950 ${view === "code" ? "" : "invisible"}`} data-testid="code-layer">
                  <Frozen frozen={view !== "code"}>{code}</Frozen>
                </div>
              ) : null}
              {!variant.hasCode ? (
                view === "code" ? null : <Waiting variant={variant} inputPreview={inputPreview} />
              ) : (
                <div ref={pane} className={`relative flex size-full justify-center ${view === "mobile" ? "py-4" : ""} ${view === "code" ? "invisible" : ""}`}>
                  {edit && edit.targets.length === 0 && view !== "code" ? (
                    <p className="pointer-events-none absolute top-3 left-1/2 z-10 w-max max-w-[90%] -translate-x-1/2 rounded-2xl bg-zinc-900/85 px-3 py-1 text-center text-xs text-white shadow" role="status">
                      Click an element to edit it · Shift-click adds · double-click edits text
                    </p>
                  ) : null}
                  {selectMode && view !== "code" ? (
                    <p className="pointer-events-none absolute top-3 left-1/2 z-10 w-max max-w-[90%] -translate-x-1/2 rounded-2xl bg-zinc-900/85 px-3 py-1 text-center text-xs text-white shadow" role="status">
                      Click an element to select it · Esc to stop
                    </p>
                  ) : null}
                  {view === "widths" ? (
                    <WidthsPreview
                      widths={widths}
                      scores={props.widthScores ?? NO_SCORES}
                      pane={{ width: paneWidth, height: paneHeight }}
                      frame={(w) => (
                        <PreviewFrame url={place.url} revision={variant.revision} title={`Option ${variant.index + 1} at ${w.label.toLowerCase()}`} highlight={highlightAt(w.css)} className="size-full" />
                      )}
                    />
                  ) : (
                    <DesktopPreview screen={screen} scale={scale} phone={view === "mobile"}>
                      {frame(view === "mobile" ? "size-full overflow-hidden rounded-[28px] border-8 border-zinc-800" : "size-full")}
                    </DesktopPreview>
                  )}
                </div>
              )}
            </>
          )}
        </div>
        {showCodeBeside && variant ? (
          <div className="min-w-0 flex-1 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950" data-testid="code-beside">
            {code}
          </div>
        ) : null}
      </div>
    </section>
  );
}

const NO_WIDTHS: readonly PageWidth[] = [];
const NO_SCORES: ReadonlyMap<number, number> = new Map();

function Waiting({ variant, inputPreview }: { variant: VariantDisplay; inputPreview: string | null }) {
  const failed = variant.status === "error" || variant.status === "cancelled";
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 p-6">
      {inputPreview && !failed ? <img src={inputPreview} alt="The screenshot being rebuilt" className="max-h-[80%] max-w-full rounded-lg object-contain opacity-60 shadow" /> : null}
      <p className={`text-sm ${failed ? "text-red-600" : "text-zinc-500"}`}>
        {variant.status === "error" ? stageFailure(variant) : variant.status === "cancelled" ? "Cancelled before any code was written." : "Waiting for the first code…"}
      </p>
    </div>
  );
}

/** A failed option in one line: the activity beside it says what to do, with the details. */
function stageFailure(variant: VariantDisplay): string {
  return variantFailureHeadline(variant.live?.error?.code ?? null, variant.provider);
}
