import { useEffect, useState } from "react";
import { errorMessage, type KeyStatus } from "../../ipc";
import { keyClear, keySet, keyTest, keysStatus } from "../../ipc/secrets";
import { keysChanged } from "../../hooks/useKeyStatuses";
import { PUBLISHING_VENDORS, VENDOR_LABELS, type Vendor } from "../../lib/settingsForm";
import { TOKEN_HELP } from "../../lib/publishing";
import { buttonClass, inputClass, primaryButtonClass, SectionTitle } from "./fields";

function label(provider: string): string {
  return provider in VENDOR_LABELS ? VENDOR_LABELS[provider as Vendor] : provider;
}

/** Whether `provider` is a publishing service (its token is under Settings → Publishing). */
function publishes(provider: string): boolean {
  return (PUBLISHING_VENDORS as readonly string[]).includes(provider);
}

/** Keys per provider: set (masked), clear, and whether one is stored. Keys never come back.
 *  `publishing` lists the publishing services' tokens instead of the model vendors' keys. */
export function KeysSection({ publishing = false }: { publishing?: boolean } = {}) {
  const [statuses, setStatuses] = useState<KeyStatus[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void keysStatus().then((r) => {
      if (r.status === "ok") setStatuses(r.data);
      else setError(errorMessage(r.error));
    });
  }, []);

  function update(next: KeyStatus) {
    setStatuses((all) => (all ?? []).map((s) => (s.provider === next.provider ? next : s)));
    keysChanged();
  }

  return (
    <section aria-labelledby="keys-title">
      {publishing ? (
        <SectionTitle
          title="Publishing tokens"
          description="Your own token for each service you publish to, stored in your operating system's keychain. A token is only ever sent to its service."
        />
      ) : (
        <SectionTitle
          title="API keys"
          description="Stored in your operating system's keychain. The app can tell whether a key is set, never show it."
        />
      )}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {statuses === null && !error ? <p className="text-sm text-zinc-500">Reading the keychain…</p> : null}
      <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
        {(statuses ?? [])
          .filter((s) => publishes(s.provider) === publishing)
          .map((s) => (
            <KeyRow key={s.provider} status={s} hint={publishing ? TOKEN_HELP[s.provider] : undefined} onChange={update} />
          ))}
      </ul>
    </section>
  );
}

function KeyRow({ status, hint, onChange }: { status: KeyStatus; hint?: string | undefined; onChange: (s: KeyStatus) => void }) {
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const id = `key-${status.provider}`;

  async function save() {
    setBusy(true);
    const result = await keySet(status.provider, value);
    setBusy(false);
    if (result.status === "ok") {
      setValue("");
      onChange(result.data);
      setMessage({ text: "Saved to the keychain", error: false });
    } else {
      setMessage({ text: errorMessage(result.error), error: true });
    }
  }

  async function test() {
    setBusy(true);
    setMessage({ text: "Asking the vendor…", error: false });
    const result = await keyTest(status.provider);
    setBusy(false);
    // A Test that worked tells the model pickers what the key reaches.
    if (result.status === "ok" && result.data.ok) keysChanged();
    if (result.status === "ok") setMessage({ text: result.data.message, error: !result.data.ok });
    else setMessage({ text: errorMessage(result.error), error: true });
  }

  async function clear() {
    setBusy(true);
    const result = await keyClear(status.provider);
    setBusy(false);
    if (result.status === "ok") {
      onChange(result.data);
      setMessage({ text: "Removed from the keychain", error: false });
    } else {
      setMessage({ text: errorMessage(result.error), error: true });
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3" data-testid={`key-row-${status.provider}`}>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium">
          {label(status.provider)}
        </label>
        <span
          data-testid={`key-status-${status.provider}`}
          className={
            status.set
              ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
              : "rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          }
        >
          {status.set ? "Set" : "Not set"}
        </span>
      </div>
      {hint ? <p className="text-xs text-zinc-500">{hint}</p> : null}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) void save();
        }}
      >
        <input
          id={id}
          type="password"
          autoComplete="off"
          spellCheck={false}
          className={inputClass}
          placeholder={hint ? (status.set ? "Replace the stored token…" : "Paste a token") : status.set ? "Replace the stored key…" : "Paste a key"}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setMessage(null);
          }}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy || !value.trim()}>
          Save
        </button>
        {status.set ? (
          <>
            <button type="button" className={buttonClass} disabled={busy} onClick={() => void test()}>
              Test
            </button>
            <button type="button" className={buttonClass} disabled={busy} onClick={() => void clear()}>
              Clear
            </button>
          </>
        ) : null}
      </form>
      {message ? (
        <p className={`text-xs ${message.error ? "text-red-600" : "text-emerald-700 dark:text-emerald-400"}`} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
    </li>
  );
}
