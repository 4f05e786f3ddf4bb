// Every change queued in visual edit, with the element and file it goes to, shown before Save:
// what the page reported is only a proposal until the person saving has seen where it lands.
import { describeChange, describeTarget, type EditQueue } from "../../lib/visualEdit";

export function VisualEditChanges({ queue }: { queue: EditQueue }) {
  if (queue.done.length === 0) return null;
  return (
    <section aria-label="Changes to save" className="flex flex-col gap-1">
      <h3 className="text-[11px] font-medium text-zinc-500">Changes to save</h3>
      <ol data-testid="queued-changes" className="flex max-h-36 flex-col gap-0.5 overflow-y-auto text-xs">
        {queue.done.flatMap(({ targets, change }, i) =>
          targets.map((target) => (
            <li key={`${String(i)}:${String(target.key)}`} className="flex flex-col rounded bg-zinc-50 px-1.5 py-1 dark:bg-zinc-900">
              <span className="truncate font-medium">{describeChange(change)}</span>
              <span className="truncate text-[11px] text-zinc-500" title={describeTarget(target)}>
                {describeTarget(target)}
              </span>
            </li>
          )),
        )}
      </ol>
    </section>
  );
}
