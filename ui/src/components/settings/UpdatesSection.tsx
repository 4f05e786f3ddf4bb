// Settings → About & updates: which version this is (and its commit), whether the app looks for
// a new one at start, which channel it follows, and a button to look now.
import { useEffect, useState } from "react";
import type { UpdateChannel, UpdateStatus } from "../../ipc";
import { updateStatus } from "../../ipc/updates";
import { UPDATE_CHANNELS } from "../../lib/settingsForm";
import { checkForUpdates } from "../../lib/updateFlow";
import { useUpdateState, type UpdateState } from "../../lib/updates";
import { UpdateNotice } from "../updates/UpdateNotice";
import { buttonClass, Field, inputClass, SectionTitle, Toggle } from "./fields";
import type { SectionProps } from "./GeneralSection";

function checkResult(state: UpdateState): { text: string; error: boolean } | null {
  switch (state.kind) {
    case "checking":
      return state.manual ? { text: "Checking…", error: false } : null;
    case "up_to_date":
      return { text: "You have the newest version.", error: false };
    case "failed":
      return state.info ? null : { text: state.message, error: true };
    // An update found: the card below says so and offers it.
    case "available":
    case "downloading":
    case "installing":
    case "restarting":
    case "manual":
    case "idle":
      return null;
  }
}

export function UpdatesSection({ draft, change }: SectionProps) {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const state = useUpdateState();
  useEffect(() => {
    void updateStatus().then(setStatus);
  }, []);
  const result = checkResult(state);
  const disabled = status?.disabled_reason ?? null;
  return (
    <section className="flex flex-col gap-4">
      <SectionTitle title="About & updates" description="Which version you have, and how it stays current." />
      <p className="text-sm" data-testid="about-version">
        Screenshot to Code {status ? `${status.version} (commit ${status.commit})` : "…"}
      </p>
      <Toggle
        id="check-updates"
        label="Check for updates automatically"
        hint="Each time the app starts. Without a connection it skips the check quietly."
        checked={draft.checkUpdates}
        disabledReason={disabled}
        onChange={(on) => {
          change((d) => (d.checkUpdates = on));
        }}
      />
      <Field id="update-channel" label="Channel" hint={UPDATE_CHANNELS.find((c) => c.id === draft.updateChannel)?.hint ?? ""}>
        <select
          id="update-channel"
          className={`${inputClass} w-48`}
          value={draft.updateChannel}
          disabled={disabled !== null}
          onChange={(e) => {
            change((d) => (d.updateChannel = e.target.value as UpdateChannel));
          }}
        >
          {UPDATE_CHANNELS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          disabled={disabled !== null || state.kind === "checking"}
          onClick={() => void checkForUpdates(true, draft.updateChannel)}
        >
          Check for updates
        </button>
        {result ? (
          <p role={result.error ? "alert" : "status"} className={`text-sm ${result.error ? "text-red-600" : "text-zinc-600 dark:text-zinc-400"}`} data-testid="update-check-result">
            {result.text}
          </p>
        ) : null}
      </div>
      <UpdateNotice placement="inline" />
    </section>
  );
}
