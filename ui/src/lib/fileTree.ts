// A project's files as the code view's tree: folders first, each level by name; the app's own
// files (package.json, vite.config.ts, tsconfig.json) marked read-only with the reason; a file
// that is not text (an image, a font) marked as such.
import { PROJECT_APP_FILES } from "../ipc";

export interface TreeFile {
  kind: "file";
  name: string;
  path: string;
  size: number | null;
}

export interface TreeFolder {
  kind: "folder";
  name: string;
  path: string;
  children: TreeNode[];
}

export type TreeNode = TreeFile | TreeFolder;

const TEXT_FILE = /\.(html?|css|m?js|jsx|tsx?|vue|json|svg|md|txt)$/i;

/** Whether the editor can show the file as text. */
export function isTextFile(path: string): boolean {
  return TEXT_FILE.test(path);
}

/** Why the editor will not change the file, or null when it may. */
export function readOnlyReason(path: string): string | null {
  return (PROJECT_APP_FILES as readonly string[]).includes(path) ? "The app writes this file, so the project builds with the packages the preview uses." : null;
}

/** The tree of `files` (paths with `/`), folders first, then files, each by name. */
export function buildTree(files: readonly { path: string; size?: number | null }[]): TreeNode[] {
  const root: TreeFolder = { kind: "folder", name: "", path: "", children: [] };
  for (const file of files) {
    const parts = file.path.split("/").filter((p) => p);
    let folder = root;
    parts.forEach((name, i) => {
      const path = parts.slice(0, i + 1).join("/");
      if (i === parts.length - 1) {
        folder.children.push({ kind: "file", name, path, size: file.size ?? null });
        return;
      }
      let next = folder.children.find((c): c is TreeFolder => c.kind === "folder" && c.name === name);
      if (!next) {
        next = { kind: "folder", name, path, children: [] };
        folder.children.push(next);
      }
      folder = next;
    });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .map((n) => (n.kind === "folder" ? { ...n, children: sort(n.children) } : n))
      .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "folder" ? -1 : 1));
  return sort(root.children);
}

/** The file a project opens first: its App, else index.html, else the first text file. */
export function firstFile(paths: readonly string[]): string | null {
  for (const wanted of ["src/App.tsx", "src/App.jsx", "index.html"]) if (paths.includes(wanted)) return wanted;
  return paths.find(isTextFile) ?? paths[0] ?? null;
}

/** "12 KB", "1.4 MB", "320 bytes". */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`;
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${String(Math.round(bytes / 1024))} KB`;
}

/** Whether a variant's files are a project's: the app's own files are there (as the core's
 *  `shape::is_project` decides), whatever the version says of its stack (a save, an import). */
export function holdsAppFiles(files: readonly { path: string }[]): boolean {
  return PROJECT_APP_FILES.every((f) => files.some((e) => e.path === f));
}
