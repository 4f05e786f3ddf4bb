// What one agent did, step by step: its thinking, words, tool calls, retries and the outcome.
import type { ActivityItem, VariantView } from "../../lib/agentEvents";
import { retryReason, variantFailureHelp } from "../../lib/failureHelp";
import { asSentence, withoutOrigin } from "../../lib/sentences";
import { formatDuration } from "../../lib/format";
import { currentProblems } from "../../lib/projectProblems";
import { buttonClass } from "../common/ui";
import { Markdown } from "./Markdown";
import { ToolCard } from "./ToolCard";

interface Props {
  view: VariantView | null;
  now: number;
  assetUrl: (path: string) => string | null;
  loading?: boolean;
  /** Open Settings on API keys (offered when a key was refused or is missing), or on
   *  Providers (a vendor that can't be reached: its base URL). */
  onOpenKeys: () => void;
  onOpenProviders?: () => void;
}

/** Retries one after another are one line (the latest): the same failure, said once. */
function collapseRetries(activity: readonly ActivityItem[]): ActivityItem[] {
  return activity.filter((item, i) => !(item.kind === "retrying" && activity[i + 1]?.kind === "retrying"));
}

export function ActivityPanel({ view, now, assetUrl, loading = false, onOpenKeys, onOpenProviders = onOpenKeys }: Props) {
  if (!view) {
    return <p className="p-4 text-sm text-zinc-500">{loading ? "Loading activity…" : "No recorded activity for this version."}</p>;
  }
  const draftsByCall = view.drafts;
  const current = currentProblems(view.activity);
  return (
    <ol className="flex flex-col gap-2 p-3" aria-label="Agent activity" data-testid="activity">
      {collapseRetries(view.activity).map((item, i, shown) => (
        <li key={item.id}>
          <Item
            item={item}
            now={now}
            draft={item.kind === "tool" ? (draftsByCall[item.callId] ?? null) : null}
            assetUrl={assetUrl}
            current={current}
            provider={view.provider}
            model={view.model}
            waiting={i === shown.length - 1 && (view.status === "generating" || view.status === "pending")}
            onOpenKeys={onOpenKeys}
            onOpenProviders={onOpenProviders}
          />
        </li>
      ))}
      {view.statusLine ? (
        <li className="flex items-center gap-2 px-1 text-xs text-zinc-500" role="status">
          <span className="size-1.5 rounded-full bg-accent-500 ring-2 ring-accent-500/30" aria-hidden="true" />
          {view.statusLine}
        </li>
      ) : view.status === "generating" && view.activity.length === 0 ? (
        <li className="px-1 text-xs text-zinc-500">Starting…</li>
      ) : null}
    </ol>
  );
}

interface ItemProps {
  item: ActivityItem;
  now: number;
  draft: { path: string; text: string } | null;
  assetUrl: Props["assetUrl"];
  current: ReadonlySet<string> | null;
  provider: string | null;
  model: string | null;
  /** The last item while the variant still works: a retry line counts down. */
  waiting: boolean;
  onOpenKeys: () => void;
  onOpenProviders: () => void;
}

function Item({ item, now, draft, assetUrl, current, provider, model, waiting, onOpenKeys, onOpenProviders }: ItemProps) {
  switch (item.kind) {
    case "thinking": {
      const label = item.endedAt === null ? "Thinking…" : item.endedAt - item.startedAt < 1000 ? "Thought for a moment" : `Thought for ${formatDuration(item.endedAt - item.startedAt)}`;
      return (
        <details className="group rounded-lg px-1 text-sm text-zinc-500">
          <summary className="cursor-pointer list-none select-none hover:text-zinc-700 dark:hover:text-zinc-300">
            <span className="mr-1 inline-block transition group-open:rotate-90">›</span>
            {label}
          </summary>
          <p className="mt-1 border-l-2 border-zinc-200 pl-3 text-xs whitespace-pre-wrap select-text dark:border-zinc-700">{item.text}</p>
        </details>
      );
    }
    case "assistant":
      return (
        <div className="px-1">
          <Markdown text={item.text} />
        </div>
      );
    case "tool":
      return <ToolCard item={item} draft={draft} assetUrl={assetUrl} current={current} />;
    case "retrying": {
      const left = item.delayMs - (now - item.at);
      const why = retryReason(item.code, provider);
      const tries = item.attempt - 1;
      return (
        <p className="rounded-lg bg-amber-50 px-3 py-1.5 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-300" title={item.reason} data-testid="activity-retry">
          {item.restarted ? "The reply broke off; restarting this turn. " : null}
          {waiting
            ? `${why} — trying again${left > 500 ? ` in ${Math.ceil(left / 1000)} s` : ""} (attempt ${item.attempt})…`
            : `${why} — tried again ${tries === 1 ? "once" : `${tries} times`}.`}
        </p>
      );
    }
    case "note":
      return (
        <p className="px-1 text-xs text-zinc-500" data-testid="activity-note">
          {item.text}
        </p>
      );
    case "switched":
      return (
        <p className="rounded-lg bg-amber-50 px-3 py-1.5 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          Switched from {item.from} to {item.to}: {item.reason}
        </p>
      );
    case "error": {
      const help = variantFailureHelp(item.code, provider);
      return (
        <div role="alert" className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300" data-testid="activity-error">
          {help ? (
            <>
              <p className="font-medium">{help.text}</p>
              <details className="text-xs text-red-700/80 dark:text-red-300/80">
                <summary className="cursor-pointer select-none">Details</summary>
                <p className="mt-1 break-words select-text">{withoutOrigin(item.message, provider, model)}</p>
              </details>
            </>
          ) : (
            <p>{asSentence(withoutOrigin(item.message, provider, model))}</p>
          )}
          {help?.action === "keys" ? (
            <button type="button" className={`${buttonClass} self-start`} onClick={onOpenKeys}>
              Open Settings → API keys
            </button>
          ) : help?.action === "providers" ? (
            <button type="button" className={`${buttonClass} self-start`} onClick={onOpenProviders}>
              Open Settings → Providers
            </button>
          ) : null}
        </div>
      );
    }
    case "done":
      return (
        <p className="px-1 text-xs font-medium text-emerald-700 dark:text-emerald-400">
          Worked through {item.toolCalls} {item.toolCalls === 1 ? "step" : "steps"} in {formatDuration(item.durationMs)}
        </p>
      );
    case "cancelled":
      return <p className="px-1 text-xs text-zinc-500">Cancelled</p>;
    case "truncated":
      return (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-1.5 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          {item.message}
        </p>
      );
  }
}
