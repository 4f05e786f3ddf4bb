import { useState } from "react";
import { thumbFor, type ThumbInput } from "../../lib/inputThumb";
import { Icon } from "../common/Icon";

/** One input's thumbnail: its picture, a video's first frame with its length, or its kind's icon. */
export function InputThumbView({ input }: { input: ThumbInput }) {
  const [duration, setDuration] = useState<number | null>(null);
  const thumb = thumbFor(input.kind === "video" ? { ...input, durationS: input.durationS ?? duration } : input);
  return (
    <div className="relative flex aspect-[4/3] items-center justify-center bg-zinc-100 dark:bg-zinc-800" data-testid="input-thumb" data-kind={input.kind}>
      {thumb.show === "image" ? (
        <img src={thumb.src} alt="" className="size-full object-cover object-left-top" />
      ) : thumb.show === "video" ? (
        // preload="metadata" paints the first frame and gives the length, without playing.
        <video
          src={thumb.src}
          preload="metadata"
          muted
          className="size-full object-cover"
          onLoadedMetadata={(e) => {
            setDuration(e.currentTarget.duration);
          }}
        />
      ) : (
        <div className="flex flex-col items-center gap-1 px-2 text-center">
          <Icon name={thumb.icon} className="size-8 text-zinc-400" />
          {thumb.caption ? <span className="line-clamp-2 text-[10px] text-zinc-500">{thumb.caption}</span> : null}
        </div>
      )}
      {"badge" in thumb && thumb.badge ? (
        <span className="absolute bottom-1 left-1 rounded bg-zinc-900/70 px-1.5 py-0.5 text-[10px] font-medium text-white" data-testid="input-badge">
          {thumb.badge}
        </span>
      ) : null}
    </div>
  );
}
