import type { DesignSystem, ModelOption, Stack } from "../../ipc";
import { MAX_VARIANTS, PICKABLE_STACKS } from "../../lib/settingsForm";
import { inputClass } from "../settings/fields";

export interface GenerateChoices {
  stack: Stack;
  count: number;
  /** One per possible variant; "auto" lets the core choose. */
  models: string[];
  designSystem: string;
  extractAssets: boolean;
  generateImages: boolean;
}

interface Props {
  choices: GenerateChoices;
  models: ModelOption[];
  designSystems: DesignSystem[];
  /** Why image generation cannot be used (no Replicate key), or null. */
  imageGenerationBlocked?: string | null;
  /** Why asset extraction cannot be used (no Gemini key), or null. */
  assetExtractionBlocked?: string | null;
  onChange: (next: GenerateChoices) => void;
}

const labelClass = "text-xs font-medium text-zinc-500 dark:text-zinc-400";

export function GenerateOptions({ choices, models, designSystems, imageGenerationBlocked = null, assetExtractionBlocked = null, onChange }: Props) {
  const set = (patch: Partial<GenerateChoices>) => {
    onChange({ ...choices, ...patch });
  };
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor="gen-stack" className={labelClass}>
          Stack
        </label>
        <select
          id="gen-stack"
          className={inputClass}
          value={choices.stack}
          onChange={(e) => {
            set({ stack: e.target.value as Stack });
          }}
        >
          {PICKABLE_STACKS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <span className={labelClass} id="gen-count-label">
          Variants
        </span>
        <div role="radiogroup" aria-labelledby="gen-count-label" className="flex gap-1">
          {Array.from({ length: MAX_VARIANTS }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={choices.count === n}
              className="h-8 flex-1 rounded-lg border border-zinc-300 text-sm hover:bg-zinc-50 aria-checked:border-accent-500 aria-checked:bg-accent-500/10 aria-checked:font-semibold aria-checked:text-accent-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
              onClick={() => {
                set({ count: n });
              }}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 md:col-span-2">
        {Array.from({ length: choices.count }, (_, i) => (
          <div key={i} className="flex flex-col gap-1">
            <label htmlFor={`gen-model-${i}`} className={labelClass}>
              Option {i + 1} model
            </label>
            <select
              id={`gen-model-${i}`}
              className={inputClass}
              value={choices.models[i] ?? "auto"}
              onChange={(e) => {
                const next = [...choices.models];
                next[i] = e.target.value;
                set({ models: next });
              }}
            >
              <option value="auto">Auto</option>
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                  {m.vision ? "" : " (text only)"}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="gen-design" className={labelClass}>
          Design system
        </label>
        <select
          id="gen-design"
          className={inputClass}
          value={choices.designSystem}
          onChange={(e) => {
            set({ designSystem: e.target.value });
          }}
        >
          <option value="">None</option>
          {designSystems.map((d) => (
            <option key={d.name} value={d.name}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col justify-end gap-1.5">
        <label className={`flex items-center gap-2 text-sm ${assetExtractionBlocked ? "cursor-not-allowed text-zinc-400 dark:text-zinc-500" : ""}`}>
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={choices.extractAssets && !assetExtractionBlocked}
            disabled={assetExtractionBlocked !== null}
            aria-describedby={assetExtractionBlocked ? "gen-assets-reason" : undefined}
            onChange={(e) => {
              set({ extractAssets: e.target.checked });
            }}
          />
          Extract assets from the screenshots
        </label>
        {assetExtractionBlocked ? (
          <p id="gen-assets-reason" className="pl-6 text-xs text-zinc-500 dark:text-zinc-400">
            {assetExtractionBlocked}
          </p>
        ) : null}
        <label className={`flex items-center gap-2 text-sm ${imageGenerationBlocked ? "cursor-not-allowed text-zinc-400 dark:text-zinc-500" : ""}`}>
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={choices.generateImages && !imageGenerationBlocked}
            disabled={imageGenerationBlocked !== null}
            aria-describedby={imageGenerationBlocked ? "gen-images-reason" : undefined}
            onChange={(e) => {
              set({ generateImages: e.target.checked });
            }}
          />
          Generate images
        </label>
        {imageGenerationBlocked ? (
          <p id="gen-images-reason" className="pl-6 text-xs text-zinc-500 dark:text-zinc-400">
            {imageGenerationBlocked}
          </p>
        ) : null}
      </div>
    </div>
  );
}
