// Publishing, the git repository, Push to GitHub and editors (src-tauri/src/publish/commands.rs).
// Tokens never cross IPC: the core reads them from the keychain and sends them only to their
// service.
import { Channel } from "@tauri-apps/api/core";
import {
  commands,
  type Editor,
  type GitExport,
  type Progress,
  type Publication_Serialize,
  type PushProgress,
  type PushReport,
  type Service,
} from "./bindings";
import type { Result } from "./result";

export type { Editor, GitExport, Progress, PushProgress, PushReport, Service };
export type Publication = Publication_Serialize;

/** Publish a version to `service`: the site it went to last time there, or a new one. */
export function publishStart(
  projectId: string,
  versionId: number,
  variantId: number | null,
  service: Service,
  name: string | null,
  newSite: boolean,
  onProgress: (p: Progress) => void,
): Promise<Result<Publication>> {
  return commands.publishStart(projectId, versionId, variantId, service, name, newSite, new Channel<Progress>(onProgress));
}

/** Stop a running publish or push; the live site stays as it was. */
export function publishCancel(projectId: string): Promise<Result<null>> {
  return commands.publishCancel(projectId);
}

export function publishList(projectId: string): Promise<Result<Publication[]>> {
  return commands.publishList(projectId);
}

/** Forget a service's site (the next publish there makes a new one). */
export function publishForget(projectId: string, service: Service): Promise<Result<null>> {
  return commands.publishForget(projectId, service);
}

/** Open the live site in the browser (only the recorded https address). */
export function publishOpenSite(projectId: string, service: Service): Promise<Result<null>> {
  return commands.publishOpenSite(projectId, service);
}

export function gitExport(projectId: string, destination: string): Promise<Result<GitExport>> {
  return commands.gitExport(projectId, destination);
}

export function githubPush(projectId: string, name: string, privateRepo: boolean, onProgress: (p: PushProgress) => void): Promise<Result<PushReport>> {
  return commands.githubPush(projectId, name, privateRepo, new Channel<PushProgress>(onProgress));
}

export function githubPushStatus(projectId: string): Promise<Result<PushReport | null>> {
  return commands.githubPushStatus(projectId);
}

export function githubOpenRepo(projectId: string): Promise<Result<null>> {
  return commands.githubOpenRepo(projectId);
}

export function editorsList(): Promise<Result<Editor[]>> {
  return commands.editorsList();
}

export function openInEditor(projectId: string, editorId: string): Promise<Result<null>> {
  return commands.openInEditor(projectId, editorId);
}
