import type { Stack } from "../../ipc";
import { useKeyStatuses } from "../../hooks/useKeyStatuses";
import { imageGenerationBlocked } from "../../lib/imageGeneration";
import { MAX_FIDELITY_ROUNDS, MAX_VARIANTS, PICKABLE_STACKS, THEMES, type Draft, type FieldErrors } from "../../lib/settingsForm";
import { Field, inputClass, SectionTitle, Toggle } from "./fields";

export interface SectionProps {
  draft: Draft;
  errors: FieldErrors;
  change: (update: (d: Draft) => void) => void;
}

export function GenerationSection({ draft, errors, change }: SectionProps) {
  // Read when the tab opens, so a key just saved under "API keys" counts.
  const imagesBlocked = imageGenerationBlocked(useKeyStatuses());
  const count = Math.min(Math.max(Number(draft.variantCount) || 1, 1), MAX_VARIANTS);
  return (
    <section className="flex flex-col gap-4">
      <SectionTitle title="Generation" description="What a new page starts with. You can change each of these per generation." />
      <Field id="default-stack" label="Default stack">
        <select
          id="default-stack"
          className={inputClass}
          value={draft.defaultStack}
          onChange={(e) => {
            change((d) => (d.defaultStack = e.target.value as Stack));
          }}
        >
          {PICKABLE_STACKS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="variant-count" label="Variants" hint={`How many agents write the page side by side (1–${MAX_VARIANTS}).`} error={errors.variantCount}>
        <input
          id="variant-count"
          type="number"
          min={1}
          max={MAX_VARIANTS}
          className={`${inputClass} w-24`}
          aria-invalid={errors.variantCount ? true : undefined}
          value={draft.variantCount}
          onChange={(e) => {
            change((d) => (d.variantCount = e.target.value));
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {Array.from({ length: count }, (_, i) => (
          <Field key={i} id={`variant-model-${i}`} label={`Option ${i + 1} model`}>
            <input
              id={`variant-model-${i}`}
              className={inputClass}
              placeholder="Automatic"
              value={draft.models[i] === "auto" ? "" : (draft.models[i] ?? "")}
              onChange={(e) => {
                change((d) => (d.models[i] = e.target.value));
              }}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <Toggle
          id="budget-enabled"
          label="Limit spending per variant"
          hint="A variant that reaches the limit stops with a clear message."
          checked={draft.budgetEnabled}
          onChange={(v) => {
            change((d) => (d.budgetEnabled = v));
          }}
        />
        {draft.budgetEnabled ? (
          <Field id="budget" label="Budget per variant (US$)" error={errors.budget}>
            <input
              id="budget"
              type="number"
              step="0.05"
              min="0"
              className={`${inputClass} w-32`}
              aria-invalid={errors.budget ? true : undefined}
              value={draft.budget}
              onChange={(e) => {
                change((d) => (d.budget = e.target.value));
              }}
            />
          </Field>
        ) : null}
      </div>
      <Field id="fidelity-rounds" label="Fidelity rounds" hint="Rounds of comparing the page with the screenshot and fixing what differs; 0 turns it off." error={errors.fidelityRounds}>
        <input
          id="fidelity-rounds"
          type="number"
          min={0}
          max={MAX_FIDELITY_ROUNDS}
          step={1}
          className={`${inputClass} w-24`}
          aria-invalid={errors.fidelityRounds ? true : undefined}
          value={draft.fidelityRounds}
          onChange={(e) => {
            change((d) => (d.fidelityRounds = e.target.value));
          }}
        />
      </Field>
      <Toggle
        id="image-generation"
        label="Generate images"
        hint="Agents may create images for the page instead of placeholders."
        checked={draft.imageGeneration}
        disabledReason={imagesBlocked}
        onChange={(v) => {
          change((d) => (d.imageGeneration = v));
        }}
      />
      <Toggle
        id="asset-extraction"
        label="Extract assets from screenshots"
        hint="Crop logos and pictures out of the screenshot (needs a Gemini key)."
        checked={draft.assetExtraction}
        onChange={(v) => {
          change((d) => (d.assetExtraction = v));
        }}
      />
      <Field
        id="fallbacks"
        label="Fallback models"
        hint="When a model stays overloaded, a variant switches once to its fallback. One per line: model -> fallback (e.g. claude-opus-4-5 -> gpt-5.1, or anthropic -> gemini-3-pro-preview)."
        error={errors.fallbacks}
      >
        <textarea
          id="fallbacks"
          rows={3}
          className={inputClass + " font-mono"}
          value={draft.fallbacks}
          onChange={(e) => {
            change((d) => (d.fallbacks = e.target.value));
          }}
        />
      </Field>
    </section>
  );
}

export function AppearanceSection({ draft, change, chromiumFound }: SectionProps & { chromiumFound: string | null }) {
  return (
    <section className="flex flex-col gap-4">
      <SectionTitle title="Appearance and tools" description="How the app looks, and the browser it uses for preview screenshots." />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Theme</legend>
        <div className="flex gap-2">
          {THEMES.map((t) => (
            <label
              key={t.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-accent-500 has-checked:bg-accent-500/10 dark:border-zinc-700"
            >
              <input
                type="radio"
                name="theme"
                value={t.id}
                className="accent-accent-600"
                checked={draft.theme === t.id}
                onChange={() => {
                  change((d) => (d.theme = t.id));
                }}
              />
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id="chromium-path"
        label="Chromium path"
        hint={chromiumFound ? `Leave empty to use the one found at ${chromiumFound}` : "No Chromium or Chrome was found on this machine; enter its path to enable preview screenshots."}
      >
        <input
          id="chromium-path"
          className={inputClass}
          placeholder={chromiumFound ?? "/path/to/chromium"}
          value={draft.chromiumPath}
          onChange={(e) => {
            change((d) => (d.chromiumPath = e.target.value));
          }}
        />
      </Field>
    </section>
  );
}
