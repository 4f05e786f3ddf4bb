// A project's files beside the code editor: folders (open by default, closed with a click),
// files to open; the app's own files carry a lock, files that are not text are dimmed.
import { useState } from "react";
import { buildTree, isTextFile, readOnlyReason, sizeLabel, type TreeNode } from "../../lib/fileTree";
import { Icon } from "../common/Icon";

interface Props {
  files: readonly { path: string; size?: number | null }[];
  current: string | null;
  onOpen: (path: string) => void;
}

export function FileTree({ files, current, onOpen }: Props) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string) => {
    setClosed((s) => {
      const next = new Set(s);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  };
  const rows = (nodes: TreeNode[], depth: number) =>
    nodes.map((node) => {
      const pad = { paddingLeft: `${String(depth * 12 + 8)}px` };
      if (node.kind === "folder") {
        const open = !closed.has(node.path);
        return (
          <li key={node.path} role="treeitem" aria-expanded={open} aria-selected={false}>
            <button type="button" style={pad} className="flex w-full items-center gap-1 rounded py-0.5 pr-2 text-left text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800" onClick={() => { toggle(node.path); }}>
              <span className={`inline-block w-2 text-[9px] text-zinc-400 transition ${open ? "rotate-90" : ""}`} aria-hidden>
                ▶
              </span>
              <Icon name="folder" className="size-3.5 shrink-0 text-zinc-400" />
              <span className="truncate">{node.name}</span>
            </button>
            {open ? <ul role="group">{rows(node.children, depth + 1)}</ul> : null}
          </li>
        );
      }
      const locked = readOnlyReason(node.path) !== null;
      const text = isTextFile(node.path);
      const title = [node.path, node.size !== null ? sizeLabel(node.size) : null, locked ? "read-only: written by the app" : null, text ? null : "not text"].filter(Boolean).join(" · ");
      return (
        <li key={node.path} role="treeitem" aria-selected={node.path === current}>
          <button
            type="button"
            style={pad}
            title={title}
            data-testid={`file-${node.path}`}
            className={`flex w-full items-center gap-1 rounded py-0.5 pr-2 text-left font-mono text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800 ${
              node.path === current ? "bg-accent-500/10 text-zinc-900 dark:text-zinc-50" : text ? "text-zinc-700 dark:text-zinc-200" : "text-zinc-400"
            }`}
            onClick={() => {
              onOpen(node.path);
            }}
          >
            <span className="inline-block w-2" aria-hidden />
            <Icon name={text ? "code" : "photo"} className="size-3.5 shrink-0 text-zinc-400" />
            <span className="truncate">{node.name}</span>
            {/* A lock, not the word: at the window's smallest size the word left no room for the name. */}
            {locked ? (
              <span className="ml-auto shrink-0 text-zinc-400" data-testid="read-only-mark">
                <Icon name="lock" className="size-3" />
                <span className="sr-only">read-only</span>
              </span>
            ) : null}
          </button>
        </li>
      );
    });
  return (
    <nav aria-label="Project files" className="h-full overflow-auto border-r border-zinc-200 py-1 dark:border-zinc-800" data-testid="file-tree">
      <ul role="tree" aria-label="Project files">
        {rows(buildTree(files), 0)}
      </ul>
    </nav>
  );
}
