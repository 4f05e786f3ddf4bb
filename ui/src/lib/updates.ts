// The updater's state, shared by the notice (bottom right) and Settings → Updates: one check or
// install at a time, whoever started it. Pure transitions (`next`) plus a small store the
// components read with useSyncExternalStore.
import { useSyncExternalStore } from "react";
import type { InstallOutcome, UpdateInfo, UpdateProgress } from "../ipc";

export type UpdateState =
  | { kind: "idle" }
  | { kind: "checking"; manual: boolean }
  /** Only after a check someone asked for: the automatic one says nothing. */
  | { kind: "up_to_date" }
  | { kind: "available"; info: UpdateInfo }
  | { kind: "downloading"; info: UpdateInfo; downloaded: number; total: number | null }
  | { kind: "installing"; info: UpdateInfo }
  | { kind: "restarting"; info: UpdateInfo }
  /** Downloaded and checked; installing needs an administrator, and `command` does it. */
  | { kind: "manual"; info: UpdateInfo; message: string; command: string }
  | { kind: "failed"; info: UpdateInfo | null; message: string };

export type UpdateAction =
  | { type: "check"; manual: boolean }
  | { type: "checked"; manual: boolean; info: UpdateInfo | null }
  | { type: "check_failed"; message: string }
  | { type: "install" }
  | { type: "progress"; progress: UpdateProgress }
  | { type: "installed"; outcome: InstallOutcome }
  | { type: "install_failed"; message: string }
  | { type: "dismiss" };

function infoOf(state: UpdateState): UpdateInfo | null {
  return "info" in state ? state.info : null;
}

export function next(state: UpdateState, action: UpdateAction): UpdateState {
  switch (action.type) {
    case "check":
      // A download under way is not interrupted by a check.
      return state.kind === "downloading" || state.kind === "installing" || state.kind === "restarting"
        ? state
        : { kind: "checking", manual: action.manual };
    case "checked":
      if (action.info) return { kind: "available", info: action.info };
      return action.manual ? { kind: "up_to_date" } : { kind: "idle" };
    case "check_failed":
      return { kind: "failed", info: null, message: action.message };
    case "install": {
      const info = infoOf(state);
      return info ? { kind: "downloading", info, downloaded: 0, total: null } : state;
    }
    case "progress": {
      const info = infoOf(state);
      if (!info) return state;
      return action.progress.phase === "downloading"
        ? { kind: "downloading", info, downloaded: action.progress.downloaded, total: action.progress.total }
        : { kind: "installing", info };
    }
    case "installed": {
      const info = infoOf(state);
      if (!info) return state;
      return action.outcome.kind === "installed"
        ? { kind: "restarting", info }
        : { kind: "manual", info, message: action.outcome.message, command: action.outcome.command };
    }
    case "install_failed":
      return { kind: "failed", info: infoOf(state), message: action.message };
    case "dismiss":
      return { kind: "idle" };
  }
}

/** "3.2 of 12.8 MB", or "3.2 MB" while the size is unknown. */
export function downloadedText(downloaded: number, total: number | null): string {
  const mb = (n: number) => (n / 1_000_000).toFixed(1);
  return total ? `${mb(downloaded)} of ${mb(total)} MB` : `${mb(downloaded)} MB`;
}

let current: UpdateState = { kind: "idle" };
const listeners = new Set<() => void>();

export function dispatch(action: UpdateAction): void {
  current = next(current, action);
  for (const listener of listeners) listener();
}

export function updateState(): UpdateState {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, updateState);
}
