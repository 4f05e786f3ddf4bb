// What the update buttons do: check, install (then restart), each step into the shared state.
import { errorMessage, type UpdateChannel } from "../ipc";
import { updateCheck, updateInstall, updateRestart } from "../ipc/updates";
import { dispatch, updateState } from "./updates";

let checkedAtStart = false;

/** The check at start, once per app run; quiet (the Rust side logs one line when offline). */
export function checkAtStart(): void {
  if (checkedAtStart) return;
  checkedAtStart = true;
  void checkForUpdates(false);
}

/** `channel`: the feed to ask, when it is not the saved one (Settings shows an unsaved choice). */
export async function checkForUpdates(manual: boolean, channel: UpdateChannel | null = null): Promise<void> {
  const before = updateState().kind;
  if (before === "checking" || before === "downloading" || before === "installing" || before === "restarting") return;
  dispatch({ type: "check", manual });
  const result = await updateCheck(!manual, channel);
  if (result.status === "ok") {
    dispatch({ type: "checked", manual, info: result.data });
  } else if (manual) {
    dispatch({ type: "check_failed", message: errorMessage(result.error) });
  } else {
    dispatch({ type: "dismiss" });
  }
}

/** Download, check and install the update found, then restart into it. */
export async function installUpdate(): Promise<void> {
  dispatch({ type: "install" });
  const result = await updateInstall((progress) => {
    dispatch({ type: "progress", progress });
  });
  if (result.status !== "ok") {
    dispatch({ type: "install_failed", message: errorMessage(result.error) });
    return;
  }
  dispatch({ type: "installed", outcome: result.data });
  if (result.data.kind === "installed") await updateRestart();
}

export function restartNow(): Promise<void> {
  return updateRestart();
}
