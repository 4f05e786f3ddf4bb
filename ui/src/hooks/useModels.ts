import { useEffect, useState } from "react";
import { type KeyStatus, type ModelOption, type Settings } from "../ipc";
import { modelsAvailable } from "../ipc/generation";
import { VENDORS } from "../lib/settingsForm";

/** Models a variant can use: those whose vendor has a key, and every custom provider's. */
function usableModels(all: ModelOption[]): ModelOption[] {
  return all.filter((m) => m.has_key || !(VENDORS as readonly string[]).includes(m.provider));
}

/**
 * The models the pickers offer, asked again whenever the keys or the settings change (a key
 * added, a Test that found a server's models, a custom provider saved), so a form left open
 * while the user sets things up follows.
 */
export function useModels(keys: readonly KeyStatus[] | null = null, settings: Settings | null = null): ModelOption[] {
  const [models, setModels] = useState<ModelOption[]>([]);
  useEffect(() => {
    let alive = true;
    void modelsAvailable()
      .then((r) => {
        if (alive && r.status === "ok") setModels(usableModels(r.data));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [keys, settings]);
  return models;
}
