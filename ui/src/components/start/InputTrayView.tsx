import type { InputItem, InputTray } from "../../hooks/useInputTray";
import type { TrayGroups } from "../../hooks/useTrayGroups";
import type { ThumbInput } from "../../lib/inputThumb";
import { captureNote, groupLabel, joinTargets, pageName, widthLabel } from "../../lib/trayGroups";
import { Icon } from "../common/Icon";
import { InputThumbView } from "./InputThumbView";

function thumbInput(item: InputItem): ThumbInput {
  switch (item.kind) {
    case "video":
      return { kind: "video", videoUrl: item.videoUrl ?? null, durationS: null };
    case "figma":
      return { kind: "figma", previewUrl: item.previewUrl, label: item.checking ? "Looking at the link…" : item.source.type === "figma" ? `node ${item.source.nodeId}` : "" };
    case "image":
      return { kind: "image", previewUrl: item.previewUrl, url: item.source.type === "url" };
  }
}

const NO_GROUPS: TrayGroups = { widths: new Map(), groups: [], separate: () => undefined, join: () => undefined };

/** The tray in the order things were added; the screenshots of one page at several widths
 *  together, under the page's name and its widths ("Home: desktop 1440, mobile 390"). */
export function InputTrayView({ tray, grouping = NO_GROUPS }: { tray: InputTray; grouping?: TrayGroups }) {
  if (tray.items.length === 0) return null;
  const { groups } = grouping;
  const byKey = new Map(tray.items.map((i) => [i.key, i]));
  const shown = new Set<string>();
  return (
    <ul className="flex flex-wrap items-start gap-3" aria-label="Inputs" data-testid="input-tray">
      {tray.items.map((item) => {
        if (shown.has(item.key)) return null;
        const index = groups.findIndex((g) => g.includes(item.key));
        const group = groups[index];
        if (!group) {
          shown.add(item.key);
          return <ItemCard key={item.key} item={item} tray={tray} grouping={grouping} grouped={false} />;
        }
        for (const k of group) shown.add(k);
        const members = group.flatMap((k) => byKey.get(k) ?? []);
        const name = pageName(
          members.map((m) => m.name),
          index + 1,
        );
        const label = groupLabel(name, group, grouping.widths);
        return (
          <li key={`group-${item.key}`} className="rounded-2xl border border-accent-500/40 bg-accent-500/5 p-2" data-testid="input-group" aria-label={label}>
            <div className="flex items-center gap-1.5 px-1 pb-2">
              <Icon name="mobile" className="size-3.5 text-accent-600 dark:text-accent-500" />
              <p className="text-xs font-semibold text-zinc-800 dark:text-zinc-100" data-testid="input-group-label">
                {label}
              </p>
            </div>
            <ul className="flex flex-wrap gap-2">
              {members.map((m) => (
                <ItemCard key={m.key} item={m} tray={tray} grouping={grouping} grouped />
              ))}
            </ul>
            <p className="px-1 pt-1.5 text-[11px] text-zinc-500">One responsive page, matched and scored at each width.</p>
          </li>
        );
      })}
    </ul>
  );
}

function ItemCard({ item, tray, grouping, grouped }: { item: InputItem; tray: InputTray; grouping: TrayGroups; grouped: boolean }) {
  const width = grouping.widths.get(item.key) ?? null;
  const names = new Map(tray.items.map((i) => [i.key, i.name]));
  const targets = grouped || !width ? [] : joinTargets(item.key, grouping.groups, [...grouping.widths.keys()], grouping.widths, names);
  const note = width ? captureNote(width) : null;
  return (
    <li
      className={`group relative overflow-hidden rounded-xl border bg-white shadow-xs dark:bg-zinc-900 ${item.kind === "figma" ? "w-64" : "w-32"} ${
        item.problem ? "border-red-300 dark:border-red-800" : "border-zinc-200 dark:border-zinc-800"
      }`}
      data-testid="input-item"
    >
      <InputThumbView input={thumbInput(item)} />
      <p className="truncate px-2 pt-1 text-xs font-medium text-zinc-700 dark:text-zinc-200" title={item.name}>
        {item.name}
      </p>
      {width ? (
        <p className="truncate px-2 text-[11px] text-zinc-500 tabular-nums" data-testid="input-width" title={note ? `Taken at ${String(width.dpr)}× (${String(width.pixels)} px wide): a ${String(width.css)} px screen` : `A ${String(width.css)} px screen`}>
          {widthLabel(width)}
          {note ? ` · ${String(width.dpr)}×` : ""}
        </p>
      ) : null}
      {item.detail ? (
        <p className="truncate px-2 text-[11px] text-zinc-500" data-testid="input-detail" title={item.detail}>
          {item.detail}
        </p>
      ) : null}
      {item.problem ? (
        <p role="alert" className="px-2 pt-1 text-[11px] text-red-600" data-testid="input-problem">
          {item.problem}
        </p>
      ) : item.warning ? (
        <p className="px-2 pt-1 text-[11px] text-amber-700 dark:text-amber-400" data-testid="input-warning">
          {item.warning}
        </p>
      ) : null}
      {grouped ? (
        <button
          type="button"
          className="mx-2 mt-1 rounded px-1 text-[11px] text-accent-600 hover:underline dark:text-accent-500"
          title="Build this screenshot as a page of its own"
          onClick={() => {
            grouping.separate(item.key);
          }}
        >
          Separate page
        </button>
      ) : targets.length > 0 ? (
        <label className="mx-2 mt-1 flex flex-col text-[11px] text-zinc-500">
          <span className="sr-only">Page of {item.name}</span>
          <select
            className="w-full rounded border border-zinc-200 bg-white px-1 py-0.5 text-[11px] text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
            value=""
            title="Is this screenshot the same page as another at a different width?"
            onChange={(e) => {
              if (e.target.value) grouping.join(item.key, e.target.value);
            }}
          >
            <option value="">Its own page</option>
            {targets.map((t) => (
              <option key={t.with} value={t.with}>
                Same page as {t.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="h-1.5" />
      <button
        type="button"
        aria-label={`Remove ${item.name}`}
        className="absolute top-1 right-1 rounded-full bg-zinc-900/70 p-1 text-white opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
        onClick={() => {
          tray.remove(item.key);
        }}
      >
        <Icon name="close" className="size-3.5" />
      </button>
    </li>
  );
}
