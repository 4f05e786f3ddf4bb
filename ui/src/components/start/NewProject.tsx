import { useState } from "react";
import { open } from "@tauri-apps/plugin-dialog";
import { errorMessage, type ProjectInfo, type Settings } from "../../ipc";
import { projectImport } from "../../ipc/projects";
import { useInputTray } from "../../hooks/useInputTray";
import { useKeyStatuses } from "../../hooks/useKeyStatuses";
import { useModels } from "../../hooks/useModels";
import { useWindowDrop } from "../../hooks/useWindowDrop";
import { createAndGenerate } from "../../lib/createProject";
import { importNotice, type Notice } from "../../lib/importNotice";
import { imageGenerationBlocked } from "../../lib/imageGeneration";
import { MAX_VARIANTS } from "../../lib/settingsForm";
import { Icon } from "../common/Icon";
import { ghostButtonClass, primaryButtonClass } from "../common/ui";
import { DropZone } from "../DropZone";
import { inputClass } from "../settings/fields";
import { GenerateOptions, type GenerateChoices } from "./GenerateOptions";
import { InputTrayView } from "./InputTrayView";
import { CaptureControls } from "../capture/CaptureControls";

function defaults(settings: Settings | null): GenerateChoices {
  const count = Math.min(Math.max(settings?.variants.count ?? 2, 1), MAX_VARIANTS);
  return {
    stack: settings?.default_stack ?? "html_tailwind",
    count,
    models: Array.from({ length: MAX_VARIANTS }, (_, i) => settings?.variants.models[i] ?? "auto"),
    designSystem: "",
    extractAssets: settings?.asset_extraction ?? true,
    generateImages: settings?.image_generation ?? true,
  };
}

interface Props {
  settings: Settings | null;
  /** `notice`: what to tell the user once the project is open (what an import brought along). */
  onOpened: (project: ProjectInfo, notice?: Notice | null) => void;
}

export function NewProject({ settings, onOpened }: Props) {
  const tray = useInputTray();
  const hovering = useWindowDrop(tray.addPaths);
  const models = useModels();
  const imagesBlocked = imageGenerationBlocked(useKeyStatuses());
  const [text, setText] = useState("");
  const [choices, setChoices] = useState<GenerateChoices>(() => defaults(settings));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [capture, setCapture] = useState<string | null>(null);
  const [figma, setFigma] = useState<string | null>(null);

  // Settings arrive after the first render; follow their defaults until the user chooses.
  const effective = touched ? choices : defaults(settings);

  const hasInputs = tray.items.length > 0;
  const canGenerate = !busy && (hasInputs || text.trim().length > 0);

  async function generate() {
    if (!canGenerate) return;
    setBusy("Creating the project…");
    setError(null);
    const result = await createAndGenerate(tray.items, text, { ...effective, generateImages: effective.generateImages && !imagesBlocked }, setBusy);
    setBusy(null);
    if (result.ok) onOpened(result.project);
    else setError(result.message);
  }

  async function importHtml() {
    setError(null);
    let path: string | null;
    try {
      path = await open({ multiple: false, directory: false, filters: [{ name: "HTML", extensions: ["html", "htm"] }] });
    } catch (e) {
      setError(errorMessage(e));
      return;
    }
    if (!path) return;
    setBusy("Importing…");
    const r = await projectImport(path, null, null);
    setBusy(null);
    if (r.status === "ok") onOpened(r.data.project, importNotice(r.data.summary));
    else setError(errorMessage(r.error));
  }

  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-zinc-200 bg-white/60 p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60" aria-labelledby="new-project-title">
      <div className="flex items-center justify-between">
        <h2 id="new-project-title" className="text-lg font-semibold tracking-tight">
          New page
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
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (tray.addUrl(capture)) setCapture(null);
          }}
        >
          <input
            type="url"
            aria-label="Address of the page to capture"
            placeholder="https://example.com — captured with your local Chromium when you press Generate"
            className={`${inputClass} select-text`}
            value={capture}
            autoFocus
            onChange={(e) => {
              setCapture(e.target.value);
            }}
          />
          <button type="submit" className={primaryButtonClass} disabled={!capture.trim()}>
            Add
          </button>
        </form>
      ) : null}
      {figma !== null ? (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (tray.addFigma(figma)) setFigma(null);
          }}
        >
          <input
            type="url"
            aria-label="Figma frame link"
            placeholder="https://www.figma.com/design/…?node-id=1-2 — right-click a frame → Copy link"
            className={`${inputClass} select-text`}
            value={figma}
            autoFocus
            onChange={(e) => {
              setFigma(e.target.value);
            }}
          />
          <button type="submit" className={primaryButtonClass} disabled={!figma.trim()}>
            Add
          </button>
        </form>
      ) : null}
      <DropZone tray={tray} hovering={hovering} />
      <InputTrayView tray={tray} />
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
        models={models}
        designSystems={settings?.design_systems ?? []}
        onChange={(c) => {
          setTouched(true);
          setChoices(c);
        }}
      />
      <div className="flex items-center justify-end gap-3">
        {error ? (
          <p role="alert" className="mr-auto text-sm text-red-600" data-testid="generate-error">
            {error}
          </p>
        ) : busy ? (
          <p className="mr-auto text-sm text-zinc-500" role="status">
            {busy}
          </p>
        ) : null}
        <button type="button" className={`${primaryButtonClass} inline-flex items-center gap-2 py-2`} disabled={!canGenerate} onClick={() => void generate()}>
          <Icon name="sparkles" /> Generate {effective.count > 1 ? `${effective.count} variants` : ""}
        </button>
      </div>
    </section>
  );
}
