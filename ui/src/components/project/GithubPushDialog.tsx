// Push to GitHub: the project's history into a repository of the user's (private unless they
// say otherwise); the next push sends only the new versions.
import { useEffect, useState } from "react";
import { errorCode, errorMessage, type ProjectInfo } from "../../ipc";
import { githubOpenRepo, githubPush, githubPushStatus, publishCancel, type PushProgress, type PushReport } from "../../ipc/publish";
import { useKeyStatuses } from "../../hooks/useKeyStatuses";
import { shortUrl } from "../../lib/publishing";
import { Icon } from "../common/Icon";
import { buttonClass } from "../common/ui";
import { DialogFooter, Failure, NameField, NeedsToken } from "./PublishingNotes";
import { useEscapeKey } from "../../hooks/useEscapeKey";

interface Props {
  project: ProjectInfo;
  onClose: () => void;
  onOpenSettings: () => void;
}

type Phase = { kind: "idle"; note?: string } | { kind: "running"; progress: PushProgress | null } | { kind: "done"; report: PushReport } | { kind: "failed"; message: string; code: string };

export function GithubPushDialog({ project, onClose, onOpenSettings }: Props) {
  const keys = useKeyStatuses();
  const hasToken = keys?.find((k) => k.provider === "github")?.set ?? null;
  const [previous, setPrevious] = useState<PushReport | null | undefined>(undefined);
  const [name, setName] = useState(() => project.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "my-page");
  const [privateRepo, setPrivateRepo] = useState(true);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const running = phase.kind === "running";

  function refreshStatus() {
    void githubPushStatus(project.id).then((r) => {
      setPrevious(r.status === "ok" ? r.data : null);
    });
  }

  useEffect(refreshStatus, [project.id]);

  useEscapeKey(onClose, !running);

  async function push() {
    setPhase({ kind: "running", progress: null });
    const r = await githubPush(project.id, name, privateRepo, (progress) => {
      setPhase((p) => (p.kind === "running" ? { kind: "running", progress } : p));
    });
    if (r.status === "ok") {
      setPhase({ kind: "done", report: r.data });
      setPrevious(r.data);
    } else {
      // A repository made before the push stopped is where the next push goes.
      refreshStatus();
      if (errorCode(r.error) === "cancelled") setPhase({ kind: "idle", note: "Cancelled. GitHub keeps what was already sent; push again to send the rest." });
      else setPhase({ kind: "failed", message: errorMessage(r.error), code: errorCode(r.error) });
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center whitespace-normal bg-zinc-950/40 p-6 backdrop-blur-sm">
      <div role="dialog" aria-modal="true" aria-labelledby="push-title" className="flex w-[min(480px,100%)] flex-col gap-4 rounded-2xl bg-white p-5 shadow-2xl dark:bg-zinc-900" data-testid="push-dialog">
        <header>
          <h2 id="push-title" className="text-base font-semibold">
            Push to GitHub
          </h2>
          <p className="text-sm text-zinc-500">Every version becomes a commit, with your prompt as its message; forks become branches. A developer can clone it and carry on.</p>
        </header>
        {hasToken === false ? (
          <NeedsToken label="GitHub" onOpenSettings={onOpenSettings} />
        ) : previous ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            Sends the new versions to <span className="font-medium">{shortUrl(previous.url)}</span>.
          </p>
        ) : previous === null ? (
          <NameField id="push-name" label="New repository" value={name} disabled={running} onChange={setName}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-accent-600"
                checked={privateRepo}
                disabled={running}
                onChange={(e) => {
                  setPrivateRepo(e.target.checked);
                }}
              />
              Private (only you and people you invite see it)
            </label>
          </NameField>
        ) : null}
        {phase.kind === "running" ? (
          <p className="text-sm text-zinc-500" role="status">
            {phase.progress ? `Sent ${phase.progress.sent} of ${phase.progress.total} commits…` : "Preparing the history…"}
          </p>
        ) : null}
        {phase.kind === "idle" && phase.note ? <p className="text-sm text-zinc-600 dark:text-zinc-300">{phase.note}</p> : null}
        {phase.kind === "failed" ? <Failure message={phase.message} code={phase.code} onOpenSettings={onOpenSettings} /> : null}
        {phase.kind === "done" ? (
          <div className="flex items-center justify-between gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" data-testid="push-done">
            <span>
              {phase.report.commits_sent === 0 ? "GitHub already had every version." : `Sent ${phase.report.commits_sent} new commit${phase.report.commits_sent === 1 ? "" : "s"}.`}
              {phase.report.skipped.length > 0 ? ` Left alone (changed on GitHub): ${phase.report.skipped.join(", ")}.` : ""}
            </span>
            <button type="button" className={buttonClass} onClick={() => void githubOpenRepo(project.id)}>
              <Icon name="external" className="inline size-4" /> Open on GitHub
            </button>
          </div>
        ) : null}
        <DialogFooter
          running={running}
          done={phase.kind === "done"}
          action={previous ? "Push new versions" : "Create and push"}
          actionDisabled={hasToken === false || previous === undefined || (!previous && !name.trim())}
          onAction={() => void push()}
          onCancel={() => void publishCancel(project.id)}
          onClose={onClose}
        />
      </div>
    </div>
  );
}
