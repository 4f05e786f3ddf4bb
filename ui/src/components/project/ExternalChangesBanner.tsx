import { Icon } from "../common/Icon";

interface Props {
  paths: string[];
  error: string | null;
  onKeep: () => void;
  onDiscard: () => void;
}

export function ExternalChangesBanner({ paths, error, onKeep, onDiscard }: Props) {
  if (paths.length === 0) return null;
  return (
    <div role="alert" className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="external-changes">
      <Icon name="warning" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">
        {paths.length === 1 ? "1 file was" : `${paths.length} files were`} changed outside the app: {paths.join(", ")}
        {error ? <span className="ml-2 text-red-600">{error}</span> : null}
      </span>
      <button type="button" className="rounded-md bg-amber-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-amber-500" onClick={onKeep}>
        Keep as a version
      </button>
      <button type="button" className="rounded-md px-2.5 py-1 text-xs font-medium hover:bg-amber-100 dark:hover:bg-amber-900" onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}
