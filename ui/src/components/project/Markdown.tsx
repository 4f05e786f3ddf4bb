import { Fragment, useMemo, type ReactNode } from "react";
import { parseMarkdown, type Inline } from "../../lib/markdown";

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case "text":
        return <Fragment key={i}>{n.v}</Fragment>;
      case "code":
        return (
          <code key={i} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800">
            {n.v}
          </code>
        );
      case "strong":
        return <strong key={i}>{inline(n.c)}</strong>;
      case "em":
        return <em key={i}>{inline(n.c)}</em>;
      case "link":
        // Links are shown, not followed: the app window never navigates.
        return (
          <span key={i} className="text-accent-600 underline decoration-dotted" title={n.href}>
            {inline(n.c)}
          </span>
        );
    }
  });
}

/** Model text as Markdown, rendered as React elements only (never as HTML). */
export function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className="flex flex-col gap-2 text-sm leading-relaxed select-text">
      {blocks.map((b, i) => {
        switch (b.t) {
          case "p":
            return <p key={i}>{inline(b.c)}</p>;
          case "h":
            return (
              <p key={i} className={b.level === 1 ? "text-base font-semibold" : "font-semibold"}>
                {inline(b.c)}
              </p>
            );
          case "ul":
            return (
              <ul key={i} className="list-disc pl-5">
                {b.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </ul>
            );
          case "ol":
            return (
              <ol key={i} className="list-decimal pl-5">
                {b.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </ol>
            );
          case "code":
            return (
              <pre key={i} className="overflow-x-auto rounded-lg bg-zinc-100 p-2 font-mono text-xs dark:bg-zinc-800">
                {b.v}
              </pre>
            );
        }
      })}
    </div>
  );
}
