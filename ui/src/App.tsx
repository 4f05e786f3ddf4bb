import { useEffect, useState } from "react";
import { commands, errorMessage, type AppInfo } from "./ipc";
import { StartScreen } from "./components/StartScreen";
import { SettingsDialog } from "./components/settings/SettingsDialog";
import { reportToLog } from "./lib/reportToLog";
import { useSettings } from "./lib/useSettings";
import { applyTheme } from "./lib/theme";

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useSettings();

  useEffect(() => {
    commands
      .appInfo()
      .then(setInfo)
      .catch((e: unknown) => {
        const message = errorMessage(e);
        setError(message);
        reportToLog("error", `app_info failed: ${message}`);
      });
  }, []);

  const theme = settings.settings?.theme ?? "system";
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  return (
    <>
      <StartScreen
        info={info}
        error={error}
        onOpenSettings={() => {
          setSettingsOpen(true);
        }}
      />
      {settingsOpen && settings.settings ? (
        <SettingsDialog
          settings={settings.settings}
          warning={settings.warning}
          chromiumFound={info?.capabilities.chromium_path ?? null}
          onSaved={settings.apply}
          onClose={() => {
            setSettingsOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
