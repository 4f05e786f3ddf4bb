import { useEffect, useMemo, useRef, useState } from "react";
import { errorMessage, type Settings } from "../../ipc";
import { settingsUpdate } from "../../ipc/settings";
import { fromDraft, toDraft, validateDraft, type Draft, type FieldErrors } from "../../lib/settingsForm";
import { DesignSystemsSection } from "./DesignSystemsSection";
import { buttonClass, primaryButtonClass } from "./fields";
import { AppearanceSection, GenerationSection } from "./GeneralSection";
import { KeysSection } from "./KeysSection";
import { ProvidersSection } from "./ProvidersSection";
import { PublishingSection } from "./PublishingSection";
import { UpdatesSection } from "./UpdatesSection";

const TABS = [
  { id: "keys", label: "API keys", fields: [] as string[] },
  { id: "generation", label: "Generation", fields: ["variantCount", "budget", "fidelityRounds"] },
  { id: "providers", label: "Providers", fields: ["providers.", "baseUrls."] },
  { id: "appearance", label: "Appearance", fields: [] as string[] },
  { id: "design", label: "Design systems", fields: ["designSystems."] },
  { id: "publishing", label: "Publishing", fields: ["publishing."] },
  { id: "updates", label: "About & updates", fields: [] as string[] },
] as const;
export type SettingsTab = (typeof TABS)[number]["id"];
type TabId = SettingsTab;

function tabHasError(tab: (typeof TABS)[number], errors: FieldErrors): boolean {
  return Object.keys(errors).some((k) => tab.fields.some((f) => k === f || (f.endsWith(".") && k.startsWith(f))));
}

interface Props {
  settings: Settings;
  warning: string | null;
  chromiumFound: string | null;
  /** The section it opens on (API keys unless told). */
  initialTab?: SettingsTab;
  onSaved: (settings: Settings) => void;
  onClose: () => void;
}

export function SettingsDialog({ settings, warning, chromiumFound, initialTab = "keys", onSaved, onClose }: Props) {
  const [tab, setTab] = useState<TabId>(initialTab);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const errors = useMemo(() => validateDraft(draft), [draft]);
  const shownErrors = attempted ? errors : {};

  useEffect(() => {
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [onClose]);

  function change(update: (d: Draft) => void) {
    setDraft((d) => {
      const next = structuredClone(d);
      update(next);
      return next;
    });
    setResult(null);
  }

  async function save() {
    setAttempted(true);
    if (Object.keys(errors).length > 0) {
      const first = TABS.find((t) => tabHasError(t, errors));
      if (first) setTab(first.id);
      setResult({ text: "Some fields need attention before saving.", error: true });
      return;
    }
    setSaving(true);
    const response = await settingsUpdate(fromDraft(draft));
    setSaving(false);
    if (response.status === "ok") {
      onSaved(response.data.settings);
      setResult({ text: "Settings saved", error: false });
    } else {
      setResult({ text: errorMessage(response.error), error: true });
    }
  }

  const sectionProps = { draft, errors: shownErrors, change };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/40 p-6 backdrop-blur-sm">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        tabIndex={-1}
        className="flex h-[min(680px,100%)] w-[min(860px,100%)] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none dark:bg-zinc-900"
      >
        <header className="flex items-center justify-between border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
          <h2 id="settings-title" className="text-base font-semibold">
            Settings
          </h2>
          <button type="button" aria-label="Close settings" className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800" onClick={onClose}>
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
            </svg>
          </button>
        </header>
        {warning ? (
          <p role="alert" className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {warning}
          </p>
        ) : null}
        <div className="flex min-h-0 flex-1">
          <nav className="flex w-48 shrink-0 flex-col gap-1 border-r border-zinc-200 p-3 dark:border-zinc-800" aria-label="Settings sections">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                aria-current={tab === t.id ? "page" : undefined}
                className="flex items-center justify-between rounded-lg px-3 py-1.5 text-left text-sm hover:bg-zinc-100 aria-[current=page]:bg-accent-500/10 aria-[current=page]:font-medium aria-[current=page]:text-accent-600 dark:hover:bg-zinc-800"
                onClick={() => {
                  setTab(t.id);
                }}
              >
                {t.label}
                {tabHasError(t, shownErrors) ? <span className="size-2 rounded-full bg-red-500" aria-label="has errors" /> : null}
              </button>
            ))}
          </nav>
          <div className="min-w-0 flex-1 overflow-y-auto p-6">
            {tab === "keys" ? <KeysSection /> : null}
            {tab === "generation" ? <GenerationSection {...sectionProps} /> : null}
            {tab === "providers" ? <ProvidersSection {...sectionProps} /> : null}
            {tab === "appearance" ? <AppearanceSection {...sectionProps} chromiumFound={chromiumFound} /> : null}
            {tab === "design" ? <DesignSystemsSection {...sectionProps} /> : null}
            {tab === "publishing" ? <PublishingSection {...sectionProps} /> : null}
            {tab === "updates" ? <UpdatesSection {...sectionProps} /> : null}
          </div>
        </div>
        <footer className="flex items-center justify-between gap-3 border-t border-zinc-200 px-6 py-3 dark:border-zinc-800">
          <p
            className={`text-sm ${!result ? "text-zinc-500" : result.error ? "text-red-600" : "text-emerald-700 dark:text-emerald-400"}`}
            role={result?.error ? "alert" : "status"}
            data-testid="settings-result"
          >
            {result?.text ?? (tab === "keys" || tab === "publishing" ? "Keys and tokens are saved as soon as you press Save on each." : "")}
          </p>
          <div className="flex gap-2">
            <button type="button" className={buttonClass} onClick={onClose}>
              Close
            </button>
            <button type="button" className={primaryButtonClass} disabled={saving} onClick={() => void save()}>
              {saving ? "Saving…" : "Save settings"}
            </button>
          </div>
        </footer>
      </div>
    </div>
  );
}
