import { buttonClass, Field, inputClass, SectionTitle } from "./fields";
import type { SectionProps } from "./GeneralSection";

export function DesignSystemsSection({ draft, errors, change }: SectionProps) {
  return (
    <section className="flex flex-col gap-4">
      <SectionTitle
        title="Design systems"
        description="Named notes the agents follow when you pick them: colours, type scale, spacing, components."
      />
      {draft.designSystems.length === 0 ? <p className="text-sm text-zinc-500">No design systems yet.</p> : null}
      {draft.designSystems.map((ds, i) => (
        <div key={i} className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid={`design-system-${i}`}>
          <Field id={`ds-${i}-name`} label="Name" error={errors[`designSystems.${i}.name`]}>
            <input
              id={`ds-${i}-name`}
              className={inputClass}
              aria-invalid={errors[`designSystems.${i}.name`] ? true : undefined}
              value={ds.name}
              onChange={(e) => {
                change((d) => {
                  const target = d.designSystems[i];
                  if (target) target.name = e.target.value;
                });
              }}
            />
          </Field>
          <Field id={`ds-${i}-text`} label="Guidelines" error={errors[`designSystems.${i}.text`]}>
            <textarea
              id={`ds-${i}-text`}
              rows={5}
              className={`${inputClass} font-mono`}
              aria-invalid={errors[`designSystems.${i}.text`] ? true : undefined}
              value={ds.text}
              onChange={(e) => {
                change((d) => {
                  const target = d.designSystems[i];
                  if (target) target.text = e.target.value;
                });
              }}
            />
          </Field>
          <button
            type="button"
            className={`${buttonClass} self-end`}
            onClick={() => {
              change((d) => d.designSystems.splice(i, 1));
            }}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className={`${buttonClass} self-start`}
        onClick={() => {
          change((d) => d.designSystems.push({ name: "", text: "" }));
        }}
      >
        Add a design system
      </button>
    </section>
  );
}
