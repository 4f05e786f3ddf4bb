import { useCallback, useEffect, useState } from "react";
import { errorMessage, type Settings } from "../ipc";
import { settingsChanged, settingsGet } from "../ipc/settings";

export interface SettingsState {
  settings: Settings | null;
  /** Why the user's settings file was set aside at startup, if it was. */
  warning: string | null;
  error: string | null;
  /** Replace the local copy after a save (the event also arrives, from any window). */
  apply: (settings: Settings) => void;
}

/** The effective settings, kept current by the `settings-changed` event. */
export function useSettings(): SettingsState {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void settingsGet().then((result) => {
      if (!alive) return;
      if (result.status === "ok") {
        setSettings(result.data.settings);
        setWarning(result.data.warning);
      } else {
        setError(errorMessage(result.error));
      }
    });
    const unlisten = settingsChanged
      .listen((event) => {
        setSettings(event.payload.settings);
      })
      .catch(() => null);
    return () => {
      alive = false;
      void unlisten.then((stop) => stop?.());
    };
  }, []);

  const apply = useCallback((s: Settings) => {
    setSettings(s);
  }, []);
  return { settings, warning, error, apply };
}
