import type { InputItem, InputTray } from "../../hooks/useInputTray";
import type { ThumbInput } from "../../lib/inputThumb";
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

export function InputTrayView({ tray }: { tray: InputTray }) {
  if (tray.items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Inputs" data-testid="input-tray">
      {tray.items.map((item) => (
        <li
          key={item.key}
          className={`group relative overflow-hidden rounded-xl border bg-white shadow-xs dark:bg-zinc-900 ${item.kind === "figma" ? "w-64" : "w-32"} ${
            item.problem ? "border-red-300 dark:border-red-800" : "border-zinc-200 dark:border-zinc-800"
          }`}
          data-testid="input-item"
        >
          <InputThumbView input={thumbInput(item)} />
          <p className="truncate px-2 pt-1 text-xs font-medium text-zinc-700 dark:text-zinc-200" title={item.name}>
            {item.name}
          </p>
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
          <div className="h-1" />
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
      ))}
    </ul>
  );
}
