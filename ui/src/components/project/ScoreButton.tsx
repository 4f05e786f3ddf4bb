// "Fidelity 97": how close the selected option came to the screenshot, and on demand the image
// that shows where it differs (screenshot | render | differences).
import { useState } from "react";
import { variantScoreDiff } from "../../ipc/generation";
import { formatScore } from "../../hooks/useScores";

export function ScoreButton({ projectId, variantId, total }: { projectId: string; variantId: number; total: number }) {
  const [diff, setDiff] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    if (diff) return;
    void variantScoreDiff(projectId, variantId).then((r) => {
      if (r.status === "ok") setDiff(r.data ?? null);
    });
  };
  return (
    <>
      <button
        type="button"
        data-testid="fidelity-score"
        title="How closely this option matches the screenshot (0–100). Click for the comparison."
        className="rounded-md px-2 py-1 text-xs font-medium text-emerald-700 hover:bg-emerald-50 dark:text-emerald-400 dark:hover:bg-emerald-950"
        onClick={show}
      >
        Fidelity {formatScore(total)}
      </button>
      {open ? (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Comparison with the screenshot"
          className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-6"
          onClick={() => {
            setOpen(false);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
        >
          <div className="max-h-full max-w-full overflow-auto rounded-xl bg-white p-3 shadow-xl dark:bg-zinc-900">
            <p className="mb-2 text-sm font-medium">Screenshot · this option · differences</p>
            {diff ? <img src={diff} alt="The screenshot, this option, and where they differ" className="max-w-[80vw]" /> : <p className="text-sm text-zinc-500">Loading…</p>}
          </div>
        </div>
      ) : null}
    </>
  );
}
