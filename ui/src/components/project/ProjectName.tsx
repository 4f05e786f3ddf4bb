// The project's name in the header: click it (or the pencil) to rename; Enter or leaving the
// field saves, Escape keeps the old name. The folder stays where it is.
import { useState } from "react";
import { errorMessage, type ProjectInfo } from "../../ipc";
import { projectRename } from "../../ipc/projects";
import { asSentence } from "../../lib/sentences";
import { Icon } from "../common/Icon";
import { inputClass } from "../settings/fields";

interface Props {
  project: ProjectInfo;
  onRenamed: (project: ProjectInfo) => void;
  onMessage: (text: string, error?: boolean) => void;
}

export function ProjectName({ project, onRenamed, onMessage }: Props) {
  const [editing, setEditing] = useState(false);

  async function save(raw: string) {
    setEditing(false);
    const name = raw.trim();
    if (!name || name === project.name) return;
    const r = await projectRename(project.id, name);
    if (r.status === "ok") onRenamed(r.data);
    else onMessage(asSentence(errorMessage(r.error)), true);
  }

  if (editing) {
    return (
      <input
        aria-label="Project name"
        defaultValue={project.name}
        autoFocus
        maxLength={100}
        className={`${inputClass} w-64 py-0.5 text-sm font-semibold`}
        onFocus={(e) => {
          e.currentTarget.select();
        }}
        onBlur={(e) => void save(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") void save(e.currentTarget.value);
          if (e.key === "Escape") setEditing(false);
        }}
      />
    );
  }
  return (
    <button
      type="button"
      className="group flex min-w-0 items-center gap-1.5 rounded-md px-1.5 py-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      title={`Rename · saved in ${project.path}`}
      aria-label={`Rename ${project.name}`}
      onClick={() => {
        setEditing(true);
      }}
    >
      <h1 className="min-w-0 truncate text-sm font-semibold" data-testid="project-name">
        {project.name}
      </h1>
      <Icon name="pencil" className="size-3.5 shrink-0 text-zinc-400 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" />
    </button>
  );
}
