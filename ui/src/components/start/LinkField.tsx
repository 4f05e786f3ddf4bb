// A labelled one-line field for a link (a web page to capture, a Figma frame) with its Add
// button: Enter or Add puts it in the tray; emptying it clears what was said about it.
import { primaryButtonClass } from "../common/ui";
import { inputClass } from "../settings/fields";

interface Props {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onAdd: () => void;
}

export function LinkField({ id, label, hint, placeholder, value, onChange, onAdd }: Props) {
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd();
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="url"
          placeholder={placeholder}
          aria-describedby={`${id}-hint`}
          className={`${inputClass} select-text`}
          value={value}
          autoFocus
          onChange={(e) => {
            onChange(e.target.value);
          }}
        />
        <button type="submit" className={primaryButtonClass} disabled={!value.trim()}>
          Add
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        {hint}
      </p>
    </form>
  );
}
