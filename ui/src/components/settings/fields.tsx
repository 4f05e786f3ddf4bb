// Small form pieces shared by the settings sections, so every field looks and reports errors
// the same way.
import type { ReactNode } from "react";

export const inputClass =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm shadow-xs outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

export const buttonClass =
  "rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium shadow-xs hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800";

export const primaryButtonClass =
  "rounded-lg bg-accent-600 px-4 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-accent-500 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600";

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}

export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-600" data-testid={`error-${id}`}>
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-zinc-500">{hint}</p>
      ) : null}
    </div>
  );
}

interface ToggleProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  /** Greys the toggle out (shown off) and says why instead of the hint. */
  disabledReason?: string | null;
  onChange: (checked: boolean) => void;
}

export function Toggle({ id, label, hint, checked, disabledReason = null, onChange }: ToggleProps) {
  const disabled = disabledReason !== null;
  return (
    <label htmlFor={id} className={`flex items-start gap-3 ${disabled ? "cursor-not-allowed text-zinc-400 dark:text-zinc-500" : "cursor-pointer"}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-accent-600"
        checked={checked && !disabled}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
      />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-zinc-500">
          {disabledReason ?? hint}
        </span>
      </span>
    </label>
  );
}

export function SectionTitle({ title, description }: { title: string; description: string }) {
  return (
    <div className="mb-4">
      <h3 className="text-base font-semibold">{title}</h3>
      <p className="text-sm text-zinc-500">{description}</p>
    </div>
  );
}
