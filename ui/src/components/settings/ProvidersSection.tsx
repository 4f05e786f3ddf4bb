import { useState } from "react";
import { errorMessage } from "../../ipc";
import { providerFetchModels } from "../../ipc/settings";
import { PUBLISHING_VENDORS, urlProblem, VENDOR_LABELS, VENDORS, type Draft } from "../../lib/settingsForm";
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
              <div className="mt-3 flex items-end gap-2">
                <div className="flex-1">
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
                <FetchModels index={i} baseUrl={p.baseUrl} name={p.name} change={change} />
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
          {VENDORS.filter((v) => !PUBLISHING_VENDORS.includes(v)).map((v) => (
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

/** Fill a provider's models from its server's `GET /models`. */
function FetchModels({ index, baseUrl, name, change }: { index: number; baseUrl: string; name: string; change: SectionProps["change"] }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function fetchModels() {
    setState({ busy: true, error: null });
    const r = await providerFetchModels(baseUrl.trim(), name.trim() || null);
    if (r.status === "error") {
      setState({ busy: false, error: errorMessage(r.error) });
      return;
    }
    setState({ busy: false, error: r.data.length ? null : "The server listed no models" });
    if (r.data.length)
      change((d: Draft) => {
        const target = d.providers[index];
        if (target) target.models = r.data.join(", ");
      });
  }
  return (
    <div className="flex flex-col items-end gap-1 pb-5">
      <button type="button" className={buttonClass} disabled={state.busy || urlProblem(baseUrl) !== null} onClick={() => void fetchModels()}>
        {state.busy ? "Fetching…" : "Fetch models"}
      </button>
      {state.error ? (
        <p role="alert" className="max-w-48 text-right text-xs text-red-600">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
