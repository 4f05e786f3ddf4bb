// Start screen → a new project generating: create the project, add each input, start. When
// anything fails before the generation starts, the project made for it is discarded: nothing was
// made, so nothing should stay behind in the recent list.
import { errorCode, errorMessage, type ErrorCode, type GenerateSource, type Page, type ProjectInfo } from "../ipc";
import { figmaImport, projectAddInput, projectAddInputData, projectCaptureUrl, projectCreate, projectDiscard } from "../ipc/projects";
import type { GenerateChoices } from "../components/start/GenerateOptions";
import type { InputItem } from "../hooks/useInputTray";
import { fileToBase64 } from "./fileData";
import { failureLine } from "./failureHelp";
import { startGeneration, type LiveGeneration } from "./liveGenerations";
import { requestGroups, type Group } from "./trayGroups";
import { projectNameFrom } from "./projectName";
import { asSentence, namedFailure } from "./sentences";

export type CreateResult = { ok: true; project: ProjectInfo; live: LiveGeneration } | { ok: false; message: string; code: ErrorCode };

/** `onProgress`: what is happening now ("Fetching the Figma frame…"), for the status line.
 *  `parentDir`: the folder the project goes in (null: the default projects folder).
 *  `groups`: the screenshots (by item key) that are one page at several widths.
 *  `pages`: on a project stack, each page once in tray order, a group of widths being one page
 *  (none: named by the core from the file names). */
export async function createAndGenerate(
  items: InputItem[],
  text: string,
  choices: GenerateChoices,
  onProgress: (what: string) => void = () => {},
  parentDir: string | null = null,
  groups: readonly Group[] = [],
  pages: readonly Page[] = [],
): Promise<CreateResult> {
  const first = items[0];
  const nameFrom = first ? (first.source.type === "url" ? `${first.name}.url` : first.name) : null;
  const created = await projectCreate(projectNameFrom(nameFrom, text), parentDir);
  if (created.status === "error") return { ok: false, message: asSentence(errorMessage(created.error)), code: errorCode(created.error) };
  const project = created.data;
  const fail = async (error: unknown, message: string): Promise<CreateResult> => {
    // Best effort: a project that cannot be discarded is at worst an empty entry.
    await projectDiscard(project.id).catch(() => undefined);
    return { ok: false, message, code: errorCode(error) };
  };
  const inputIds: number[] = [];
  const inputIdOf = new Map<string, number>();
  let figmaSource: GenerateSource | null = null;
  let figmaThumbnail: string | null = null;
  for (const item of items) {
    if (item.source.type === "figma") {
      onProgress("Fetching the Figma frame…");
      const imported = await figmaImport(project.id, item.source.url);
      // Figma's messages name Figma already.
      if (imported.status === "error") return fail(imported.error, asSentence(errorMessage(imported.error)));
      const f = imported.data;
      figmaSource = { kind: "figma", input_id: f.image.id, design_input_id: f.design.id, reference_input_id: f.reference.id, dpr: f.dpr };
      figmaThumbnail = f.thumbnail || null;
      continue;
    }
    if (item.source.type === "url") onProgress(`Capturing ${item.name}…`);
    const added =
      item.source.type === "path"
        ? await projectAddInput(project.id, item.source.path)
        : item.source.type === "url"
          ? await projectCaptureUrl(project.id, item.source.url)
          : await projectAddInputData(project.id, item.name, await fileToBase64(item.source.file));
    if (added.status === "error") return fail(added.error, namedFailure(item.name, errorMessage(added.error)));
    inputIds.push(added.data.id);
    inputIdOf.set(item.key, added.data.id);
  }
  let source: GenerateSource;
  if (figmaSource) source = figmaSource;
  else if (items.length === 0) source = { kind: "text", text: text.trim() };
  else if (first?.kind === "video" && inputIds[0] !== undefined) source = { kind: "video", input_id: inputIds[0] };
  else source = { kind: "screenshots", input_ids: inputIds, groups: requestGroups(groups, inputIdOf) };
  const instructions = items.length > 0 && text.trim() ? text.trim() : null;
  onProgress("Starting…");
  const started = await startGeneration({
    project_id: project.id,
    stack: choices.stack,
    source,
    instructions,
    models: choices.models.slice(0, choices.count).map((m) => m || "auto"),
    design_system: choices.designSystem || null,
    generate_images: choices.generateImages,
    extract_assets: choices.extractAssets && items.length > 0 && first?.kind !== "video",
    pages: source.kind === "screenshots" ? [...pages] : [],
  });
  if (!started.ok) return fail(started.error, asSentence(failureLine(started.error)));
  started.live.inputPreview = figmaThumbnail ?? first?.previewUrl ?? null;
  return { ok: true, project, live: started.live };
}
