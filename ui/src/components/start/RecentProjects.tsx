import { useState } from "react";
import { errorMessage, type ProjectInfo, type RecentProject } from "../../ipc";
import { projectOpen } from "../../ipc/projects";
import type { RecentProjects as Recent } from "../../hooks/useRecentProjects";
import { formatWhen } from "../../lib/format";
import { Icon } from "../common/Icon";
import { ConfirmDialog } from "../common/ui";
import { inputClass } from "../settings/fields";

interface Props {
  recent: Recent;
  onOpened: (project: ProjectInfo) => void;
}

export function RecentProjects({ recent, onOpened }: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<RecentProject | null>(null);
  const [deleting, setDeleting] = useState<RecentProject | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function openProject(p: RecentProject) {
    setError(null);
    const r = await projectOpen(p.path);
    if (r.status === "ok") onOpened(r.data);
    else setError(errorMessage(r.error));
  }

  if (recent.projects.length === 0 && !recent.error) return null;
  return (
    <section aria-labelledby="recent-title" className="flex flex-col gap-3">
      <h2 id="recent-title" className="text-sm font-semibold text-zinc-500 dark:text-zinc-400">
        Recent projects
      </h2>
      {recent.error || error ? (
        <p role="alert" className="text-sm text-red-600">
          {error ?? recent.error}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4" data-testid="recent-projects">
        {recent.projects.map((p) => (
          <li key={p.id} className="group relative overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs transition hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900">
            <button
              type="button"
              className="block w-full text-left focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-50"
              disabled={!p.exists}
              aria-label={`Open ${p.name}`}
              onClick={() => void openProject(p)}
            >
              <div className="aspect-[16/10] bg-zinc-100 dark:bg-zinc-800">
                {p.thumbnail ? (
                  <img src={p.thumbnail} alt="" className="size-full object-cover object-top" data-testid="recent-thumbnail" />
                ) : (
                  <div className="flex size-full flex-col items-center justify-center gap-1 text-zinc-400" data-testid="recent-no-thumbnail">
                    <Icon name={p.exists ? "photo" : "folder"} className="size-7" />
                    <span className="text-[11px]">{p.exists ? "No preview yet" : "Folder not found"}</span>
                  </div>
                )}
              </div>
            </button>
            <div className="flex items-center gap-1 px-3 py-2">
              {renaming === p.id ? (
                <form
                  className="flex-1"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const name = new FormData(e.currentTarget).get("name");
                    if (typeof name === "string" && name.trim()) {
                      void recent.rename(p.id, name.trim()).then(setError);
                    }
                    setRenaming(null);
                  }}
                >
                  <input
                    name="name"
                    aria-label="Project name"
                    defaultValue={p.name}
                    autoFocus
                    className={`${inputClass} py-0.5`}
                    onBlur={(e) => {
                      e.currentTarget.form?.requestSubmit();
                    }}
                    onKeyDown={(e) => {
                      if (e.key === "Escape") setRenaming(null);
                    }}
                  />
                </form>
              ) : (
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={p.path}>
                    {p.name}
                  </p>
                  <p className="truncate text-xs text-zinc-500">{p.exists ? formatWhen(p.opened_at) : "Folder missing"}</p>
                </div>
              )}
              <button
                type="button"
                aria-label={`Rename ${p.name}`}
                className="rounded p-1 text-zinc-400 opacity-0 group-hover:opacity-100 hover:text-zinc-700 focus-visible:opacity-100 dark:hover:text-zinc-200"
                onClick={() => {
                  setRenaming(p.id);
                }}
              >
                <Icon name="pencil" />
              </button>
              <button
                type="button"
                aria-label={`Remove ${p.name} from the list`}
                title="Remove from the list (the folder stays)"
                className="rounded p-1 text-zinc-400 opacity-0 group-hover:opacity-100 hover:text-zinc-700 focus-visible:opacity-100 dark:hover:text-zinc-200"
                onClick={() => {
                  setForgetting(p);
                }}
              >
                <Icon name="close" />
              </button>
              {p.exists ? (
                <button
                  type="button"
                  aria-label={`Delete ${p.name}`}
                  title="Move the project to the trash"
                  className="rounded p-1 text-zinc-400 opacity-0 group-hover:opacity-100 hover:text-red-600 focus-visible:opacity-100"
                  onClick={() => {
                    setDeleting(p);
                  }}
                >
                  <Icon name="trash" />
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {forgetting ? (
        <ConfirmDialog
          title={`Remove “${forgetting.name}” from recent projects?`}
          body={<>The folder stays on disk at {forgetting.path}; you can open it again later.</>}
          confirmLabel="Remove from list"
          danger={false}
          onCancel={() => {
            setForgetting(null);
          }}
          onConfirm={() => {
            const id = forgetting.id;
            setForgetting(null);
            void recent.forget(id).then(setError);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          body={
            <>
              Its folder, with every version and input, moves to the trash: {deleting.path}. You can put it back from the trash.
            </>
          }
          confirmLabel="Move to trash"
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => {
            const id = deleting.id;
            setDeleting(null);
            void recent.trash(id).then(setError);
          }}
        />
      ) : null}
    </section>
  );
}
