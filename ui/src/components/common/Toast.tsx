import { useEffect } from "react";

export interface ToastMessage {
  /** Line breaks are kept. */
  text: string;
  error: boolean;
  /** Information worth reading in full: stays until dismissed, as errors do. */
  sticky?: boolean;
}

/** A short note at the bottom right; information fades after a few seconds, errors stay. */
export function Toast({ message, onDismiss }: { message: ToastMessage | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!message || message.error || message.sticky) return;
    const id = setTimeout(onDismiss, 4000);
    return () => {
      clearTimeout(id);
    };
  }, [message, onDismiss]);
  if (!message) return null;
  return (
    <div
      role={message.error ? "alert" : "status"}
      className={`fixed right-4 bottom-20 z-40 flex max-w-md items-start gap-3 rounded-lg px-4 py-2 text-sm shadow-lg ${message.error ? "bg-red-600 text-white" : "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"}`}
      data-testid="toast"
      data-floating
    >
      <span className="min-w-0 flex-1 whitespace-pre-line">{message.text}</span>
      <button type="button" aria-label="Dismiss" className="shrink-0 opacity-70 hover:opacity-100" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
