// The page of a project the preview shows: its routes by name, with the address beside. It also
// shows where the page went by itself (a link clicked in the preview).
import type { ProjectRoute } from "../../ipc";
import { canOpen, matchRoute } from "../../lib/previewRoute";
import { Icon } from "../common/Icon";

interface Props {
  routes: readonly ProjectRoute[];
  /** The route on show (`/pricing`, or `/blog/hello` on the route `/blog/:slug`). */
  current: string;
  onPick: (route: string) => void;
}

export function RoutePicker({ routes, current, onPick }: Props) {
  const on = matchRoute(routes, current);
  // A page the project does not list (a link to a path with no route): shown as it is.
  const value = on && on.path === current ? on.path : `other:${current}`;
  return (
    <label className="relative inline-flex h-7 shrink-0 items-center gap-1 rounded-md border border-zinc-200 bg-white pl-2 text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300" title="The page of the site on show: pick one, or follow a link in the preview">
      <Icon name="doc" className="size-3.5" />
      <span className="sr-only">Page</span>
      <select
        data-testid="route-picker"
        aria-label="Page"
        // Its own look: WebKitGTK draws a native select as a second box inside this one.
        className="h-full max-w-56 appearance-none truncate rounded-md bg-transparent pr-5 text-xs font-medium text-zinc-900 focus:outline-none dark:text-zinc-100"
        value={value}
        onChange={(e) => {
          const next = e.target.value;
          if (!next.startsWith("other:")) onPick(next);
        }}
      >
        {value.startsWith("other:") ? (
          <option value={value} disabled>
            {on ? `${on.name} — ${current}` : current}
          </option>
        ) : null}
        {routes.map((r) => (
          <option key={r.path} value={r.path} disabled={!canOpen(r)} title={canOpen(r) ? undefined : "Opens from a link in the page: the address needs a value"}>
            {r.name} — {r.path}
          </option>
        ))}
      </select>
      <span className="pointer-events-none absolute right-1.5 text-[10px] text-zinc-400" aria-hidden="true">
        ▾
      </span>
    </label>
  );
}
