import type { InputItem, InputTray } from "../../hooks/useInputTray";
import type { ThumbInput } from "../../lib/inputThumb";
import { Icon } from "../common/Icon";
import { InputThumbView } from "./InputThumbView";

function thumbInput(item: InputItem): ThumbInput {
  switch (item.kind) {
    case "video":
      return { kind: "video", videoUrl: item.videoUrl ?? null, durationS: null };
    case "figma":
      return { kind: "figma", previewUrl: item.previewUrl, label: item.source.type === "figma" ? `node ${item.source.nodeId}` : "" };
    case "image":
      return { kind: "image", previewUrl: item.previewUrl, url: item.source.type === "url" };
  }
}

export function InputTrayView({ tray }: { tray: InputTray }) {
  if (tray.items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Inputs" data-testid="input-tray">
      {tray.items.map((item) => (
        <li key={item.key} className="group relative w-32 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
          <InputThumbView input={thumbInput(item)} />
          <p className="truncate px-2 py-1 text-xs text-zinc-600 dark:text-zinc-300" title={item.name}>
            {item.name}
          </p>
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
