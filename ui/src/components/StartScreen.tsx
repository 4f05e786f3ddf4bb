import type { AppInfo } from "../ipc";
import { DropZone } from "./DropZone";
import { Logo } from "./Logo";

interface Props {
  info: AppInfo | null;
  error: string | null;
}

export function StartScreen({ info, error }: Props) {
  return (
    <div className="flex h-full flex-col">
      <header className="flex items-center gap-3 border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
        <Logo className="size-7" />
        <h1 className="text-base font-semibold tracking-tight">Screenshot to Code</h1>
      </header>

      <main className="flex flex-1 flex-col items-center justify-center gap-8 px-6">
        <div className="text-center">
          <h2 className="text-3xl font-semibold tracking-tight">Turn a screenshot into code</h2>
          <p className="mt-2 text-zinc-500 dark:text-zinc-400">
            Drop screenshots or a screen recording, pick a stack, and watch the agents build it.
          </p>
        </div>
        <DropZone />
      </main>

      <footer
        className="flex items-center justify-between border-t border-zinc-200 px-6 py-2 text-xs text-zinc-500 dark:border-zinc-800"
        data-testid="app-footer"
      >
        {error ? (
          <span className="text-red-600" role="alert">
            Could not reach the app core: {error}
          </span>
        ) : info ? (
          <>
            <span data-testid="app-version">
              {info.name} {info.version} · {info.os}/{info.arch}
            </span>
            <span data-testid="chromium-status">
              {info.capabilities.chromium_path
                ? `Preview screenshots: ${info.capabilities.chromium_path}`
                : "Preview screenshots need Chromium or Chrome (not found)"}
            </span>
          </>
        ) : (
          <span>Starting…</span>
        )}
      </footer>
    </div>
  );
}
