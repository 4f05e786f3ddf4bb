// "Tell the AI what to change": Enter sends, Shift+Enter breaks the line. Reference images
// come from paste or the file dialog; the element picked in the preview rides along.
import { useRef, useState } from "react";
import { open } from "@tauri-apps/plugin-dialog";
import { errorMessage, type ElementSelection, type InputInfo } from "../../ipc";
import { projectAddInput, projectAddInputData } from "../../ipc/projects";
import { fileToBase64 } from "../../lib/fileData";
import { Icon } from "../common/Icon";
import { CaptureControls } from "../capture/CaptureControls";

export interface UpdateRequest {
  text: string;
  selection: ElementSelection | null;
  referenceIds: number[];
}

interface Props {
  projectId: string;
  disabled: boolean;
  disabledReason: string | null;
  selectMode: boolean;
  selection: ElementSelection | null;
  onToggleSelect: () => void;
  onClearSelection: () => void;
  onSend: (request: UpdateRequest) => Promise<boolean>;
  /** The version on screen is not the working copy: the change branches from it. */
  branch?: { text: string; current: string; onGoToCurrent: () => void } | null;
  /**
   * Keep the note line above the box, with this when there is nothing else to say: while a
   * designer clicks between the options of a version, the notes come and go (a branch, a held
   * change), and a box that changed height would change the preview's.
   */
  steadyNote?: string | null;
}

/** The note above the box: one line of one height whatever it says. */
const NOTE_LINE = "mb-2 flex h-4 items-center gap-x-2 text-xs whitespace-nowrap";

interface Reference {
  info: InputInfo;
  name: string;
  url: string | null;
}

export function PromptBox({ projectId, disabled, disabledReason, selectMode, selection, onToggleSelect, onClearSelection, onSend, branch = null, steadyNote = null }: Props) {
  const [text, setText] = useState("");
  const [refs, setRefs] = useState<Reference[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  async function addPaths() {
    let picked: string | string[] | null;
    try {
      picked = await open({ multiple: true, filters: [{ name: "Images", extensions: ["png", "jpg", "jpeg", "webp"] }] });
    } catch (e) {
      setError(errorMessage(e));
      return;
    }
    for (const path of picked ? (Array.isArray(picked) ? picked : [picked]) : []) {
      const r = await projectAddInput(projectId, path);
      if (r.status === "ok") setRefs((list) => [...list, { info: r.data, name: path.split(/[\\/]/).pop() ?? path, url: null }]);
      else setError(errorMessage(r.error));
    }
  }

  async function addCapture(path: string, name: string) {
    const r = await projectAddInput(projectId, path);
    if (r.status === "ok") setRefs((list) => [...list, { info: r.data, name, url: null }]);
    else setError(errorMessage(r.error));
  }

  async function addFile(file: File) {
    const r = await projectAddInputData(projectId, file.name || "pasted.png", await fileToBase64(file));
    if (r.status === "ok") setRefs((list) => [...list, { info: r.data, name: file.name || "pasted image", url: URL.createObjectURL(file) }]);
    else setError(errorMessage(r.error));
  }

  // The box always takes text: the next change can be written while an option works.
  const held = disabled && disabledReason !== null && text.trim() !== "";

  async function send() {
    const trimmed = text.trim();
    if (!trimmed || disabled || sending) return;
    setSending(true);
    setError(null);
    const ok = await onSend({ text: trimmed, selection, referenceIds: refs.map((r) => r.info.id) });
    setSending(false);
    if (ok) {
      setText("");
      setRefs([]);
    }
  }

  return (
    <div className="border-t border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      {/* One line, never wrapped: the held change, else the branch, else the steady note. */}
      {held ? (
        <p role="status" data-testid="prompt-held" className={`${NOTE_LINE} text-zinc-500`}>
          <span className="min-w-0 truncate">{disabledReason}. Your text stays here until then.</span>
        </p>
      ) : branch ? (
        <p className={`${NOTE_LINE} text-amber-800 dark:text-amber-300`} data-testid="branch-note">
          <Icon name="restore" className="size-3.5 shrink-0" />
          <span className="min-w-0 truncate">
            {branch.text} — the working copy is {branch.current}.
          </span>
          <button type="button" className="shrink-0 font-medium underline underline-offset-2 hover:text-amber-950 dark:hover:text-amber-100" onClick={branch.onGoToCurrent}>
            Go to {branch.current}
          </button>
        </p>
      ) : steadyNote !== null ? (
        <p className={`${NOTE_LINE} text-zinc-500`} data-testid="prompt-note">
          <span className="min-w-0 truncate">{steadyNote}</span>
        </p>
      ) : null}
      {selection || refs.length > 0 ? (
        <div className="mb-2 flex flex-wrap items-center gap-2">
          {selection ? (
            <span className="inline-flex max-w-md items-center gap-1 rounded-md bg-accent-500/10 px-2 py-0.5 font-mono text-xs text-accent-600" data-testid="selected-element">
              <Icon name="cursor" className="size-3.5" />
              <span className="truncate" title={selection.html}>
                {selection.selector}
              </span>
              <button type="button" aria-label="Clear the selected element" onClick={onClearSelection}>
                <Icon name="close" className="size-3" />
              </button>
            </span>
          ) : null}
          {refs.map((r) => (
            <span key={r.info.id} className="inline-flex items-center gap-1 rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">
              {r.url ? <img src={r.url} alt="" className="size-5 rounded object-cover" /> : <Icon name="photo" className="size-3.5" />}
              {r.name}
              <button type="button" aria-label={`Remove ${r.name}`} onClick={() => {
                setRefs((list) => list.filter((x) => x !== r));
              }}>
                <Icon name="close" className="size-3" />
              </button>
            </span>
          ))}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <button
          type="button"
          aria-pressed={selectMode}
          title="Select an element in the preview"
          aria-label="Select an element in the preview"
          className="rounded-lg p-2 text-zinc-500 hover:bg-zinc-100 aria-pressed:bg-accent-500/15 aria-pressed:text-accent-600 dark:hover:bg-zinc-800"
          onClick={onToggleSelect}
        >
          <Icon name="cursor" className="size-5" />
        </button>
        <button type="button" title="Add a reference image" aria-label="Add a reference image" className="rounded-lg p-2 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800" onClick={() => void addPaths()}>
          <Icon name="photo" className="size-5" />
        </button>
        <CaptureControls
          compact
          allowRecording={false}
          onInput={(input) => {
            void addCapture(input.path, input.file_name);
          }}
        />
        <textarea
          ref={area}
          rows={1}
          aria-label="Tell the AI what to change"
          placeholder={disabledReason ?? "Tell the AI what to change"}
          className="max-h-40 min-h-9 min-w-0 flex-1 resize-none rounded-lg placeholder:truncate border border-zinc-300 bg-white px-3 py-2 text-sm outline-none select-text focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // Grow with the text; the height set is the border box's (scrollHeight leaves out the
            // borders, and a box 2 px short of its one line moved everything above it).
            const box = e.target;
            box.style.height = "auto";
            box.style.height = `${String(Math.min(box.scrollHeight + box.offsetHeight - box.clientHeight, 160))}px`;
          }}
          onPaste={(e) => {
            const images = Array.from(e.clipboardData.files).filter((f) => f.type.startsWith("image/"));
            if (images.length === 0) return;
            e.preventDefault();
            for (const f of images) void addFile(f);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <button
          type="button"
          aria-label="Send"
          title={disabledReason ?? undefined}
          className="rounded-lg bg-accent-600 p-2 text-white shadow-sm hover:bg-accent-500 disabled:opacity-40"
          disabled={disabled || sending || !text.trim()}
          onClick={() => void send()}
        >
          <Icon name="send" className="size-5" />
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
