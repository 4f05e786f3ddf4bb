// Settings → Publishing: a token per service (saved to the keychain at once, with Test), and
// the Cloudflare account Pages projects go to (part of the settings, saved with them).
import type { Draft, FieldErrors } from "../../lib/settingsForm";
import { Field, inputClass } from "./fields";
import { KeysSection } from "./KeysSection";

interface Props {
  draft: Draft;
  errors: FieldErrors;
  change: (update: (d: Draft) => void) => void;
}

export function PublishingSection({ draft, errors, change }: Props) {
  return (
    <div className="flex flex-col gap-6">
      <KeysSection publishing />
      <Field
        id="cloudflare-account"
        label="Cloudflare account ID"
        hint="Only when your Cloudflare token reaches several accounts: the ID on the right of the Cloudflare dashboard's overview."
        error={errors["publishing.cloudflareAccountId"]}
      >
        <input
          id="cloudflare-account"
          className={inputClass}
          placeholder="The only account of the token"
          spellCheck={false}
          aria-invalid={errors["publishing.cloudflareAccountId"] ? true : undefined}
          value={draft.cloudflareAccountId}
          onChange={(e) => {
            change((d) => (d.cloudflareAccountId = e.target.value));
          }}
        />
      </Field>
    </div>
  );
}
