import type { ImportSummary } from "../ipc";

const SHOWN = 6;

export interface Notice {
  text: string;
  sticky: boolean;
}

function list(items: string[]): string {
  const shown = items.slice(0, SHOWN).join(", ");
  return items.length > SHOWN ? `${shown} and ${String(items.length - SHOWN)} more` : shown;
}

/**
 * What an import brought along from the page's folder, and what it left out and why, as a short
 * notice; `null` when the page came alone.
 */
export function importNotice(summary: ImportSummary): Notice | null {
  const lines: string[] = [];
  const pulled = summary.pulled_in;
  if (pulled.length > 0) lines.push(`Pulled in ${String(pulled.length)} file${pulled.length === 1 ? "" : "s"}: ${list(pulled)}.`);
  const skipped = summary.skipped;
  if (skipped.length > 0) {
    lines.push(`Left out ${String(skipped.length)}:`);
    for (const s of skipped.slice(0, SHOWN)) lines.push(`• ${s.reference}: ${s.reason}`);
    if (skipped.length > SHOWN) lines.push(`…and ${String(skipped.length - SHOWN)} more.`);
  }
  // Something left out is worth reading: that notice stays until dismissed.
  return lines.length > 0 ? { text: lines.join("\n"), sticky: skipped.length > 0 } : null;
}
