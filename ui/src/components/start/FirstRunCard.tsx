// The first thing a new user sees when no model can be reached: what to do, and the button to
// the place in Settings where it is done.
import type { SettingsTab } from "../settings/SettingsDialog";
import { Icon } from "../common/Icon";
import { ghostButtonClass, primaryButtonClass } from "../common/ui";

export function FirstRunCard({ onOpenSettings }: { onOpenSettings: (tab: SettingsTab) => void }) {
  return (
    <section
      aria-labelledby="first-run-title"
      data-testid="first-run"
      className="flex items-start gap-4 rounded-2xl border border-accent-500/30 bg-accent-500/5 p-5 dark:border-accent-500/40"
    >
      <span className="rounded-xl bg-accent-500/15 p-2 text-accent-600 dark:text-accent-500" aria-hidden="true">
        <Icon name="sparkles" className="size-6" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <h2 id="first-run-title" className="font-semibold tracking-tight">
            First, connect an AI model
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            Add an OpenAI, Anthropic or Gemini key — or point to a local server such as Ollama or LM Studio. Keys stay in your system’s keychain.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primaryButtonClass} onClick={() => {
            onOpenSettings("keys");
          }}>
            Add an API key
          </button>
          <button type="button" className={ghostButtonClass} onClick={() => {
            onOpenSettings("providers");
          }}>
            Use a local server
          </button>
        </div>
      </div>
    </section>
  );
}
