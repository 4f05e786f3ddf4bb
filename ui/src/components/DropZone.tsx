import { useRef, useState, type ChangeEvent } from "react";
import { classifyInputFiles, type InputSelection } from "../lib/inputFiles";

export function DropZone() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [selection, setSelection] = useState<InputSelection<File> | null>(null);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    setSelection(classifyInputFiles(files));
    // Let the same file be picked again after a rejection.
    event.target.value = "";
  }

  return (
    <div className="w-full max-w-2xl">
      <div
        className="flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed border-zinc-300 bg-white px-8 py-14 text-center dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="drop-zone"
      >
        <svg viewBox="0 0 24 24" className="size-10 text-zinc-400" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5" />
        </svg>
        <div>
          <p className="font-medium">Drop 1–5 screenshots or one screen recording</p>
          <p className="mt-1 text-sm text-zinc-500">PNG, JPEG or WebP up to 20 MB · MP4, WebM or MOV</p>
        </div>
        <button
          type="button"
          className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          onClick={() => inputRef.current?.click()}
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
      <SelectionMessage selection={selection} />
    </div>
  );
}

function SelectionMessage({ selection }: { selection: InputSelection<File> | null }) {
  if (!selection) return null;
  switch (selection.kind) {
    case "rejected":
      return (
        <p className="mt-3 text-sm text-red-600" role="alert" data-testid="selection-message">
          {selection.reason}
        </p>
      );
    case "video":
      return (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-300" data-testid="selection-message">
          Video ready: {selection.file.name}
        </p>
      );
    case "screenshots":
      return (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-300" data-testid="selection-message">
          {selection.files.length === 1 ? "1 screenshot ready" : `${selection.files.length} screenshots ready`}:{" "}
          {selection.files.map((f) => f.name).join(", ")}
        </p>
      );
  }
}
