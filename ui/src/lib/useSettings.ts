import { useCallback, useEffect, useState } from "react";
import { commands, events, errorMessage, type Settings_Serialize } from "../ipc";

export interface SettingsState {
  settings: Settings_Serialize | null;
  /** Why the user's settings file was set aside at startup, if it was. */
  warning: string | null;
  error: string | null;
  /** Replace the local copy after a save (the event also arrives, from any window). */
  apply: (settings: Settings_Serialize) => void;
}

/** The effective settings, kept current by the `settings-changed` event. */
export function useSettings(): SettingsState {
  const [settings, setSettings] = useState<Settings_Serialize | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void commands.settingsGet().then((result) => {
      if (!alive) return;
      if (result.status === "ok") {
        setSettings(result.data.settings);
        setWarning(result.data.warning);
      } else {
        setError(errorMessage(result.error));
      }
    });
    const unlisten = events.settingsChanged
      .listen((event) => {
        setSettings(event.payload.settings);
      })
      .catch(() => null);
    return () => {
      alive = false;
      void unlisten.then((stop) => stop?.());
    };
  }, []);

  const apply = useCallback((s: Settings_Serialize) => {
    setSettings(s);
  }, []);
  return { settings, warning, error, apply };
}
