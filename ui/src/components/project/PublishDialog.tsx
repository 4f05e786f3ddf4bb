// Publish a version to a live link: pick a service (its token is in Settings → Publishing), name
// a new site or update the one it went to last time, watch the upload, copy or open the link.
import { useRef, useState } from "react";
import { writeText } from "@tauri-apps/plugin-clipboard-manager";
import { errorCode, errorMessage } from "../../ipc";
import { publishCancel, publishOpenSite, publishStart, type Progress, type Publication, type Service } from "../../ipc/publish";
import { useKeyStatuses } from "../../hooks/useKeyStatuses";
import { publicationsChanged } from "../../hooks/usePublications";
import { progressFraction, progressLine, SERVICES, serviceLabel, shortUrl } from "../../lib/publishing";
import { Icon } from "../common/Icon";
import { buttonClass } from "../common/ui";
import { DialogFooter, Failure, NameField, NeedsToken } from "./PublishingNotes";
import { useEscapeKey } from "../../hooks/useEscapeKey";

interface Props {
  projectId: string;
  projectName: string;
  /** What is published: the version on screen. */
  target: { versionId: number; variantId: number | null; label: string };
  publications: Publication[];
  onClose: () => void;
  onOpenSettings: () => void;
}

type Phase =
  | { kind: "choose"; note: string | null }
  | { kind: "running"; progress: Progress | null }
  | { kind: "done"; publication: Publication }
  | { kind: "failed"; message: string; code: string };

/** A subdomain-safe suggestion from the project's name (the core makes it safe again). */
function suggestedName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 58) || "my-page"
  );
}

export function PublishDialog({ projectId, projectName, target, publications, onClose, onOpenSettings }: Props) {
  const keys = useKeyStatuses();
  const [service, setService] = useState<Service>(() => publications[0]?.service ?? "netlify");
  const [name, setName] = useState(() => suggestedName(projectName));
  const [newSite, setNewSite] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "choose", note: null });
  const [copied, setCopied] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const running = phase.kind === "running";

  const previous = newSite ? undefined : publications.find((p) => p.service === service);
  // The site it would update is gone: the failure offers the new one.
  const siteGone = phase.kind === "failed" && phase.code === "not_found" && previous !== undefined;
  const info = SERVICES.find((s) => s.id === service) ?? SERVICES[0];
  const hasToken = keys?.find((k) => k.provider === info?.vendor)?.set ?? null;

  useEscapeKey(onClose, !running);

  async function start() {
    setPhase({ kind: "running", progress: null });
    const r = await publishStart(projectId, target.versionId, target.variantId, service, previous ? null : name.trim() || null, newSite, (progress) => {
      setPhase((p) => (p.kind === "running" ? { kind: "running", progress } : p));
    });
    if (r.status === "ok") {
      setPhase({ kind: "done", publication: r.data });
      setNewSite(false);
      publicationsChanged();
      return;
    }
    const code = errorCode(r.error);
    if (code === "cancelled") {
      setPhase({ kind: "choose", note: "Cancelled. The live site was not changed." });
    } else {
      setPhase({ kind: "failed", message: errorMessage(r.error), code });
      if (code === "conflict") nameRef.current?.focus();
    }
  }

  async function copy(url: string) {
    try {
      await writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
      setOpenError("The link could not be copied: select it and copy it by hand.");
    }
  }

  async function openSite(publication: Publication) {
    const r = await publishOpenSite(projectId, publication.service);
    setOpenError(r.status === "error" ? errorMessage(r.error) : null);
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center whitespace-normal bg-zinc-950/40 p-6 backdrop-blur-sm">
      <div role="dialog" aria-modal="true" aria-labelledby="publish-title" className="flex w-[min(520px,100%)] flex-col gap-4 rounded-2xl bg-white p-5 shadow-2xl dark:bg-zinc-900" data-testid="publish-dialog">
        <header className="flex items-start justify-between gap-3">
          <div>
            <h2 id="publish-title" className="text-base font-semibold">
              Publish {target.label}
            </h2>
            <p className="text-sm text-zinc-500">A live link anyone can open. The page is uploaded exactly as exported.</p>
          </div>
          <button type="button" aria-label="Close" className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 disabled:opacity-40 dark:hover:bg-zinc-800" disabled={running} onClick={onClose}>
            <Icon name="close" className="size-5" />
          </button>
        </header>

        <fieldset className="grid grid-cols-2 gap-2" disabled={running}>
          <legend className="sr-only">Service</legend>
          {SERVICES.map((s) => {
            const live = publications.find((p) => p.service === s.id);
            const set = keys?.find((k) => k.provider === s.vendor)?.set;
            return (
              <label
                key={s.id}
                className={`flex cursor-pointer flex-col gap-0.5 rounded-xl border px-3 py-2 text-sm ${service === s.id ? "border-accent-500 bg-accent-500/5 ring-2 ring-accent-500/30" : "border-zinc-200 hover:border-zinc-300 dark:border-zinc-700"}`}
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="publish-service"
                    value={s.id}
                    className="accent-accent-600"
                    checked={service === s.id}
                    onChange={() => {
                      setService(s.id);
                      setNewSite(false);
                      setPhase({ kind: "choose", note: null });
                    }}
                  />
                  <span className="font-medium">{s.label}</span>
                </span>
                <span className="truncate pl-5 text-xs text-zinc-500">{live ? `Live: ${shortUrl(live.url)}` : set === false ? "No token yet" : s.example}</span>
              </label>
            );
          })}
        </fieldset>

        {phase.kind === "done" || siteGone ? null : hasToken === false ? (
          <NeedsToken label={info?.label ?? ""} onOpenSettings={onOpenSettings} />
        ) : previous ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="publish-updates">
            Updates <span className="font-medium">{shortUrl(previous.url)}</span>, which shows v{previous.version_id ?? "?"} now.{" "}
            <button
              type="button"
              className="text-accent-600 underline-offset-2 hover:underline disabled:opacity-40"
              disabled={running}
              onClick={() => {
                setNewSite(true);
              }}
            >
              Publish to a new site instead
            </button>
          </p>
        ) : (
          <NameField id="publish-name" label="Site name" value={name} disabled={running} inputRef={nameRef} onChange={setName}>
            <p className="text-xs text-zinc-500">{info?.example.replace("name", suggestedName(name))}</p>
          </NameField>
        )}

        {phase.kind === "running" ? (
          <div className="flex flex-col gap-1.5" role="status" aria-live="polite">
            <div className="h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
              <div className="h-full rounded-full bg-accent-500 transition-[width]" style={{ width: `${Math.round((phase.progress ? progressFraction(phase.progress) : 0.03) * 100)}%` }} />
            </div>
            <p className="text-xs text-zinc-500" data-testid="publish-progress">
              {phase.progress ? progressLine(phase.progress) : `Starting…`}
            </p>
          </div>
        ) : null}
        {phase.kind === "choose" && phase.note ? <p className="text-sm text-zinc-600 dark:text-zinc-300">{phase.note}</p> : null}
        {phase.kind === "failed" ? (
          <Failure message={phase.message} code={phase.code} onOpenSettings={onOpenSettings} testId="publish-error">
            {phase.code === "not_found" && previous ? (
              <button
                type="button"
                className={`${buttonClass} self-start`}
                onClick={() => {
                  setNewSite(true);
                  setPhase({ kind: "choose", note: null });
                }}
              >
                Publish to a new site
              </button>
            ) : null}
          </Failure>
        ) : null}
        {phase.kind === "done" ? (
          <div className="flex flex-col gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" data-testid="publish-done">
            <p>
              Live on {serviceLabel(phase.publication.service)}
              {phase.publication.uploaded < phase.publication.files ? ` (${phase.publication.uploaded} of ${phase.publication.files} files had changed)` : ""}:
            </p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 text-xs dark:bg-zinc-900" data-testid="publish-url">
                {phase.publication.url}
              </code>
              <button type="button" className={buttonClass} onClick={() => void copy(phase.publication.url)}>
                <Icon name="copy" className="inline size-4" /> {copied ? "Copied" : "Copy"}
              </button>
              <button type="button" className={buttonClass} onClick={() => void openSite(phase.publication)}>
                <Icon name="external" className="inline size-4" /> Open
              </button>
            </div>
            {openError ? <p className="text-xs text-red-700 dark:text-red-300">{openError}</p> : null}
          </div>
        ) : null}

        <DialogFooter
          running={running}
          done={phase.kind === "done"}
          action={previous ? `Update ${shortUrl(previous.url)}` : `Publish to ${info?.label ?? ""}`}
          actionDisabled={hasToken === false || (!previous && !name.trim())}
          onAction={() => void start()}
          onCancel={() => void publishCancel(projectId)}
          onClose={onClose}
        />
      </div>
    </div>
  );
}
