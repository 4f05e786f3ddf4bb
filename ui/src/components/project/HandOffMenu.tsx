// Handing a project to a developer: open it in a code editor (the app notices what is changed
// there), write its history as a git repository, or push that history to GitHub.
import { useRef, useState } from "react";
import { open as openDialog } from "@tauri-apps/plugin-dialog";
import { errorMessage, type ProjectInfo } from "../../ipc";
import { editorsList, gitExport, openInEditor, type Editor } from "../../ipc/publish";
import { joinPath } from "../../lib/projectName";
import { useDismiss } from "../../hooks/useDismiss";
import { Icon } from "../common/Icon";
import { ghostButtonClass } from "../common/ui";
import { GithubPushDialog } from "./GithubPushDialog";

interface Props {
  project: ProjectInfo;
  onOpenSettings: () => void;
  onMessage: (text: string, error?: boolean) => void;
}

const itemClass = "flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800";

export function HandOffMenu({ project, onOpenSettings, onMessage }: Props) {
  const [menu, setMenu] = useState(false);
  const [editors, setEditors] = useState<Editor[] | null>(null);
  const [pushing, setPushing] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  useDismiss(menu, holder, () => {
    setMenu(false);
  });

  function toggle() {
    setMenu((m) => !m);
    if (editors === null) {
      void editorsList().then((r) => {
        setEditors(r.status === "ok" ? r.data : []);
      });
    }
  }

  async function openIn(editor: Editor) {
    setMenu(false);
    const r = await openInEditor(project.id, editor.id);
    if (r.status === "error") onMessage(errorMessage(r.error), true);
    else onMessage(`Opened in ${editor.label}. Changes saved there show up here.`);
  }

  async function exportGit() {
    setMenu(false);
    const parent = await openDialog({ directory: true, title: "Choose where to put the repository" });
    if (typeof parent !== "string") return;
    const safe = project.name.replace(/[^\w .-]+/g, "").trim() || "page";
    const r = await gitExport(project.id, joinPath(parent, `${safe}-git`));
    if (r.status === "error") {
      onMessage(errorMessage(r.error), true);
      return;
    }
    const branches = r.data.branches.map((b) => b.name).join(", ");
    onMessage(`Wrote ${r.data.commits} commits to ${r.data.path} (branches: ${branches})`);
  }

  return (
    <div ref={holder} className="relative">
      <button type="button" className={ghostButtonClass} aria-haspopup="menu" aria-expanded={menu} onClick={toggle}>
        <Icon name="code" /> Hand off
      </button>
      {menu ? (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-1 w-64 whitespace-normal rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          {editors === null ? <p className="px-3 py-1.5 text-sm text-zinc-500">Looking for editors…</p> : null}
          {editors?.map((editor) => (
            <button key={editor.id} type="button" role="menuitem" className={itemClass} onClick={() => void openIn(editor)}>
              <Icon name={editor.opens_folder ? "folder" : "doc"} /> Open in {editor.label}
            </button>
          ))}
          {editors !== null && editors.length === 0 ? <p className="px-3 py-1.5 text-xs text-zinc-500">No code editor found (VS Code, Cursor…). Reveal the folder instead.</p> : null}
          <div className="my-1 border-t border-zinc-200 dark:border-zinc-800" />
          <button type="button" role="menuitem" className={itemClass} onClick={() => void exportGit()}>
            <Icon name="download" /> Export as git repository…
          </button>
          <button
            type="button"
            role="menuitem"
            className={itemClass}
            onClick={() => {
              setMenu(false);
              setPushing(true);
            }}
          >
            <Icon name="upload" /> Push to GitHub…
          </button>
        </div>
      ) : null}
      {pushing ? (
        <GithubPushDialog
          project={project}
          onClose={() => {
            setPushing(false);
          }}
          onOpenSettings={() => {
            setPushing(false);
            onOpenSettings();
          }}
        />
      ) : null}
    </div>
  );
}
