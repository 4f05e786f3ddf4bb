import { useRef, useState, type ChangeEvent, type DragEvent } from "react";
import { open } from "@tauri-apps/plugin-dialog";
import type { InputTray } from "../hooks/useInputTray";
import { Icon } from "./common/Icon";

const EXTENSIONS = ["png", "jpg", "jpeg", "webp", "mp4", "webm", "mov"];

interface Props {
  tray: InputTray;
  /** Files are being dragged over the window (Tauri's drop). */
  hovering: boolean;
}

export function DropZone({ tray, hovering }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    tray.addFiles(Array.from(event.target.files ?? []));
    // Let the same file be picked again after a rejection.
    event.target.value = "";
  }

  async function browse() {
    try {
      const picked = await open({ multiple: true, directory: false, filters: [{ name: "Screenshots or a video", extensions: EXTENSIONS }] });
      if (picked) tray.addPaths(Array.isArray(picked) ? picked : [picked]);
    } catch {
      // No native dialog (a plain browser): the HTML file picker does the job.
      inputRef.current?.click();
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragOver(false);
    tray.addFiles(Array.from(e.dataTransfer.files));
  }

  const active = hovering || dragOver;
  const compact = tray.items.length > 0;
  return (
    <div className="w-full">
      <div
        className={`flex items-center gap-4 rounded-2xl border-2 border-dashed text-center transition-colors ${compact ? "flex-row px-5 py-3" : "flex-col px-8 py-10"} ${
          active ? "border-accent-500 bg-accent-500/5" : "border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
        }`}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => {
          setDragOver(false);
        }}
        onDrop={onDrop}
      >
        <Icon name="upload" className={`${compact ? "size-6" : "size-10"} text-zinc-400`} />
        <div className={compact ? "flex-1 text-left" : ""}>
          <p className="font-medium">{compact ? "Drop or paste more screenshots" : "Drop 1–5 screenshots or one screen recording"}</p>
          <p className="mt-1 text-sm text-zinc-500">PNG, JPEG or WebP up to 20 MB · MP4, WebM or MOV up to 200 MB · <span className="whitespace-nowrap">or paste with Ctrl/⌘+V</span></p>
        </div>
        <button
          type="button"
          className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          onClick={() => void browse()}
        >
          Browse…
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp,video/mp4,video/webm,video/quicktime"
          className="hidden"
          data-testid="file-input"
          onChange={onPick}
        />
      </div>
      <SelectionMessage tray={tray} />
    </div>
  );
}

function SelectionMessage({ tray }: { tray: InputTray }) {
  if (tray.message) {
    return (
      <p className="mt-2 text-sm text-red-600" role="alert" data-testid="selection-message">
        {tray.message}
      </p>
    );
  }
  const { items } = tray;
  if (items.length === 0) return null;
  const video = items[0]?.kind === "video";
  return (
    <p className="sr-only" data-testid="selection-message" aria-live="polite">
      {video ? `Video ready: ${items[0]?.name ?? ""}` : `${items.length === 1 ? "1 screenshot ready" : `${items.length} screenshots ready`}: ${items.map((f) => f.name).join(", ")}`}
    </p>
  );
}
