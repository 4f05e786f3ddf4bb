// Where the new project will be saved, and a way to choose another folder.
import { open } from "@tauri-apps/plugin-dialog";
import { Icon } from "../common/Icon";

interface Props {
  /** The folder chosen for this project, or null for the default. */
  chosen: string | null;
  /** The default projects folder, once known. */
  fallback: string | null;
  onChoose: (folder: string | null) => void;
  onError: (message: string) => void;
}

export function ProjectFolder({ chosen, fallback, onChoose, onError }: Props) {
  const folder = chosen ?? fallback;
  async function choose() {
    try {
      const picked = await open({ directory: true, multiple: false, title: "Save new projects in…", ...(folder ? { defaultPath: folder } : {}) });
      if (typeof picked === "string") onChoose(picked);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="project-folder">
      <Icon name="folder" className="size-3.5 shrink-0" />
      <span className="shrink-0">Saved in</span>
      <span className="min-w-0 truncate font-medium text-zinc-700 dark:text-zinc-300" title={folder ?? undefined} data-testid="project-folder-path">
        {folder ?? "…"}
      </span>
      <button type="button" className="shrink-0 font-medium text-accent-600 hover:underline dark:text-accent-500" onClick={() => void choose()}>
        Change…
      </button>
      {chosen ? (
        <button type="button" className="shrink-0 hover:underline" onClick={() => {
          onChoose(null);
        }}>
          Use the default
        </button>
      ) : null}
    </p>
  );
}
