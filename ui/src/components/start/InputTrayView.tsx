import type { InputItem, InputTray } from "../../hooks/useInputTray";
import type { TrayGroups } from "../../hooks/useTrayGroups";
import type { TrayPages } from "../../hooks/useTrayPages";
import type { TrayPage } from "../../lib/pageNames";
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
 *  together, under the page's name and its widths ("Home: desktop 1440, mobile 390"). On a
 *  project stack (`pages`), each page's name can be edited, with its route beside it. */
export function InputTrayView({ tray, grouping = NO_GROUPS, pages = null }: { tray: InputTray; grouping?: TrayGroups; pages?: TrayPages | null }) {
  if (tray.items.length === 0) return null;
  const { groups } = grouping;
  const byKey = new Map(tray.items.map((i) => [i.key, i]));
  const shown = new Set<string>();
  const list = (
    <ul className="flex flex-wrap items-start gap-3" aria-label="Inputs" data-testid="input-tray">
      {tray.items.map((item) => {
        if (shown.has(item.key)) return null;
        const index = groups.findIndex((g) => g.includes(item.key));
        const group = groups[index];
        if (!group) {
          shown.add(item.key);
          return <ItemCard key={item.key} item={item} tray={tray} grouping={grouping} grouped={false} pages={pages} />;
        }
        for (const k of group) shown.add(k);
        const members = group.flatMap((k) => byKey.get(k) ?? []);
        const page = pages?.pageOf(item.key);
        const name =
          page?.name ??
          pageName(
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
            {page && pages ? <PageNameField page={page} pages={pages} of={members[0]?.name ?? label} className="px-1 pb-2" /> : null}
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
  if (!pages) return list;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-zinc-500" data-testid="pages-hint">
        Each screenshot is a page of one site. Name the pages; the address of each follows its name.
      </p>
      {list}
    </div>
  );
}

/** A page's name, edited in place, and its address in the site. */
function PageNameField({ page, pages, of, className = "" }: { page: TrayPage; pages: TrayPages; of: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-0.5 ${className}`} data-testid="page-name">
      <span className="text-[10px] font-medium tracking-wide text-zinc-500 uppercase" aria-hidden>
        Page name
      </span>
      <input
        type="text"
        aria-label={`Page name of ${of}`}
        value={pages.typed(page.key) ?? page.defaultName}
        placeholder={page.defaultName}
        maxLength={60}
        spellCheck={false}
        className="w-full rounded-md border border-zinc-200 bg-white px-1.5 py-0.5 text-xs font-medium text-zinc-800 focus:border-accent-500 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        onChange={(e) => {
          pages.rename(page.key, e.target.value);
        }}
      />
      <p className="truncate text-[11px] text-zinc-500" title={page.route === "/" ? "The site opens on this page" : `The page's address in the site: ${page.route}`}>
        at <span className="font-mono text-zinc-700 dark:text-zinc-300" data-testid="page-route">{page.route}</span>
        {page.route === "/" ? " (home)" : ""}
      </p>
    </div>
  );
}

function ItemCard({ item, tray, grouping, grouped, pages = null }: { item: InputItem; tray: InputTray; grouping: TrayGroups; grouped: boolean; pages?: TrayPages | null }) {
  const width = grouping.widths.get(item.key) ?? null;
  const names = new Map(tray.items.map((i) => [i.key, i.name]));
  const targets = grouped || !width ? [] : joinTargets(item.key, grouping.groups, [...grouping.widths.keys()], grouping.widths, names);
  const note = width ? captureNote(width) : null;
  const page = grouped ? undefined : pages?.pageOf(item.key);
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
      {page && pages ? <PageNameField page={page} pages={pages} of={item.name} className="px-2 pt-1" /> : null}
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
