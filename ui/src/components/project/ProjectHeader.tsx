import { useRef, useState, type ReactNode } from "react";
import { save } from "@tauri-apps/plugin-dialog";
import { openPath, revealItemInDir } from "@tauri-apps/plugin-opener";
import { errorMessage, type ExportFormat, type ProjectInfo } from "../../ipc";
import { exportChoices, exportDialog, exportedMessage } from "../../lib/exportChoices";
import { projectExport } from "../../ipc/projects";
import { joinPath } from "../../lib/projectName";
import { useDismiss } from "../../hooks/useDismiss";
import { Icon } from "../common/Icon";
import { WideLabel } from "../common/WideLabel";
import { SettingsButton } from "../common/SettingsButton";
import { ghostButtonClass } from "../common/ui";
import type { SettingsTab } from "../settings/SettingsDialog";
import { HandOffMenu } from "./HandOffMenu";
import { ProjectName } from "./ProjectName";
import { PublishControls } from "./PublishControls";

interface Props {
  project: ProjectInfo;
  /** What Export writes and Publish sends: the version and variant on screen ("v3"); `project`
   *  when it is a multi-file project (then Export also offers a built static site). */
  exportTarget: { versionId: number; variantId: number | null; label?: string; project?: boolean } | null;
  onBack: () => void;
  onOpenSettings: (tab?: SettingsTab) => void;
  onMessage: (text: string, error?: boolean) => void;
  onRenamed: (project: ProjectInfo) => void;
  /** Beside the back button and before Settings: the side panels' toggles. */
  left?: ReactNode;
  right?: ReactNode;
}

export function ProjectHeader({ project, exportTarget, onBack, onOpenSettings, onMessage, onRenamed, left, right }: Props) {
  const [menu, setMenu] = useState(false);
  const exportMenu = useRef<HTMLDivElement>(null);
  useDismiss(menu, exportMenu, () => {
    setMenu(false);
  });

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (e) {
      onMessage(errorMessage(e), true);
    }
  }

  async function exportAs(format: ExportFormat) {
    setMenu(false);
    if (!exportTarget) return;
    const safe = project.name.replace(/[^\w .-]+/g, "").trim() || "page";
    const destination = await save(exportDialog(format, safe));
    if (!destination) return;
    const r = await projectExport(project.id, exportTarget.versionId, exportTarget.variantId, format, destination, true);
    if (r.status === "error") {
      onMessage(errorMessage(r.error), true);
      return;
    }
    onMessage(exportedMessage(format, r.data));
  }

  const items = exportChoices(exportTarget?.project ?? false);

  return (
    <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <button type="button" className={ghostButtonClass} onClick={onBack} aria-label="Back to projects">
        <Icon name="back" />
      </button>
      {left}
      <ProjectName project={project} onRenamed={onRenamed} onMessage={onMessage} />
      {/* Labels never wrap: on a narrow window the secondary actions shrink to icons instead. The
          menus and dialogs opened from here wrap their text again (whitespace-normal). */}
      <div className="ml-auto flex shrink-0 items-center gap-1 whitespace-nowrap">
        <button type="button" className={ghostButtonClass} aria-label="Open in browser" title="Open the page in your browser" onClick={() => void run(() => openPath(joinPath(project.path, "index.html")))}>
          <Icon name="external" /> <WideLabel>Open in browser</WideLabel>
        </button>
        <button type="button" className={ghostButtonClass} aria-label="Reveal" title="Show the project folder" onClick={() => void run(() => revealItemInDir(project.path))}>
          <Icon name="folder" /> <WideLabel>Reveal</WideLabel>
        </button>
        <div ref={exportMenu} className="relative">
          <button type="button" className={ghostButtonClass} aria-haspopup="menu" aria-expanded={menu} disabled={!exportTarget} onClick={() => {
            setMenu((m) => !m);
          }}>
            <Icon name="download" /> Export
          </button>
          {menu ? (
            <div role="menu" className="absolute right-0 z-20 mt-1 w-64 whitespace-normal rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
              {items.map((item) => (
                <button key={item.format} type="button" role="menuitem" className="block w-full rounded-md px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800" onClick={() => void run(() => exportAs(item.format))}>
                  {item.label}
                  {item.hint ? <span className="block text-xs text-zinc-500">{item.hint}</span> : null}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        {right}
        <HandOffMenu project={project} onOpenSettings={() => { onOpenSettings("publishing"); }} onMessage={onMessage} />
        <PublishControls project={project} target={exportTarget ? { ...exportTarget, label: exportTarget.label ?? "this version" } : null} onOpenSettings={() => { onOpenSettings("publishing"); }} onMessage={onMessage} />
        <SettingsButton onClick={() => {
          onOpenSettings();
        }} />
      </div>
    </header>
  );
}
