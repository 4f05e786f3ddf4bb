// The notes the publishing dialogs share: a token is missing, or what went wrong.
import type { ReactNode } from "react";
import { buttonClass } from "../common/ui";

/** "Add a Netlify token in Settings → Publishing first." with the way there. */
export function NeedsToken({ label, onOpenSettings }: { label: string; onOpenSettings: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" role="note">
      <span>Add a {label} token in Settings → Publishing first.</span>
      <button type="button" className={buttonClass} onClick={onOpenSettings}>
        Open Settings
      </button>
    </div>
  );
}

/** A failure in the service's and the app's words; a refused token leads to Settings. */
export function Failure({ message, code, onOpenSettings, children, testId }: { message: string; code: string; onOpenSettings: () => void; children?: ReactNode; testId?: string }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300" data-testid={testId}>
      <p>{message}</p>
      {code === "unauthorized" || code === "missing_key" ? (
        <button type="button" className={`${buttonClass} self-start`} onClick={onOpenSettings}>
          Open Settings → Publishing
        </button>
      ) : null}
      {children}
    </div>
  );
}
