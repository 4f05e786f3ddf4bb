import { reportToLog } from "./reportToLog";

let reported = false;

/**
 * Tell the app's log, once per launch, that the start screen has its data and has been
 * painted: two animation frames after the render that had it. The line carries the process's
 * uptime (added by Rust), which is the launch-to-interactive figure scripts/footprint.sh reads.
 */
export function reportInteractive(): void {
  if (reported) return;
  reported = true;
  requestAnimationFrame(() => {
    requestAnimationFrame(() => {
      reportToLog("info", "start screen interactive");
    });
  });
}
