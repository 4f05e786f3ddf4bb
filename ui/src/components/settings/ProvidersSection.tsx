import { VENDOR_LABELS, VENDORS } from "../../lib/settingsForm";
import { buttonClass, Field, inputClass, SectionTitle } from "./fields";
import type { SectionProps } from "./GeneralSection";

export function ProvidersSection({ draft, errors, change }: SectionProps) {
  return (
    <section className="flex flex-col gap-6">
      <div>
        <SectionTitle
          title="Custom providers"
          description="Any OpenAI-compatible server: Ollama, LM Studio, OpenRouter, vLLM… Set its key, if it needs one, under API keys after saving."
        />
        <div className="flex flex-col gap-4">
          {draft.providers.map((p, i) => (
            <div key={i} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid={`provider-${i}`}>
              <div className="grid grid-cols-2 gap-3">
                <Field id={`provider-${i}-name`} label="Name" error={errors[`providers.${i}.name`]}>
                  <input
                    id={`provider-${i}-name`}
                    className={inputClass}
                    placeholder="ollama"
                    aria-invalid={errors[`providers.${i}.name`] ? true : undefined}
                    value={p.name}
                    onChange={(e) => {
                      change((d) => {
                        const target = d.providers[i];
                        if (target) target.name = e.target.value;
                      });
                    }}
                  />
                </Field>
                <Field id={`provider-${i}-url`} label="Base URL" error={errors[`providers.${i}.baseUrl`]}>
                  <input
                    id={`provider-${i}-url`}
                    className={inputClass}
                    placeholder="http://localhost:11434/v1"
                    aria-invalid={errors[`providers.${i}.baseUrl`] ? true : undefined}
                    value={p.baseUrl}
                    onChange={(e) => {
                      change((d) => {
                        const target = d.providers[i];
                        if (target) target.baseUrl = e.target.value;
                      });
                    }}
                  />
                </Field>
              </div>
              <div className="mt-3">
                <Field id={`provider-${i}-models`} label="Models" hint="Separated by commas." error={errors[`providers.${i}.models`]}>
                  <input
                    id={`provider-${i}-models`}
                    className={inputClass}
                    placeholder="llava, qwen2.5-vl"
                    aria-invalid={errors[`providers.${i}.models`] ? true : undefined}
                    value={p.models}
                    onChange={(e) => {
                      change((d) => {
                        const target = d.providers[i];
                        if (target) target.models = e.target.value;
                      });
                    }}
                  />
                </Field>
              </div>
              <div className="mt-3 flex items-center justify-between">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent-600"
                    checked={p.vision}
                    onChange={(e) => {
                      change((d) => {
                        const target = d.providers[i];
                        if (target) target.vision = e.target.checked;
                      });
                    }}
                  />
                  Models accept images (needed for screenshots)
                </label>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => {
                    change((d) => d.providers.splice(i, 1));
                  }}
                >
                  Remove
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className={`${buttonClass} self-start`}
            onClick={() => {
              change((d) => d.providers.push({ name: "", baseUrl: "", models: "", vision: true }));
            }}
          >
            Add a provider
          </button>
        </div>
      </div>
      <div>
        <SectionTitle title="Base URLs" description="Send a vendor's requests through a proxy or a regional endpoint. Leave empty for the vendor's own." />
        <div className="flex flex-col gap-3">
          {VENDORS.map((v) => (
            <Field key={v} id={`base-url-${v}`} label={VENDOR_LABELS[v]} error={errors[`baseUrls.${v}`]}>
              <input
                id={`base-url-${v}`}
                className={inputClass}
                placeholder="Default"
                aria-invalid={errors[`baseUrls.${v}`] ? true : undefined}
                value={draft.baseUrls[v]}
                onChange={(e) => {
                  change((d) => (d.baseUrls[v] = e.target.value));
                }}
              />
            </Field>
          ))}
        </div>
      </div>
    </section>
  );
}
