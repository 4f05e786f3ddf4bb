import { startTransition, useEffect, useState } from "react";
import { errorMessage, type AppInfo, type ProjectInfo } from "./ipc";
import { appInfo } from "./ipc/app";
import { StartScreen } from "./components/StartScreen";
import { ProjectView } from "./components/project/ProjectView";
import { SettingsDialog, type SettingsTab } from "./components/settings/SettingsDialog";
import { UpdateNotice } from "./components/updates/UpdateNotice";
import { updateCheckRequested } from "./ipc/updates";
import { checkAtStart, checkForUpdates } from "./lib/updateFlow";
import { useAppEvent } from "./hooks/useAppEvent";
import { reportToLog } from "./lib/reportToLog";
import { reportInteractive } from "./lib/interactive";
import { useSettings } from "./lib/useSettings";
import { applyTheme } from "./lib/theme";
import type { Notice } from "./lib/importNotice";

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState<SettingsTab | null>(null);
  const [project, setProject] = useState<ProjectInfo | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const settings = useSettings();

  useEffect(() => {
    appInfo()
      .then(setInfo)
      .catch((e: unknown) => {
        const message = errorMessage(e);
        setError(message);
        reportToLog("error", `app_info failed: ${message}`);
      });
  }, []);

  const startScreenReady = project === null && (info !== null || error !== null) && (settings.settings !== null || settings.error !== null);
  useEffect(() => {
    if (startScreenReady) reportInteractive();
  }, [startScreenReady]);

  const theme = settings.settings?.theme ?? "system";
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // The app menu's "Check for Updates…": the answer shows in Settings, where the button is.
  const checkUpdatesAtStart = settings.settings?.updates.check_automatically ?? false;
  useEffect(() => {
    if (checkUpdatesAtStart) checkAtStart();
  }, [checkUpdatesAtStart]);

  useAppEvent(updateCheckRequested, () => {
    setSettingsOpen("updates");
    void checkForUpdates(true);
  });

  const openSettings = (tab: SettingsTab = "keys") => {
    setSettingsOpen(tab);
  };
  return (
    <>
      {project ? (
        <ProjectView
          key={project.id}
          project={project}
          settings={settings.settings}
          notice={notice}
          onBack={() => {
            setProject(null);
            setNotice(null);
          }}
          onOpenSettings={openSettings}
          onRenamed={setProject}
        />
      ) : (
        <StartScreen info={info} error={error} settings={settings.settings} onOpenSettings={openSettings} onOpenProject={(opened, openedNotice) => {
            // A transition: React renders the project view in slices between frames. Made in
            // one task, its mount held the window 100–140 ms right after Generate, the longest
            // frame of a 4-option run (docs/PERFORMANCE.md, fourteenth pass).
            startTransition(() => {
              setProject(opened);
              setNotice(openedNotice ?? null);
            });
          }}
        />
      )}
      {settingsOpen ? null : <UpdateNotice />}
      {settingsOpen && settings.settings ? (
        <SettingsDialog
          initialTab={settingsOpen}
          settings={settings.settings}
          warning={settings.warning}
          chromiumFound={info?.capabilities.chromium_path ?? null}
          onSaved={settings.apply}
          onClose={() => {
            setSettingsOpen(null);
          }}
        />
      ) : null}
    </>
  );
}
