// On a project, every write a tool makes is answered with the whole project's problems as they
// stand after it (a file that does not compile, a missing import, a page no route shows). So an
// earlier card's problem that the latest write no longer lists has been fixed since ("… is not
// imported anywhere" once App.tsx imports the page): the card stops showing it.
import type { ActivityItem } from "./agentEvents";

/** The most lines a write's problems list (the core's `MAX_PROBLEMS`): a list that long may be
 *  cut, so what it leaves out is not known to be fixed. */
const MAX_LISTED = 12;

const WRITES = new Set(["file_written", "file_edited", "file_deleted", "file_renamed"]);

/** The project's problems after the variant's latest write, or null when that is not known (no
 *  write yet, or a list cut at its limit). */
export function currentProblems(activity: readonly ActivityItem[]): ReadonlySet<string> | null {
  for (let i = activity.length - 1; i >= 0; i--) {
    const item = activity[i];
    if (item?.kind !== "tool" || item.state !== "ok" || !item.detail || !WRITES.has(item.detail.kind)) continue;
    const problems = "problems" in item.detail ? (item.detail.problems ?? []) : [];
    return problems.length >= MAX_LISTED ? null : new Set(problems);
  }
  return null;
}

/** A card's problems split into those that still hold and how many were fixed since. */
export function stillOpen(problems: readonly string[], current: ReadonlySet<string> | null): { open: string[]; fixed: number } {
  if (!current) return { open: [...problems], fixed: 0 };
  const open = problems.filter((p) => current.has(p));
  return { open, fixed: problems.length - open.length };
}
