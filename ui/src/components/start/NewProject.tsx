import { useEffect, useState } from "react";
import { open } from "@tauri-apps/plugin-dialog";
import { errorMessage, type KeyStatus, type ProjectInfo, type Settings } from "../../ipc";
import { projectImport, projectsFolder } from "../../ipc/projects";
import { useInputTray } from "../../hooks/useInputTray";
import { useTrayGroups } from "../../hooks/useTrayGroups";
import { useTrayPages } from "../../hooks/useTrayPages";
import { useModels } from "../../hooks/useModels";
import { useWindowDrop } from "../../hooks/useWindowDrop";
import { warmCodeEditor } from "../../lib/codeEditorModule";
import { createAndGenerate } from "../../lib/createProject";
import { assetExtractionBlocked, NO_MODEL_KEY } from "../../lib/firstRun";
import { importNotice, type Notice } from "../../lib/importNotice";
import { imageGenerationBlocked } from "../../lib/imageGeneration";
import { asSentence } from "../../lib/sentences";
import { isProjectStack, MAX_VARIANTS, pickableStack } from "../../lib/settingsForm";
import { Icon } from "../common/Icon";
import { buttonClass, ghostButtonClass, primaryButtonClass } from "../common/ui";
import { DropZone } from "../DropZone";
import { inputClass } from "../settings/fields";
import type { SettingsTab } from "../settings/SettingsDialog";
import { GenerateOptions, type GenerateChoices } from "./GenerateOptions";
import { InputTrayView } from "./InputTrayView";
import { LinkField } from "./LinkField";
import { ProjectFolder } from "./ProjectFolder";
import { CaptureControls } from "../capture/CaptureControls";

function defaults(settings: Settings | null): GenerateChoices {
  const count = Math.min(Math.max(settings?.variants.count ?? 2, 1), MAX_VARIANTS);
  return {
    stack: pickableStack(settings?.default_stack),
    count,
    models: Array.from({ length: MAX_VARIANTS }, (_, i) => settings?.variants.models[i] ?? "auto"),
    designSystem: "",
    extractAssets: settings?.asset_extraction ?? true,
    generateImages: settings?.image_generation ?? true,
  };
}

interface Props {
  settings: Settings | null;
  /** Which keys are stored (null until known). */
  keys: KeyStatus[] | null;
  /** No model can be reached yet: Generate says what to do first instead of failing. */
  noModel: boolean;
  onOpenSettings: (tab?: SettingsTab) => void;
  /** `notice`: what to tell the user once the project is open (what an import brought along). */
  onOpened: (project: ProjectInfo, notice?: Notice | null) => void;
}

/** A failure to show under the form, whether Settings → API keys can fix it, and what the
 *  keys and inputs were when it happened. */
interface Failure {
  text: string;
  keys: boolean;
  context: string;
}

/** The folder chosen for new projects, kept while the app runs (back on the start screen too). */
let chosenFolder: string | null = null;

export function NewProject({ settings, keys, noModel, onOpenSettings, onOpened }: Props) {
  const tray = useInputTray();
  const grouping = useTrayGroups(tray.items);
  const hovering = useWindowDrop(tray.addPaths);
  const models = useModels(settings);
  const imagesBlocked = imageGenerationBlocked(keys);
  const assetsBlocked = assetExtractionBlocked(keys);
  const [text, setText] = useState("");
  const [choices, setChoices] = useState<GenerateChoices>(() => defaults(settings));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [capture, setCapture] = useState<string | null>(null);
  const [figma, setFigma] = useState<string | null>(null);
  const [folder, setFolder] = useState<string | null>(chosenFolder);
  const [defaultFolder, setDefaultFolder] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    projectsFolder()
      .then((f) => {
        if (alive) setDefaultFolder(f);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  // A failure is about what was there when it happened: a key added since, or another input,
  // makes it old news, and it is no longer shown.
  const context = [(keys ?? []).map((k) => `${k.provider}:${String(k.set)}`).join(","), tray.items.map((i) => i.key).join(",")].join("|");
  const error = failure?.context === context ? failure : null;
  const setError = (next: Omit<Failure, "context"> | null) => {
    setFailure(next ? { ...next, context } : null);
  };

  // Settings arrive after the first render; follow their defaults until the user chooses.
  const effective = touched ? choices : defaults(settings);
  const pages = useTrayPages(tray.items, grouping.groups, isProjectStack(effective.stack));

  const hasInputs = tray.items.length > 0;
  const blocked = tray.items.some((i) => i.problem);
  const canGenerate = !busy && !blocked && (hasInputs || text.trim().length > 0);
  // A page is on its way: load the code editor now, while the designer picks options.
  const aboutToGenerate = hasInputs || text.trim().length > 0;
  useEffect(() => (aboutToGenerate ? warmCodeEditor() : undefined), [aboutToGenerate]);

  async function generate() {
    if (!canGenerate) return;
    if (noModel) {
      setError({ text: `Nothing was started: no AI model can be reached yet. ${NO_MODEL_KEY}`, keys: true });
      return;
    }
    setBusy("Creating the project…");
    setError(null);
    const request = { ...effective, generateImages: effective.generateImages && !imagesBlocked, extractAssets: effective.extractAssets && !assetsBlocked };
    const result = await createAndGenerate(tray.items, text, request, setBusy, folder, grouping.groups, pages?.request ?? []);
    setBusy(null);
    if (result.ok) onOpened(result.project);
    else setError({ text: result.message, keys: result.code === "missing_key" });
  }

  async function importHtml() {
    setError(null);
    let path: string | null;
    try {
      path = await open({ multiple: false, directory: false, filters: [{ name: "HTML", extensions: ["html", "htm"] }] });
    } catch (e) {
      setError({ text: errorMessage(e), keys: false });
      return;
    }
    if (!path) return;
    setBusy("Importing…");
    const r = await projectImport(path, null, folder);
    setBusy(null);
    if (r.status === "ok") onOpened(r.data.project, importNotice(r.data.summary));
    else setError({ text: asSentence(errorMessage(r.error)), keys: false });
  }

  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white/60 p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60" aria-labelledby="new-project-title">
      <div className="flex items-center justify-between">
        <h2 id="new-project-title" className="text-lg font-semibold tracking-tight">
          {isProjectStack(effective.stack) ? "New site" : "New page"}
        </h2>
        <div className="flex gap-1">
          <CaptureControls
            allowRecording
            onInput={(input) => {
              // A capture is a file in the app's captures folder: added like a dropped one.
              tray.addPaths([input.path]);
            }}
          />
          <button type="button" className={ghostButtonClass} aria-expanded={capture !== null} onClick={() => {
            setCapture((c) => (c === null ? "" : null));
          }}>
            <Icon name="external" /> Capture a web page…
          </button>
          <button type="button" className={ghostButtonClass} aria-expanded={figma !== null} onClick={() => {
            setFigma((f) => (f === null ? "" : null));
          }}>
            <Icon name="figma" /> Figma frame…
          </button>
          <button type="button" className={ghostButtonClass} onClick={() => void importHtml()}>
            <Icon name="doc" /> Import HTML…
          </button>
        </div>
      </div>
      {capture !== null ? (
        <LinkField
          id="capture-url"
          label="Web page to capture"
          hint="Captured full-page with your local Chromium when you press Generate; the address never leaves this computer."
          placeholder="https://example.com/pricing"
          value={capture}
          onChange={(v) => {
            setCapture(v);
            if (!v.trim()) tray.clearMessage();
          }}
          onAdd={() => {
            if (tray.addUrl(capture)) setCapture(null);
          }}
        />
      ) : null}
      {figma !== null ? (
        <LinkField
          id="figma-url"
          label="Figma frame link"
          hint="In Figma, right-click a frame → Copy link. The app shows the frame before anything is imported."
          placeholder="https://www.figma.com/design/…?node-id=1-2"
          value={figma}
          onChange={(v) => {
            setFigma(v);
            if (!v.trim()) tray.clearMessage();
          }}
          onAdd={() => {
            if (tray.addFigma(figma)) setFigma(null);
          }}
        />
      ) : null}
      <DropZone tray={tray} hovering={hovering} />
      <InputTrayView tray={tray} grouping={grouping} pages={pages} />
      <div className="flex flex-col gap-1">
        <label htmlFor="gen-text" className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
          {hasInputs ? "Instructions (optional)" : "…or describe the page"}
        </label>
        <textarea
          id="gen-text"
          rows={hasInputs ? 2 : 3}
          className={`${inputClass} resize-y select-text`}
          placeholder={hasInputs ? "Use a dark theme, keep the logo on the left…" : "A pricing page for a note-taking app with three plans and a FAQ"}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void generate();
          }}
        />
      </div>
      <GenerateOptions
        choices={effective}
        imageGenerationBlocked={imagesBlocked}
        assetExtractionBlocked={assetsBlocked}
        models={models}
        designSystems={settings?.design_systems ?? []}
        onChange={(c) => {
          setTouched(true);
          setChoices(c);
        }}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {error ? (
          <div
            role="alert"
            className="mr-auto flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm text-red-600"
            data-testid="generate-error"
            // Under a long form the message could be below the fold: bring it into view.
            ref={(el) => {
              el?.scrollIntoView({ block: "nearest" });
            }}
          >
            <span className="min-w-0">{error.text}</span>
            {error.keys ? (
              <button type="button" className={buttonClass} onClick={() => {
                onOpenSettings("keys");
              }}>
                Open Settings → API keys
              </button>
            ) : null}
          </div>
        ) : busy ? (
          <p className="mr-auto text-sm text-zinc-500" role="status">
            {busy}
          </p>
        ) : (
          <div className="mr-auto min-w-0 flex-1">
            <ProjectFolder
              chosen={folder}
              fallback={defaultFolder}
              onChoose={(f) => {
                chosenFolder = f;
                setFolder(f);
              }}
              onError={(message) => {
                setError({ text: message, keys: false });
              }}
            />
          </div>
        )}
        <button type="button" className={`${primaryButtonClass} inline-flex items-center gap-2 py-2`} disabled={!canGenerate} onClick={() => void generate()}>
          <Icon name="sparkles" /> Generate {effective.count > 1 ? `${effective.count} variants` : ""}
        </button>
      </div>
    </section>
  );
}
