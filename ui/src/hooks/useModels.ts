import { useEffect, useState } from "react";
import { type ModelOption, type Settings } from "../ipc";
import { modelsAvailable } from "../ipc/generation";
import { VENDORS } from "../lib/settingsForm";
import { onKeysChanged } from "./useKeyStatuses";

/** Models a variant can use: those whose vendor has a key, and every custom provider's. */
function usableModels(all: ModelOption[]): ModelOption[] {
  return all.filter((m) => m.has_key || !(VENDORS as readonly string[]).includes(m.provider));
}

/**
 * The models the pickers offer, asked again whenever a key is saved, cleared or tested (a Test
 * finds what the key reaches) and when the settings change (a custom provider saved), so a form
 * left open while the user sets things up follows.
 */
export function useModels(settings: Settings | null = null): ModelOption[] {
  const [models, setModels] = useState<ModelOption[]>([]);
  useEffect(() => {
    let alive = true;
    const read = () => {
      void modelsAvailable()
        .then((r) => {
          if (alive && r.status === "ok") setModels(usableModels(r.data));
        })
        .catch(() => undefined);
    };
    read();
    const stop = onKeysChanged(read);
    return () => {
      alive = false;
      stop();
    };
  }, [settings]);
  return models;
}
