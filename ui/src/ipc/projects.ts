// Projects (src-tauri/src/projects/commands.rs): the recent list, versions and their files,
// inputs, import and export, and edits made outside the app.
import {
  commands,
  events,
  type ExportFormat,
  type ExportReport,
  type FigmaImport_Serialize as FigmaImport,
  type FigmaPeek,
  type InputInfo,
  type InputWidth,
  type StoredEvent,
  type TrayImage,
  type TrayWidths,
  type VariantThumbnail,
  type VersionThumbnail,
} from "./bindings";
import type { Result } from "./result";
import type { FileContent, FileVisualEdits, ImportedProject, ProjectInfo, RecentProject, VersionInfo, VersionTree } from "./types";

/** A new, empty project in `parentDir` (or the default projects folder). */
export function projectCreate(name: string, parentDir: string | null): Promise<Result<ProjectInfo>> {
  return commands.projectCreate(name, parentDir);
}

export function projectOpen(path: string): Promise<Result<ProjectInfo>> {
  return commands.projectOpen(path);
}

/** Import an HTML file or folder as a new project; says what the page pulled in and what it left. */
export function projectImport(source: string, name: string | null, parentDir: string | null): Promise<Result<ImportedProject>> {
  return commands.projectImport(source, name, parentDir);
}

/** Every input stored in the project (screenshots, videos, Figma renders and design tokens). */
export function projectInputs(projectId: string): Promise<Result<InputInfo[]>> {
  return commands.projectInputs(projectId);
}

/** Import the Figma frame a link names into the project's inputs: its 2× and 1× renders and its
 *  design tokens (src-tauri/src/figma). The token never leaves Rust. */
export function figmaImport(projectId: string, url: string): Promise<Result<FigmaImport>> {
  return commands.figmaImport(projectId, url);
}

export function projectListRecent(): Promise<Result<RecentProject[]>> {
  return commands.projectListRecent();
}

/** Where new projects go when no folder is chosen. Rejects only if the IPC itself fails. */
export function projectsFolder(): Promise<string> {
  return commands.projectsFolder();
}

/** Remove a project made for a generation that never started (no version yet): no ghost in
 *  the recent list. Refused (`conflict`) once it has a version. */
export function projectDiscard(projectId: string): Promise<Result<null>> {
  return commands.projectDiscard(projectId);
}

/** Move a project's folder to the trash and take it off the list; answers where it was. */
export function projectDelete(projectId: string): Promise<Result<string>> {
  return commands.projectDelete(projectId);
}

/** What a Figma link points at (name, type, a small render), before anything is imported. */
export function figmaPeek(url: string): Promise<Result<FigmaPeek>> {
  return commands.figmaPeek(url);
}

/** Off the recent list; the folder stays on disk. */
export function projectForget(projectId: string): Promise<Result<null>> {
  return commands.projectForget(projectId);
}

export function projectRename(projectId: string, name: string): Promise<Result<ProjectInfo>> {
  return commands.projectRename(projectId, name);
}

export function projectVersions(projectId: string): Promise<Result<VersionTree>> {
  return commands.projectVersions(projectId);
}

export function projectVersionThumbnails(projectId: string): Promise<Result<VersionThumbnail[]>> {
  return commands.projectVersionThumbnails(projectId);
}

/** The pictures of a version's options, for their cards (those pictured so far). */
export function projectVariantThumbnails(projectId: string, versionId: number): Promise<Result<VariantThumbnail[]>> {
  return commands.projectVariantThumbnails(projectId, versionId);
}

/** A file of a version: of its selected variant, or of `variantId`. */
export function projectReadFile(projectId: string, versionId: number, variantId: number | null, path: string): Promise<Result<FileContent>> {
  return commands.projectReadFile(projectId, versionId, variantId, path);
}

/** Save an edited file on top of a version: a new version, made current. */
export function projectSaveFile(projectId: string, baseVersionId: number, variantId: number | null, path: string, content: string): Promise<Result<VersionInfo>> {
  return commands.projectSaveFile(projectId, baseVersionId, variantId, path, content);
}

export function projectRestore(projectId: string, versionId: number, variantId: number | null): Promise<Result<VersionInfo>> {
  return commands.projectRestore(projectId, versionId, variantId);
}

export function projectSelectVariant(projectId: string, versionId: number, variantId: number): Promise<Result<VersionInfo>> {
  return commands.projectSelectVariant(projectId, versionId, variantId);
}

/** The recorded agent events of a variant after `afterSeq`, at most `limit`. */
export function projectEvents(projectId: string, variantId: number, afterSeq: number | null, limit: number): Promise<Result<StoredEvent[]>> {
  return commands.projectEvents(projectId, variantId, afterSeq, limit);
}

export function projectExport(
  projectId: string,
  versionId: number,
  variantId: number | null,
  format: ExportFormat,
  destination: string,
  fetchRemoteImages: boolean,
): Promise<Result<ExportReport>> {
  return commands.projectExport(projectId, versionId, variantId, format, destination, fetchRemoteImages);
}

/** A screenshot or video from disk, as one of the project's inputs. */
export function projectAddInput(projectId: string, path: string): Promise<Result<InputInfo>> {
  return commands.projectAddInput(projectId, path);
}

/** Pasted image data (base64), as one of the project's inputs. */
export function projectAddInputData(projectId: string, fileName: string, dataBase64: string): Promise<Result<InputInfo>> {
  return commands.projectAddInputData(projectId, fileName, dataBase64);
}

/** A live page, captured by the local Chromium, as one of the project's inputs. */
export function projectCaptureUrl(projectId: string, url: string): Promise<Result<InputInfo>> {
  return commands.projectCaptureUrl(projectId, url);
}

/** The start screen's screenshots: each one's width and breakpoint, and the groups they likely form. */
export function trayWidths(images: TrayImage[]): Promise<Result<TrayWidths>> {
  return commands.trayWidths(images);
}

/** The widths a version's page (on a site, the page at `route`) was handed over at, widest first (none for one screenshot). */
export function projectWidths(projectId: string, versionId: number, route: string | null): Promise<Result<InputWidth[]>> {
  return commands.projectWidths(projectId, versionId, route);
}

/** A small PNG of a screenshot on disk, as a `data:` URL. */
export function inputPreview(path: string): Promise<Result<string>> {
  return commands.inputPreview(path);
}

/** Working files other programs changed since the app last wrote them. */
export function projectExternalChanges(projectId: string): Promise<Result<string[]>> {
  return commands.projectExternalChanges(projectId);
}

export function projectAcceptExternalChanges(projectId: string): Promise<Result<VersionInfo>> {
  return commands.projectAcceptExternalChanges(projectId);
}

export function projectDiscardExternalChanges(projectId: string): Promise<Result<null>> {
  return commands.projectDiscardExternalChanges(projectId);
}

export const projectFilesChanged = events.projectFilesChanged;
export const versionThumbnailReady = events.versionThumbnailReady;
export const variantPictureReady = events.variantPictureReady;
export const livePictureReady = events.livePictureReady;

/** Write a batch of visual edits on top of a version as one new version ("Visual edit: N changes"). */
export function projectVisualEdit(projectId: string, baseVersionId: number, variantId: number | null, files: FileVisualEdits[]): Promise<Result<VersionInfo>> {
  return commands.projectVisualEdit(projectId, baseVersionId, variantId, files);
}
