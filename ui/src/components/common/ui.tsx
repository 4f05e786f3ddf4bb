// Small shared pieces: buttons, the status dot, badges and the confirmation dialog.
import { useEffect, useRef, type ReactNode } from "react";
import type { LiveStatus } from "../../lib/agentEvents";
import { buttonClass, primaryButtonClass } from "../settings/fields";

export { buttonClass, primaryButtonClass };

export const ghostButtonClass =
  "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white";

const dangerButtonClass =
  "rounded-lg bg-red-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-red-500 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600";

export type DotStatus = LiveStatus | "interrupted";

// No status pulses. An animation repaints its dot every frame, and WebKitGTK without a GPU
// repaints everything between two changed places at once: a pulsing card dot and the activity
// panel changing in the same frame repainted the previews between them, many times a second.
const DOT: Record<DotStatus, string> = {
  pending: "bg-zinc-400",
  generating: "bg-accent-500 ring-2 ring-accent-500/30",
  complete: "bg-emerald-500",
  truncated: "bg-amber-500",
  error: "bg-red-500",
  cancelled: "bg-zinc-400",
  interrupted: "bg-amber-500",
};

const DOT_LABEL: Record<DotStatus, string> = {
  pending: "Waiting",
  generating: "Generating",
  complete: "Done",
  truncated: "Cut off",
  error: "Failed",
  cancelled: "Cancelled",
  interrupted: "Interrupted",
};

export function StatusDot({ status }: { status: DotStatus }) {
  return <span className={`inline-block size-2 shrink-0 rounded-full ${DOT[status]}`} role="img" aria-label={DOT_LABEL[status]} title={DOT_LABEL[status]} />;
}

export function statusLabel(status: DotStatus): string {
  return DOT_LABEL[status];
}

export function Badge({ children, tone = "zinc" }: { children: ReactNode; tone?: "zinc" | "accent" | "amber" | "emerald" | "red" }) {
  const tones = {
    red: "bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300",
    zinc: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
    accent: "bg-accent-500/10 text-accent-600 dark:text-accent-500",
    amber: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
    emerald: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  } as const;
  return <span className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-medium ${tones[tone]}`}>{children}</span>;
}

interface ConfirmProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** A destructive action gets the red button (the default); one that loses nothing, the usual. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, body, confirmLabel, danger = true, onConfirm, onCancel }: ConfirmProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onCancel();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [onCancel]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/40 p-6 backdrop-blur-sm">
      <div role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" className="w-[min(420px,100%)] rounded-2xl bg-white p-5 shadow-2xl dark:bg-zinc-900">
        <h2 id="confirm-title" className="text-base font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{body}</div>
        <div className="mt-5 flex justify-end gap-2">
          <button ref={cancelRef} type="button" className={buttonClass} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={danger ? dangerButtonClass : primaryButtonClass} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
