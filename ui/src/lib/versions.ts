// The version tree as the history panel shows it: newest first, numbered v1… in creation order,
// with "from vK" where a version does not continue the one made just before it (a branch).
import type { VersionInfo, VersionKind, VersionTree } from "../ipc";

export interface VersionRow {
  version: VersionInfo;
  /** 1-based position in creation order ("v3"). */
  number: number;
  badge: string;
  summary: string;
  /** "from v2" when this version branches off an older one; null when it follows on. */
  branchFrom: string | null;
  isCurrent: boolean;
}

const BADGES: Record<VersionKind, string> = {
  generation: "create",
  edit: "edit",
  import: "import",
  manual_save: "manual",
  external_edit: "outside edit",
  restore: "restore",
};

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
    const fallback = version.kind === "generation" ? "New page" : kindBadge(version.kind);
    return {
      version,
      number: i + 1,
      badge: kindBadge(version.kind),
      summary: summarize(version.prompt) || fallback,
      branchFrom: branches ? `from v${parentNumber}` : null,
      isCurrent: tree.current_version === version.id,
    };
  });
  return rows.reverse();
}
