// What the publishing dialogs share: a token is missing, what went wrong, the name of a new
// site or repository, and the footer (Cancel while running; Close and the action otherwise).
import type { ReactNode, Ref } from "react";
import { buttonClass, primaryButtonClass } from "../common/ui";
import { inputClass } from "../settings/fields";

/** "Add a Netlify token in Settings → Publishing first." with the way there. */
export function NeedsToken({ label, onOpenSettings }: { label: string; onOpenSettings: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" role="note">
      <span>Add a {label} token in Settings → Publishing first.</span>
      <button type="button" className={`${buttonClass} shrink-0 whitespace-nowrap`} onClick={onOpenSettings}>
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

/** The name of a new site or repository. */
export function NameField({ id, label, value, disabled, inputRef, onChange, children }: { id: string; label: string; value: string; disabled: boolean; inputRef?: Ref<HTMLInputElement>; onChange: (value: string) => void; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className={inputClass}
        value={value}
        disabled={disabled}
        spellCheck={false}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {children}
    </div>
  );
}

/** Cancel while it runs; otherwise Close (Done once done) and the action until it is done. */
export function DialogFooter({ running, done, action, actionDisabled, onAction, onCancel, onClose }: { running: boolean; done: boolean; action: string; actionDisabled: boolean; onAction: () => void; onCancel: () => void; onClose: () => void }) {
  return (
    <footer className="flex justify-end gap-2">
      {running ? (
        <button type="button" className={buttonClass} onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <>
          <button type="button" className={buttonClass} onClick={onClose}>
            {done ? "Done" : "Close"}
          </button>
          {done ? null : (
            <button type="button" className={primaryButtonClass} disabled={actionDisabled} onClick={onAction}>
              {action}
            </button>
          )}
        </>
      )}
    </footer>
  );
}
