// "Version X is available": a card with what's new, the download's progress and what to do when
// the install needs an administrator. At the bottom right of whatever screen is open, or, while
// Settings is open, inside About & updates (where a check can start), so it never covers the
// dialog's buttons.
import { useState } from "react";
import { Markdown } from "../project/Markdown";
import { buttonClass, primaryButtonClass } from "../settings/fields";
import { downloadedText, dispatch, useUpdateState } from "../../lib/updates";
import { installUpdate, restartNow } from "../../lib/updateFlow";

const placements = {
  floating: "fixed right-4 bottom-4 z-40 w-[min(380px,calc(100vw-2rem))] shadow-xl",
  inline: "w-full max-w-md",
};

export function UpdateNotice({ placement = "floating" }: { placement?: keyof typeof placements }) {
  const state = useUpdateState();
  const [notesOpen, setNotesOpen] = useState(false);
  const [copied, setCopied] = useState(false);

  // The Settings section speaks for checks made there; this card is for an update to act on.
  if (state.kind === "idle" || state.kind === "checking" || state.kind === "up_to_date") return null;
  if (state.kind === "failed" && !state.info) return null;
  const info = state.info;
  if (!info) return null;

  return (
    <section
      aria-labelledby="update-title"
      data-testid="update-notice"
      data-floating={placement === "floating" ? true : undefined}
      data-state={state.kind}
      className={`${placements[placement]} rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-700 dark:bg-zinc-900`}
    >
      <h2 id="update-title" className="font-semibold">
        {state.kind === "failed"
          ? `Version ${info.version} was not installed`
          : state.kind === "manual"
            ? `Version ${info.version} is downloaded`
            : `Version ${info.version} is available`}
      </h2>
      {state.kind === "available" ? (
        <>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">You have {info.current_version}.</p>
          {info.notes ? (
            <button type="button" className="mt-2 text-accent-600 hover:underline" aria-expanded={notesOpen} onClick={() => { setNotesOpen((o) => !o); }}>
              What's new
            </button>
          ) : null}
          {notesOpen && info.notes ? (
            <div className="mt-2 max-h-48 overflow-y-auto rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800" data-testid="update-notes">
              <Markdown text={info.notes} />
            </div>
          ) : null}
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className={buttonClass} onClick={() => { dispatch({ type: "dismiss" }); }}>
              Later
            </button>
            <button type="button" className={primaryButtonClass} onClick={() => void installUpdate()}>
              Install and restart
            </button>
          </div>
        </>
      ) : null}
      {state.kind === "downloading" ? (
        <div className="mt-2" role="status">
          <p className="text-zinc-600 dark:text-zinc-400">Downloading… {downloadedText(state.downloaded, state.total)}</p>
          <progress
            className="mt-2 h-2 w-full accent-accent-600"
            max={state.total ?? undefined}
            value={state.total ? state.downloaded : undefined}
            aria-label="Download progress"
          />
        </div>
      ) : null}
      {state.kind === "installing" ? (
        <p className="mt-2 text-zinc-600 dark:text-zinc-400" role="status">
          Installing… you may be asked for your password.
        </p>
      ) : null}
      {state.kind === "restarting" ? (
        <p className="mt-2 text-zinc-600 dark:text-zinc-400" role="status">
          Installed. Restarting…
        </p>
      ) : null}
      {state.kind === "manual" ? (
        <div className="mt-2" data-testid="update-manual">
          <p className="text-zinc-600 dark:text-zinc-400">{state.message}</p>
          <code className="mt-2 block rounded-lg bg-zinc-100 p-2 font-mono text-xs break-all select-all dark:bg-zinc-800" data-testid="update-command">
            {state.command}
          </code>
          <div className="mt-3 flex justify-end gap-2">
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                void navigator.clipboard.writeText(state.command).then(() => { setCopied(true); });
              }}
            >
              {copied ? "Copied" : "Copy command"}
            </button>
            <button type="button" className={buttonClass} onClick={() => { dispatch({ type: "dismiss" }); }}>
              Later
            </button>
            <button type="button" className={primaryButtonClass} onClick={() => void restartNow()}>
              Restart
            </button>
          </div>
        </div>
      ) : null}
      {state.kind === "failed" ? (
        <div className="mt-2">
          <p role="alert" className="text-red-700 dark:text-red-400">
            {state.message}
          </p>
          <div className="mt-3 flex justify-end">
            <button type="button" className={buttonClass} onClick={() => { dispatch({ type: "dismiss" }); }}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
