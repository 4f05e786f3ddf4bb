// The selected variant, large: Desktop / Mobile / Code, with the screenshot shown until the
// first code arrives.
import type { ComponentProps, ReactNode } from "react";
import type { ElementSelection, VersionInfo } from "../../ipc";
import type { VariantDisplay } from "../../lib/variantDisplay";
import { Icon, type IconName } from "../common/Icon";
import { CodePanel } from "./CodePanel";
import { PreviewFrame } from "./PreviewFrame";
import { variantFailureHeadline } from "../../lib/failureHelp";

export type StageTab = "desktop" | "mobile" | "code";
const TABS: { id: StageTab; label: string; icon: IconName }[] = [
  { id: "desktop", label: "Desktop", icon: "desktop" },
  { id: "mobile", label: "Mobile", icon: "mobile" },
  { id: "code", label: "Code", icon: "code" },
];

interface Props {
  projectId: string;
  versionId: number | null;
  variant: VariantDisplay | null;
  tab: StageTab;
  onTab: (tab: StageTab) => void;
  inputPreview: string | null;
  selectMode: boolean;
  onSelectElement: (selection: ElementSelection) => void;
  edit?: ComponentProps<typeof PreviewFrame>["edit"];
  onSaved: (version: VersionInfo) => void;
  onMessage: (text: string, error?: boolean) => void;
  actions: ReactNode;
}

export function VariantStage({ projectId, versionId, variant, tab, onTab, inputPreview, selectMode, onSelectElement, edit = null, onSaved, onMessage, actions }: Props) {
  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Selected variant">
      <div className="flex items-center gap-2 px-3 py-2">
        <div role="tablist" aria-label="View" className="flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium text-zinc-500 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-xs dark:aria-selected:bg-zinc-700 dark:aria-selected:text-white"
              onClick={() => {
                onTab(t.id);
              }}
            >
              <Icon name={t.icon} className="size-3.5" /> {t.label}
            </button>
          ))}
        </div>
        <div className="ml-auto flex items-center gap-1">{actions}</div>
      </div>
      <div className="min-h-0 flex-1 px-3 pb-3">
        <div className="relative size-full overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900">
          {!variant ? (
            <p className="p-6 text-sm text-zinc-500">Nothing to show for this version.</p>
          ) : tab === "code" ? (
            <div className="size-full bg-white dark:bg-zinc-950">
              <CodePanel projectId={projectId} versionId={versionId} variant={variant} onSaved={onSaved} onMessage={onMessage} />
            </div>
          ) : !variant.hasCode ? (
            <Waiting variant={variant} inputPreview={inputPreview} />
          ) : (
            <div className={`relative flex size-full justify-center ${tab === "mobile" ? "py-4" : ""}`}>
              {edit && edit.targets.length === 0 ? (
                <p className="pointer-events-none absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-zinc-900/85 px-3 py-1 text-xs text-white shadow" role="status">
                  Click an element to edit it · Shift-click adds · double-click edits text
                </p>
              ) : null}
              {selectMode ? (
                <p className="pointer-events-none absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-zinc-900/85 px-3 py-1 text-xs text-white shadow" role="status">
                  Click an element to select it · Esc to stop
                </p>
              ) : null}
              <PreviewFrame
                url={variant.previewUrl}
                revision={variant.revision}
                title={`Option ${variant.index + 1} preview`}
                selectMode={selectMode}
                onSelect={onSelectElement}
                edit={edit}
                className={tab === "mobile" ? "h-full w-[390px] overflow-hidden rounded-[28px] border-8 border-zinc-800 shadow-xl" : "size-full"}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function Waiting({ variant, inputPreview }: { variant: VariantDisplay; inputPreview: string | null }) {
  const failed = variant.status === "error" || variant.status === "cancelled";
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 p-6">
      {inputPreview && !failed ? <img src={inputPreview} alt="The screenshot being rebuilt" className="max-h-[80%] max-w-full rounded-lg object-contain opacity-60 shadow" /> : null}
      <p className={`text-sm ${failed ? "text-red-600" : "text-zinc-500"}`}>
        {variant.status === "error" ? stageFailure(variant) : variant.status === "cancelled" ? "Cancelled before any code was written." : "Waiting for the first code…"}
      </p>
    </div>
  );
}

/** A failed option in one line: the activity beside it says what to do, with the details. */
function stageFailure(variant: VariantDisplay): string {
  return variantFailureHeadline(variant.live?.error?.code ?? null, variant.provider);
}
