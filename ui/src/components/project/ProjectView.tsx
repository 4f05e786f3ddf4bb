// A project: its history on the left, the variants of the version on screen in the middle
// (cards, the selected one large, the prompt box), and the selected agent's activity on the right.
import { useCallback, useEffect, useMemo, useState } from "react";
import { errorMessage, type ElementSelection, type ProjectInfo, type Settings, type VersionInfo } from "../../ipc";
import { generationCancel } from "../../ipc/generation";
import { projectRestore, projectSelectVariant } from "../../ipc/projects";
import { useExternalChanges } from "../../hooks/useExternalChanges";
import { useLiveGenerations, useLiveView } from "../../hooks/useLive";
import { useNow } from "../../hooks/useNow";
import { useStoredActivity } from "../../hooks/useStoredActivity";
import { useVariantHotkeys } from "../../hooks/useVariantHotkeys";
import { useVersions } from "../../hooks/useVersions";
import { isRunning } from "../../lib/agentEvents";
import { formatCost, modelLabel } from "../../lib/format";
import { fidelityTrajectory } from "../../lib/fidelityTrajectory";
import { holdsAppFiles } from "../../lib/fileTree";
import { failureLine } from "../../lib/failureHelp";
import { retryGeneration, startGeneration, type LiveGeneration } from "../../lib/liveGenerations";
import { livePreviewUrl, storedPreviewUrl, usePreviewUrls } from "../../lib/previewUrl";
import { STACKS } from "../../lib/settingsForm";
import { branchNote, isProjectVersion, summarize } from "../../lib/versions";
import { displaysFor, modelSpec, type VariantDisplay } from "../../lib/variantDisplay";
import { Icon } from "../common/Icon";
import { Toast, type ToastMessage } from "../common/Toast";
import type { Notice } from "../../lib/importNotice";
import { ghostButtonClass } from "../common/ui";
import { ActivityPanel } from "./ActivityPanel";
import { ExternalChangesBanner } from "./ExternalChangesBanner";
import { HistoryPanel, type PendingVersion } from "./HistoryPanel";
import { ProjectHeader } from "./ProjectHeader";
import { PromptBox, type UpdateRequest } from "./PromptBox";
import { VariantCard } from "./VariantCard";
import { ScoreButton } from "./ScoreButton";
import { WHEN_SHORT } from "./stageToolbarSteps";
import { useScores } from "../../hooks/useScores";
import { useVersionThumbnails } from "../../hooks/useVersionThumbnails";
import { useVariantPictures } from "../../hooks/useVariantPictures";
import { useProjectInputs } from "../../hooks/useProjectInputs";
import { useProjectWidths } from "../../hooks/useProjectWidths";
import { pageWidths, scoresByWidth } from "../../lib/pageWidths";
import { sameRoute } from "../../lib/previewRoute";
import { lowestWidth } from "../../lib/score";
import { usePublications } from "../../hooks/usePublications";
import { liveVersions } from "../../lib/publishing";
import { VariantStage, type StageTab } from "./VariantStage";
import { VisualEditPanel } from "./VisualEditPanel";
import { useVisualEdit } from "../../hooks/useVisualEdit";
import type { SettingsTab } from "../settings/SettingsDialog";
import { useSidePanels } from "../../hooks/useSidePanels";
import { useScoreImages } from "../../hooks/useScoreImages";
import { screenshotSizeOf } from "../../lib/previewSize";
import { ComparisonView } from "./ComparisonView";
import { FidelityPanel } from "./FidelityPanel";

interface Props {
  project: ProjectInfo;
  settings: Settings | null;
  onBack: () => void;
  onOpenSettings: (tab?: SettingsTab) => void;
  /** The project was renamed in the header. */
  onRenamed?: (project: ProjectInfo) => void;
  /** Shown once when the project opens (what an import brought along). */
  notice?: Notice | null;
}

export function ProjectView({ project, settings, notice, onBack, onOpenSettings, onRenamed = () => undefined }: Props) {
  const { tree, error: treeError, refresh } = useVersions(project.id);
  const inputs = useProjectInputs(project.id, tree);
  const allLive = useLiveGenerations();
  const lives = useMemo(() => [...allLive.entries()].filter(([, l]) => l.projectId === project.id), [allLive, project.id]);
  // What the user last saw: a generation of this project still running in this session, else
  // the working copy (whatever made it: a generation, a hand edit, a restore). Never a finished
  // generation just because it is still in memory: hand edits after it would seem lost.
  const [chosenVersion, setVersionId] = useState<number | null>(() => runningVersion(lives) ?? project.current_version ?? null);
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [tab, setTab] = useState<StageTab>("desktop");
  const [selectMode, setSelectMode] = useState(false);
  const [selection, setSelection] = useState<ElementSelection | null>(null);
  const [message, setMessage] = useState<ToastMessage | null>(() => (notice ? { ...notice, error: false } : null));
  const panels = useSidePanels();
  const [fidelityOpen, setFidelityOpen] = useState(false);
  // The page of a site on show in the preview (null: not a site, or not known yet).
  const [routeOnShow, setRouteOnShow] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [difference, setDifference] = useState<number | null>(null);

  const notify = useCallback((text: string, error = false) => {
    setMessage({ text, error });
  }, []);
  const dismiss = useCallback(() => {
    setMessage(null);
  }, []);

  // Until a version is chosen, show the working copy.
  const versionId = chosenVersion ?? tree?.current_version ?? tree?.versions[tree.versions.length - 1]?.id ?? null;

  const external = useExternalChanges(
    project.id,
    useCallback(
      (id: number) => {
        void refresh().then(() => {
          setVersionId(id);
        });
      },
      [refresh],
    ),
  );

  const live = versionId !== null ? allLive.get(versionId) : undefined;
  const liveView = useLiveView(live);
  const version = tree?.versions.find((v) => v.id === versionId) ?? null;
  const projectStack = isProjectVersion(version);
  // Preview URLs arrive from Rust (tokens); a new one re-renders the cards.
  const urls = usePreviewUrls();
  const displays = useMemo(
    () => displaysFor(project.id, version, live?.started && liveView ? { generationId: live.started.generation_id, view: liveView, pictured: live.started.pictures } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `urls` marks new preview URLs
    [project.id, version, live, liveView, urls],
  );
  const thumbnails = useVersionThumbnails(project.id);
  const pictures = useVariantPictures(project.id, versionId);
  const { publications } = usePublications(project.id);
  const liveOn = useMemo(() => liveVersions(publications), [publications]);
  const scores = useScores(
    project.id,
    displays.filter((d) => d.status === "complete" && d.variantId !== null).map((d) => d.variantId as number),
  );
  const defaultIndex = Math.max(0, displays.findIndex((d) => d.variantId !== null && d.variantId === version?.selected_variant));
  const index = versionId !== null ? (picked[versionId] ?? defaultIndex) : 0;
  const selected = displays[index] ?? displays[0] ?? null;
  // The option on screen's own files decide what Export offers (a save or an import may make a
  // project of any stack).
  const selectedFiles = version?.variants.find((v) => v.id === selected?.variantId)?.files;
  const selectedIsProject = selectedFiles ? holdsAppFiles(selectedFiles) : projectStack;
  const pick = useCallback(
    (i: number) => {
      if (versionId === null) return;
      setPicked((p) => (p[versionId] === i ? p : { ...p, [versionId]: i }));
      setSelection(null);
      setDifference(null);
    },
    [versionId],
  );
  useVariantHotkeys(displays.length, pick);
  useEffect(() => {
    if (!selectMode) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setSelectMode(false);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [selectMode]);

  const stored = useStoredActivity(project.id, selected?.variantId ?? null, selected !== null && selected.live === null);
  const activity = selected?.live ?? stored.view;
  // Each card's fidelity checks: live from the reducer, stored once that variant's activity loaded.
  const trajectories = useMemo(
    () => displays.map((d) => (d.live ? fidelityTrajectory(d.live) : d.variantId !== null ? (stored.trajectories.get(d.variantId) ?? []) : [])),
    [displays, stored.trajectories],
  );
  const anyRunning = displays.some((d) => d.status === "pending" || d.status === "generating");
  // Only a retry's countdown moves with the clock (the cards show no running time).
  const now = useNow(activity?.activity.some((a) => a.kind === "retrying") === true);

  const generating = new Set(runningVersions(lives));
  const pending: PendingVersion[] = lives
    .filter(([id]) => !tree?.versions.some((v) => v.id === id))
    .map(([id, l]) => ({ versionId: id, label: l.view.variants.length ? `${l.view.variants.length} option${l.view.variants.length > 1 ? "s" : ""}` : "Starting" }))
    .reverse();

  const assetUrl = useCallback(
    (path: string) => {
      if (/^https?:/.test(path) || !selected) return null;
      if (live?.started && selected.live) return livePreviewUrl(live.started.generation_id, selected.index, path);
      if (versionId !== null && selected.variantId !== null) return storedPreviewUrl(project.id, versionId, selected.variantId, path);
      return null;
    },
    [live, selected, versionId, project.id],
  );

  const onSaved = useCallback(
    (v: VersionInfo) => {
      void refresh().then(() => {
        setVersionId(v.id);
      });
    },
    [refresh],
  );

  const visual = useVisualEdit({ projectId: project.id, versionId, variantId: selected?.variantId ?? null }, onSaved);

  async function sendUpdate(request: UpdateRequest): Promise<boolean> {
    if (versionId === null || !selected) return false;
    const stack = STACKS.find((s) => s.id === version?.stack)?.id ?? settings?.default_stack ?? "html_tailwind";
    const result = await startGeneration({
      project_id: project.id,
      stack,
      source: {
        kind: "update",
        version_id: versionId,
        variant_id: selected.variantId,
        change_request: request.text,
        selected_element: request.selection,
        reference_input_ids: request.referenceIds,
      },
      instructions: null,
      models: [modelSpec(selected)],
      design_system: null,
      generate_images: settings?.image_generation ?? true,
      extract_assets: false,
    });
    if (!result.ok) {
      notify(failureLine(result.error), true);
      return false;
    }
    setSelection(null);
    setSelectMode(false);
    setVersionId(result.started.version_id);
    setTab("desktop");
    return true;
  }

  async function retry(id: number) {
    const result = await retryGeneration(project.id, id);
    if (result.ok) setVersionId(result.started.version_id);
    else notify(failureLine(result.error), true);
  }

  async function restore(id: number) {
    const r = await projectRestore(project.id, id, null);
    if (r.status === "error") {
      notify(errorMessage(r.error), true);
      return;
    }
    await refresh();
    setVersionId(r.data.id);
    notify("Restored as the working copy");
  }

  async function choose() {
    if (versionId === null || selected?.variantId == null) return;
    const r = await projectSelectVariant(project.id, versionId, selected.variantId);
    if (r.status === "error") {
      notify(errorMessage(r.error), true);
      return;
    }
    await refresh();
    notify(`Option ${selected.index + 1} is now the chosen one`);
  }

  async function cancel(variant: number | null) {
    if (!live?.started) return;
    const r = await generationCancel(live.started.generation_id, variant);
    if (r.status === "error") notify(errorMessage(r.error), true);
  }

  const selectedRunning = selected ? isRunning(selected.live?.status ?? "complete") : false;
  const canUpdate = selected !== null && selected.variantId !== null && hasPage(selected.status);
  const canChoose =
    version !== null && displays.length > 1 && selected !== null && hasPage(selected.status) && selected.variantId !== null && selected.variantId !== version.selected_variant;
  const selectedScore = selected?.variantId != null ? scores.get(selected.variantId) : undefined;
  const branch = canUpdate ? branchNote(tree, versionId, selected.variantId) : null;
  const nothingToBuildOn = !anyRunning && displays.length > 0 && !displays.some((d) => hasPage(d.status));
  const report = selectedScore?.report ?? null;
  const showFidelity = fidelityOpen && report !== null && !visual.on;
  const scoreImages = useScoreImages(project.id, showFidelity ? (selected?.variantId ?? null) : null, selectedScore?.total ?? null);
  const region = showFidelity && difference !== null ? report.regions[difference] : undefined;
  // A site's report (its differences) is its lowest page's: the preview goes to that page to point one out.
  const sitePages = selectedScore?.pages ?? [];
  const lowPage = sitePages.length > 1 ? lowestWidth(sitePages) : null;
  const reportRoute = lowPage !== null ? (sitePages[lowPage]?.route ?? null) : null;
  // Missing content has no place on the page: point to where the screenshot has it.
  const highlight =
    region && (reportRoute === null || sameRoute(reportRoute, routeOnShow)) ? (region.kind === "missing" ? region.screenshotBox : (region.pageBox ?? region.screenshotBox)) : null;
  const handedWidths = useProjectWidths(project.id, versionId, projectStack ? routeOnShow : null);
  const pageOnShow = sitePages.find((p) => sameRoute(p.route, routeOnShow));
  const widths = pageWidths(handedWidths, inputs);
  const widest = widths.length >= 2 ? widths[0] : undefined;
  // A page at several widths: the Desktop preview starts at its widest screenshot; the report
  // (the lowest width's) is shown in the Widths view.
  const screenshot = widest ? (widest.shot ?? { width: widest.css, height: widest.screen.height }) : (report?.screenshot ?? screenshotSizeOf(inputs, version?.inputs ?? []));
  const rightOpen = visual.on || showFidelity || panels.activity;
  // A narrow window has room for one side panel beside the preview.
  const historyShown = panels.history && !(panels.narrow && (visual.on || showFidelity));
  const stageActions = (
    <>
      {canUpdate || visual.on ? (
        <button
          type="button"
          className={ghostButtonClass}
          aria-pressed={visual.on}
          title="Change spacing, colours, type and text by hand; Save writes them to the code"
          onClick={() => {
            visual.setOn(!visual.on);
            setFidelityOpen(false);
            setSelectMode(false);
            setTab((t) => (t === "code" ? "desktop" : t));
          }}
        >
          <Icon name="pencil" /> <span className={WHEN_SHORT.actionLabel}>Visual edit</span>
        </button>
      ) : null}
      {selected?.variantId != null && selectedScore !== undefined ? (
        <ScoreButton
          total={selectedScore.total}
          widths={selectedScore.widths}
          pages={selectedScore.pages}
          open={showFidelity}
          onToggle={() => {
            visual.setOn(false);
            setFidelityOpen(!showFidelity);
            setDifference(null);
          }}
        />
      ) : null}
      {canChoose ? (
        <button type="button" className={ghostButtonClass} title="The working files and exports use this option" onClick={() => void choose()}>
          <Icon name="check" /> Use<span className={WHEN_SHORT.actionLabel}> this option</span>
        </button>
      ) : null}
      {selectedRunning ? (
        <button type="button" className={ghostButtonClass} onClick={() => void cancel(selected?.index ?? null)}>
          <Icon name="stop" /> Cancel
        </button>
      ) : null}
      {anyRunning && displays.length > 1 ? (
        <button type="button" className={ghostButtonClass} onClick={() => void cancel(null)}>
          <Icon name="stop" /> Cancel all
        </button>
      ) : null}
    </>
  );

  return (
    <div className="flex h-full flex-col">
      <ProjectHeader
        project={project}
        exportTarget={
          versionId !== null && tree?.versions.some((v) => v.id === versionId)
            ? { versionId, variantId: selected?.variantId ?? null, label: `v${tree.versions.findIndex((v) => v.id === versionId) + 1}`, project: selectedIsProject }
            : null
        }
        onBack={onBack}
        onOpenSettings={onOpenSettings}
        onMessage={notify}
        onRenamed={onRenamed}
        left={
          <button
            type="button"
            className={ghostButtonClass}
            aria-pressed={historyShown}
            aria-label={historyShown ? "Hide the history" : "Show the history"}
            title={historyShown ? "Hide the history" : "Show the history"}
            onClick={() => {
              panels.set({ history: !historyShown });
            }}
          >
            <Icon name="panelLeft" />
          </button>
        }
        right={
          <button
            type="button"
            className={ghostButtonClass}
            aria-pressed={rightOpen}
            aria-label={rightOpen ? "Hide the side panel" : "Show the activity"}
            title={rightOpen ? "Hide the side panel" : "Show the activity"}
            onClick={() => {
              if (rightOpen) {
                visual.setOn(false);
                setFidelityOpen(false);
                panels.set({ activity: false });
              } else panels.set({ activity: true });
            }}
          >
            <Icon name="panelRight" />
          </button>
        }
      />
      <ExternalChangesBanner paths={external.paths} error={external.error} onKeep={() => void external.accept()} onDiscard={() => void external.discard()} />
      <div className="flex min-h-0 flex-1">
        {historyShown ? (
          <aside className="w-60 shrink-0 overflow-y-auto border-r border-zinc-200 max-[1000px]:w-52 dark:border-zinc-800">
            {treeError ? <p className="p-3 text-xs text-red-600" role="alert">{treeError}</p> : null}
            <HistoryPanel tree={tree} pending={pending} selected={versionId} thumbnails={thumbnails} inputs={inputs} live={liveOn} generating={generating} onSelect={setVersionId} onRestore={(id) => void restore(id)} onRetry={(id) => void retry(id)} />
          </aside>
        ) : null}
        <main className="flex min-w-0 flex-1 flex-col">
          {displays.length > 1 ? (
            <div role="tablist" aria-label="Options" className="flex gap-3 overflow-x-auto px-3 pt-3">
              {displays.map((d, i) => (
                <VariantCard key={d.index} variant={d} score={d.variantId !== null ? scores.get(d.variantId)?.total : undefined} widthScores={d.variantId !== null ? scores.get(d.variantId)?.widths : undefined} pageScores={d.variantId !== null ? scores.get(d.variantId)?.pages : undefined} trajectory={trajectories[i]} selected={i === index} project={projectStack} picture={pictureOf(pictures, d.variantId)} onSelect={() => {
                  pick(i);
                }} />
              ))}
            </div>
          ) : null}
          <VariantStage
            projectId={project.id}
            versionId={versionId}
            variant={selected}
            tab={tab}
            onTab={setTab}
            inputPreview={live?.inputPreview ?? null}
            selectMode={selectMode}
            edit={visual.frameEdit}
            highlight={highlight}
            highlightWidth={report?.screenshot.width ?? null}
            screenshot={screenshot}
            widths={widths}
            widthScores={scoresByWidth(pageOnShow?.widths ?? selectedScore?.widths ?? [])}
            onSelectElement={(s) => {
              setSelection(s);
              setSelectMode(false);
            }}
            onSaved={onSaved}
            onMessage={notify}
            actions={stageActions}
            project={projectStack}
            onRoute={setRouteOnShow}
            showRoute={region && reportRoute !== null && difference !== null ? { route: reportRoute, asked: difference } : null}
            picture={stagePicture(selected, displays.length, pictures, versionId !== null ? thumbnails.get(versionId) : undefined)}
          />
          <PromptBox
            projectId={project.id}
            disabled={!canUpdate}
            disabledReason={
              canUpdate
                ? null
                : selectedRunning
                  ? "Wait for this option to finish, or cancel it"
                  : nothingToBuildOn
                    ? "This request made no page: retry it, or pick a version in the history"
                    : "Pick a finished option to change it"
            }
            branch={
              branch
                ? {
                    text: branch.text,
                    current: `v${branch.currentNumber}`,
                    onGoToCurrent: () => {
                      setVersionId(branch.currentId);
                    },
                  }
                : null
            }
            steadyNote={displays.length > 1 && selected !== null ? steadyNote(selected.index, canUpdate, selectedRunning) : null}
            selectMode={selectMode}
            selection={selection}
            onToggleSelect={() => {
              visual.setOn(false);
              setSelectMode((m) => !m);
              setTab((t) => (t === "code" ? "desktop" : t));
            }}
            onClearSelection={() => {
              setSelection(null);
            }}
            onSend={sendUpdate}
          />
        </main>
        {visual.on ? (
          <aside className="flex w-80 shrink-0 flex-col border-l border-zinc-200 max-[1000px]:w-72 dark:border-zinc-800" aria-label="Visual edit">
            <VisualEditPanel {...visual.panel} onClose={() => {
              visual.setOn(false);
            }} />
          </aside>
        ) : showFidelity ? (
          <aside className="flex w-80 shrink-0 flex-col border-l border-zinc-200 max-[1000px]:w-72 dark:border-zinc-800" aria-label="Fidelity details">
            <FidelityPanel
              report={report}
              widths={selectedScore?.widths ?? []}
              pages={selectedScore?.pages ?? []}
              images={scoreImages}
              selected={difference}
              onSelect={(i) => {
                setDifference(i);
                // At several widths the differences are the lowest width's: shown in the Widths view.
                if (i !== null) setTab((t) => (widest ? "widths" : t === "code" ? "desktop" : t));
              }}
              onCompare={() => {
                setComparing(true);
              }}
              onClose={() => {
                setFidelityOpen(false);
                setDifference(null);
              }}
            />
          </aside>
        ) : !panels.activity ? null : (
        <aside className="flex w-80 shrink-0 flex-col border-l border-zinc-200 max-[1000px]:w-72 dark:border-zinc-800" aria-label="Activity">
          <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
            <span className="font-medium">{selected ? `Option ${selected.index + 1}` : "Activity"}</span>
            {selected?.model ? <span className="truncate text-xs text-zinc-500">{modelLabel(selected.model)}</span> : null}
            {selected?.costUsd != null ? <span className="ml-auto text-xs text-zinc-500 tabular-nums">{formatCost(selected.costUsd)}</span> : null}
          </div>
          {version?.prompt ? <p className="border-b border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-300">“{summarize(version.prompt, 200)}”</p> : null}
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ActivityPanel
              view={activity}
              now={now}
              assetUrl={assetUrl}
              loading={stored.loading}
              onOpenKeys={() => {
                onOpenSettings("keys");
              }}
              onOpenProviders={() => {
                onOpenSettings("providers");
              }}
            />
          </div>
        </aside>
        )}
      </div>
      {comparing && showFidelity ? (
        <ComparisonView
          report={report}
          images={scoreImages}
          selected={difference}
          onSelect={setDifference}
          onClose={() => {
            setComparing(false);
          }}
        />
      ) : null}
      <Toast message={message} onDismiss={dismiss} />
    </div>
  );
}

/** The versions whose generations still run in this session, oldest first. */
function runningVersions(lives: readonly (readonly [number, LiveGeneration])[]): number[] {
  return lives.filter(([, l]) => l.view.finished === null).map(([id]) => id);
}

/** The newest generation of the project this session still runs (its version id), if any. */
function runningVersion(lives: readonly (readonly [number, LiveGeneration])[]): number | null {
  return runningVersions(lives).at(-1) ?? null;
}

/** What the prompt box's note line says of the option on show when nothing else needs saying. */
function steadyNote(index: number, canUpdate: boolean, running: boolean): string {
  const n = String(index + 1);
  if (canUpdate) return `Changes build on option ${n}`;
  return running ? `Option ${n} is still being written` : `Option ${n} has no page to change`;
}

/** The picture of the option on the stage: its card's, or, for a version of one option (which
 *  has no cards), the version's own, which pictures that option's page the same way. */
function stagePicture(selected: VariantDisplay | null, options: number, pictures: Map<number, string> | null, versionPicture: string | undefined): string | null {
  if (selected === null) return null;
  return pictureOf(pictures, selected.variantId) ?? (options === 1 && selected.variantId !== null ? versionPicture : undefined) ?? null;
}

/** A card's picture: none for an option not stored yet; null while the version's are asked. */
function pictureOf(pictures: Map<number, string> | null, variantId: number | null): string | null | undefined {
  if (variantId === null) return undefined;
  return pictures === null ? null : pictures.get(variantId);
}

/** A variant whose page can be built on: done, or cut off by the output limit (kept, flagged). */
function hasPage(status: VariantDisplay["status"]): boolean {
  return status === "complete" || status === "truncated";
}
