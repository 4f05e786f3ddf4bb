// The header's publishing corner: the live link (copy, open) once the project is published,
// and the Publish button that opens the dialog.
import { useState } from "react";
import { writeText } from "@tauri-apps/plugin-clipboard-manager";
import { errorMessage, type ProjectInfo } from "../../ipc";
import { publishOpenSite } from "../../ipc/publish";
import { usePublications } from "../../hooks/usePublications";
import { latest, serviceLabel, shortUrl } from "../../lib/publishing";
import { Icon } from "../common/Icon";
import { primaryButtonClass } from "../common/ui";
import { PublishDialog } from "./PublishDialog";

interface Props {
  project: ProjectInfo;
  /** The version on screen, which Publish sends. */
  target: { versionId: number; variantId: number | null; label: string } | null;
  onOpenSettings: () => void;
  onMessage: (text: string, error?: boolean) => void;
}

export function PublishControls({ project, target, onOpenSettings, onMessage }: Props) {
  const { publications } = usePublications(project.id);
  const [open, setOpen] = useState(false);
  const newest = latest(publications);

  async function copy(url: string) {
    try {
      await writeText(url);
      onMessage("Link copied");
    } catch (e) {
      onMessage(errorMessage(e), true);
    }
  }

  return (
    <>
      {newest ? (
        <span
          className="inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 py-0.5 pr-1 pl-2.5 text-xs text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          data-testid="live-link"
          title={`Live on ${serviceLabel(newest.service)}: ${newest.url}`}
        >
          <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
          <span className="max-w-52 truncate" data-testid="live-url">
            {shortUrl(newest.url)}
          </span>
          <button type="button" aria-label="Copy the live link" className="rounded-full p-1 hover:bg-emerald-100 dark:hover:bg-emerald-900" onClick={() => void copy(newest.url)}>
            <Icon name="copy" className="size-3.5" />
          </button>
          <button
            type="button"
            aria-label="Open the live site"
            className="rounded-full p-1 hover:bg-emerald-100 dark:hover:bg-emerald-900"
            onClick={() =>
              void publishOpenSite(project.id, newest.service).then((r) => {
                if (r.status === "error") onMessage(errorMessage(r.error), true);
              })
            }
          >
            <Icon name="external" className="size-3.5" />
          </button>
        </span>
      ) : null}
      <button
        type="button"
        className={`${primaryButtonClass} inline-flex items-center gap-1.5 !px-3`}
        disabled={!target}
        title={target ? `Publish ${target.label} to a live link` : "Pick a finished version to publish it"}
        onClick={() => {
          setOpen(true);
        }}
      >
        <Icon name="upload" /> Publish
      </button>
      {open && target ? (
        <PublishDialog
          projectId={project.id}
          projectName={project.name}
          target={target}
          publications={publications}
          onClose={() => {
            setOpen(false);
          }}
          onOpenSettings={() => {
            setOpen(false);
            onOpenSettings();
          }}
        />
      ) : null}
    </>
  );
}
