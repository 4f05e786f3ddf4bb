// Start screen → a new project generating: create the project, add each input, start.
import { errorMessage, type GenerateSource, type ProjectInfo } from "../ipc";
import { figmaImport, projectAddInput, projectAddInputData, projectCaptureUrl, projectCreate } from "../ipc/projects";
import type { GenerateChoices } from "../components/start/GenerateOptions";
import type { InputItem } from "../hooks/useInputTray";
import { fileToBase64 } from "./fileData";
import { failureLine } from "./failureHelp";
import { startGeneration, type LiveGeneration } from "./liveGenerations";
import { projectNameFrom } from "./projectName";

export type CreateResult = { ok: true; project: ProjectInfo; live: LiveGeneration } | { ok: false; message: string; project: ProjectInfo | null };

/** `onProgress`: what is happening now ("Fetching the Figma frame…"), for the status line. */
export async function createAndGenerate(
  items: InputItem[],
  text: string,
  choices: GenerateChoices,
  onProgress: (what: string) => void = () => {},
): Promise<CreateResult> {
  const first = items[0];
  const nameFrom = first ? (first.source.type === "url" ? `${first.name}.url` : first.name) : null;
  const created = await projectCreate(projectNameFrom(nameFrom, text), null);
  if (created.status === "error") return { ok: false, message: errorMessage(created.error), project: null };
  const project = created.data;
  const inputIds: number[] = [];
  let figmaSource: GenerateSource | null = null;
  let figmaThumbnail: string | null = null;
  for (const item of items) {
    if (item.source.type === "figma") {
      onProgress("Fetching the Figma frame…");
      const imported = await figmaImport(project.id, item.source.url);
      if (imported.status === "error") return { ok: false, message: `Figma: ${errorMessage(imported.error)}`, project };
      const f = imported.data;
      figmaSource = { kind: "figma", input_id: f.image.id, design_input_id: f.design.id, reference_input_id: f.reference.id, dpr: f.dpr };
      figmaThumbnail = f.thumbnail || null;
      continue;
    }
    const added =
      item.source.type === "path"
        ? await projectAddInput(project.id, item.source.path)
        : item.source.type === "url"
          ? await projectCaptureUrl(project.id, item.source.url)
          : await projectAddInputData(project.id, item.name, await fileToBase64(item.source.file));
    if (added.status === "error") return { ok: false, message: `${item.name}: ${errorMessage(added.error)}`, project };
    inputIds.push(added.data.id);
  }
  let source: GenerateSource;
  if (figmaSource) source = figmaSource;
  else if (items.length === 0) source = { kind: "text", text: text.trim() };
  else if (first?.kind === "video" && inputIds[0] !== undefined) source = { kind: "video", input_id: inputIds[0] };
  else source = { kind: "screenshots", input_ids: inputIds };
  const instructions = items.length > 0 && text.trim() ? text.trim() : null;
  const started = await startGeneration({
    project_id: project.id,
    stack: choices.stack,
    source,
    instructions,
    models: choices.models.slice(0, choices.count).map((m) => m || "auto"),
    design_system: choices.designSystem || null,
    generate_images: choices.generateImages,
    extract_assets: choices.extractAssets && items.length > 0 && first?.kind !== "video",
  });
  if (!started.ok) return { ok: false, message: failureLine(started.error), project };
  started.live.inputPreview = figmaThumbnail ?? first?.previewUrl ?? null;
  return { ok: true, project, live: started.live };
}
