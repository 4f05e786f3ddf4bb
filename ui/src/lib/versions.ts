// The version tree as the history panel shows it: newest first, numbered v1… in creation order,
// with "from vK" where a version does not continue the one made just before it (a branch).
import type { VersionInfo, VersionKind, VersionTree } from "../ipc";
import { holdsAppFiles } from "./fileTree";
import { isProjectStack } from "./settingsForm";

export interface VersionRow {
  version: VersionInfo;
  /** 1-based position in creation order ("v3"). */
  number: number;
  badge: string;
  summary: string;
  /** "from v2" when this version branches off an older one; null when it follows on. */
  branchFrom: string | null;
  isCurrent: boolean;
  /** Every option of it ended without a page (failed, cancelled, interrupted). */
  madeNothing: boolean;
}

const BADGES: Record<VersionKind, string> = {
  generation: "create",
  edit: "edit",
  import: "import",
  manual_save: "manual",
  external_edit: "outside edit",
  restore: "restore",
};

/** A multi-file project (a site of pages), by its stack or by its options' files (a save or an
 *  import may make one of any stack). */
export function isProjectVersion(version: VersionInfo | null | undefined): boolean {
  return isProjectStack(version?.stack) || (version?.variants.some((v) => holdsAppFiles(v.files)) ?? false);
}

function kindBadge(kind: VersionKind): string {
  return BADGES[kind];
}

export function summarize(text: string | null | undefined, max = 80): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  return `${line.slice(0, max - 1).trimEnd()}…`;
}

export function versionRows(tree: VersionTree): VersionRow[] {
  const numbers = new Map<number, number>();
  tree.versions.forEach((v, i) => numbers.set(v.id, i + 1));
  const rows = tree.versions.map((version, i): VersionRow => {
    const previous = tree.versions[i - 1];
    const parent = version.parent_id ?? null;
    const parentNumber = parent === null ? undefined : numbers.get(parent);
    const branches = parent !== null && parentNumber !== undefined && previous?.id !== parent;
    const fallback = version.kind === "generation" ? (isProjectVersion(version) ? "New site" : "New page") : kindBadge(version.kind);
    return {
      version,
      number: i + 1,
      badge: kindBadge(version.kind),
      summary: summarize(version.prompt) || fallback,
      branchFrom: branches ? `from v${parentNumber}` : null,
      isCurrent: tree.current_version === version.id,
      madeNothing: version.variants.length > 0 && version.variants.every((v) => ["error", "cancelled", "interrupted"].includes(v.status)),
    };
  });
  return rows.reverse();
}

/** Where the next prompt starts when it is not the working copy: said above the prompt box. */
export interface BranchNote {
  /** "Changes will branch from v2" or "… from option 2 of v4". */
  text: string;
  /** The working copy's version id and number, to go back to it. */
  currentId: number;
  currentNumber: number;
}

/**
 * What the prompt box says when the version and option on screen are not the working copy: the
 * next change starts from what is on screen, a branch. Null when they are the working copy, or
 * the project has none yet, or the version is not stored yet (a generation still running).
 */
export function branchNote(tree: VersionTree | null, versionId: number | null, variantId: number | null): BranchNote | null {
  if (!tree || versionId === null || tree.current_version === null) return null;
  const index = tree.versions.findIndex((v) => v.id === versionId);
  const currentIndex = tree.versions.findIndex((v) => v.id === tree.current_version);
  const version = tree.versions[index];
  if (!version || currentIndex < 0) return null;
  const otherOption = variantId !== null && version.selected_variant !== null && variantId !== version.selected_variant;
  if (versionId === tree.current_version && !otherOption) return null;
  const option = otherOption ? version.variants.find((v) => v.id === variantId) : undefined;
  const from = option ? `option ${option.index + 1} of v${index + 1}` : `v${index + 1}`;
  return { text: `Changes will branch from ${from}`, currentId: tree.current_version, currentNumber: currentIndex + 1 };
}
