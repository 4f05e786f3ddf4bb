import type { AppInfo, ProjectInfo, Settings } from "../ipc";
import type { Notice } from "../lib/importNotice";
import { useRecentProjects } from "../hooks/useRecentProjects";
import { useKeyStatuses } from "../hooks/useKeyStatuses";
import { modelKeyMissing } from "../lib/firstRun";
import type { SettingsTab } from "./settings/SettingsDialog";
import { FirstRunCard } from "./start/FirstRunCard";
import { SettingsButton } from "./common/SettingsButton";
import { Logo } from "./Logo";
import { NewProject } from "./start/NewProject";
import { RecentProjects } from "./start/RecentProjects";

interface Props {
  info: AppInfo | null;
  error: string | null;
  settings: Settings | null;
  onOpenSettings: (tab?: SettingsTab) => void;
  onOpenProject: (project: ProjectInfo, notice?: Notice | null) => void;
}

export function StartScreen({ info, error, settings, onOpenSettings, onOpenProject }: Props) {
  const recent = useRecentProjects();
  const keys = useKeyStatuses();
  const noModel = modelKeyMissing(keys, settings);
  return (
    <div className="flex h-full flex-col">
      <header className="flex items-center gap-3 border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
        <Logo className="size-7" />
        <h1 className="text-base font-semibold tracking-tight">Screenshot to Code</h1>
        <div className="ml-auto">
          <SettingsButton onClick={() => {
            onOpenSettings();
          }} />
        </div>
      </header>

      {/* Busy until the keys and settings are known: the first-run card then appears above the
          form and moves everything below it, and a click in that moment lands elsewhere. */}
      <main className="flex-1 overflow-y-auto" data-testid="start-screen" aria-busy={keys === null || settings === null}>
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-6 py-8">
          <div className="text-center">
            <h2 className="text-3xl font-semibold tracking-tight">Turn a screenshot into code</h2>
            <p className="mt-2 text-zinc-500 dark:text-zinc-400">Drop screenshots or a screen recording, pick a stack, and watch the agents build it.</p>
          </div>
          {noModel ? <FirstRunCard onOpenSettings={onOpenSettings} /> : null}
          <NewProject settings={settings} keys={keys} noModel={noModel} onOpenSettings={onOpenSettings} onOpened={onOpenProject} />
          <RecentProjects recent={recent} onOpened={onOpenProject} />
        </div>
      </main>

      <footer className="flex items-center justify-between border-t border-zinc-200 px-6 py-2 text-xs text-zinc-500 dark:border-zinc-800" data-testid="app-footer">
        {error ? (
          <span className="text-red-600" role="alert">
            Could not reach the app core: {error}
          </span>
        ) : info ? (
          <>
            <span data-testid="app-version">
              {info.name} {info.version} · {info.os}/{info.arch}
            </span>
            <span data-testid="chromium-status">
              {info.capabilities.chromium_path ? `Preview screenshots: ${info.capabilities.chromium_path}` : "Preview screenshots need Chromium or Chrome (not found)"}
            </span>
          </>
        ) : (
          <span>Starting…</span>
        )}
      </footer>
    </div>
  );
}
