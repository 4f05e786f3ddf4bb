// The trim panel's picture: a filmstrip of the recording with the part that is cut away dimmed,
// the frame at the playhead large, and Play, which plays the kept part at its real pace (from
// small frames the app made: no video codec needed in the webview).
import { useEffect, useState } from "react";
import type { RecordingFrame } from "../../ipc/capture";
import { filmstrip, frameAt, seconds, type Trim } from "../../lib/capture";
import { Icon } from "../common/Icon";

const STRIP = 10;
const TICK_MS = 100;

interface Props {
  frames: RecordingFrame[] | null;
  duration: number;
  trim: Trim;
  /** The handle moved last: its frame is shown while not playing. */
  focus: "start" | "end";
}

export function TrimPreview({ frames, duration, trim, focus }: Props) {
  const [playhead, setPlayhead] = useState<number | null>(null);
  const playing = playhead !== null;
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => {
      setPlayhead((p) => {
        if (p === null) return null;
        const next = p + TICK_MS;
        return next >= trim.end ? null : next;
      });
    }, TICK_MS);
    return () => {
      clearInterval(id);
    };
  }, [playing, trim.end]);

  // Moving a handle stops the playback: what is shown is that handle's frame.
  const [trimSeen, setTrimSeen] = useState(trim);
  if (trimSeen.start !== trim.start || trimSeen.end !== trim.end) {
    setTrimSeen(trim);
    setPlayhead(null);
  }

  const at = playhead ?? (focus === "start" ? trim.start : Math.max(trim.start, trim.end - 1));
  const shown = frames ? frameAt(frames, at) : null;
  const total = Math.max(1, duration);
  return (
    <div className="flex flex-col gap-2" data-testid="trim-preview">
      <div className="relative flex aspect-video max-h-[32vh] items-center justify-center overflow-hidden rounded-lg bg-zinc-900">
        {shown ? <img src={shown.data_url} alt={`The recording at ${seconds(at)}`} className="max-h-full max-w-full object-contain" data-testid="trim-frame" data-at={shown.at_ms} /> : <span className="text-xs text-zinc-400">{frames ? "No frames" : "Loading the frames…"}</span>}
        <button
          type="button"
          className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-white/90 px-2 py-1 text-xs font-medium text-zinc-900 shadow hover:bg-white disabled:opacity-50"
          disabled={!frames || frames.length === 0}
          aria-label={playing ? "Stop playing" : "Play the kept part"}
          data-testid="trim-play"
          onClick={() => {
            setPlayhead(playing ? null : trim.start);
          }}
        >
          {playing ? <Icon name="stop" className="size-3.5" /> : <span aria-hidden="true">▶</span>}
          {playing ? "Stop" : "Play selection"}
        </button>
        <span className="absolute right-2 bottom-2 rounded bg-black/60 px-1.5 py-0.5 font-mono text-[11px] text-white tabular-nums">{seconds(at)}</span>
      </div>
      <div className="relative flex h-10 overflow-hidden rounded-md bg-zinc-200 dark:bg-zinc-800" data-testid="filmstrip" aria-hidden="true">
        {frames ? filmstrip(frames, STRIP).map((f) => <img key={f.at_ms} src={f.data_url} alt="" className="h-full min-w-0 flex-1 object-cover" />) : null}
        <div className="absolute inset-y-0 left-0 bg-zinc-950/60" style={{ width: `${String((trim.start / total) * 100)}%` }} />
        <div className="absolute inset-y-0 right-0 bg-zinc-950/60" style={{ width: `${String(((total - trim.end) / total) * 100)}%` }} />
        <div className="absolute inset-y-0 rounded-sm border-2 border-accent-500" style={{ left: `${String((trim.start / total) * 100)}%`, right: `${String(((total - trim.end) / total) * 100)}%` }} />
        {playing ? <div className="absolute inset-y-0 w-0.5 bg-white" style={{ left: `${String((at / total) * 100)}%` }} /> : null}
      </div>
    </div>
  );
}
