import { useEffect, useState } from "react";
import { type ModelOption } from "../ipc";
import { modelsAvailable } from "../ipc/generation";
import { VENDORS } from "../lib/settingsForm";

/** Models a variant can use: those whose vendor has a key, and every custom provider's. */
function usableModels(all: ModelOption[]): ModelOption[] {
  return all.filter((m) => m.has_key || !(VENDORS as readonly string[]).includes(m.provider));
}

export function useModels(): ModelOption[] {
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
  }, []);
  return models;
}
