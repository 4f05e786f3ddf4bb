// The places that differ, outlined over a picture of the screenshot or of the render (in its
// CSS px, scaled with the picture), in the colour of their kind; the selected one stands out.
import type { PixelBox } from "../../ipc";
import type { ScoreRegion } from "../../lib/score";

const STROKE: Record<string, string> = {
  missing: "#dc2626",
  extra: "#2563eb",
  moved: "#ea580c",
  different: "#9333ea",
  color: "#db2777",
};

/** Where a place is on one side: the screenshot's box, or the page's (extra content is only there). */
export function boxOn(r: ScoreRegion, side: "screenshot" | "render"): PixelBox | null {
  if (side === "screenshot") return r.kind === "extra" ? null : r.screenshotBox;
  return r.kind === "missing" ? null : (r.pageBox ?? r.screenshotBox);
}

interface Props {
  regions: ScoreRegion[];
  size: { width: number; height: number };
  selected: number | null;
  side: "screenshot" | "render";
  onSelect?: (index: number) => void;
}

export function RegionBoxes({ regions, size, selected, side, onSelect }: Props) {
  return (
    <svg
      className={`absolute inset-0 size-full ${onSelect ? "" : "pointer-events-none"}`}
      viewBox={`0 0 ${String(size.width)} ${String(size.height)}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid={`region-boxes-${side}`}
    >
      {regions.map((r, i) => {
        const b = boxOn(r, side);
        if (!b) return null;
        const on = selected === i;
        const dim = selected !== null && !on;
        return (
          <rect
            key={i}
            x={b.x}
            y={b.y}
            width={Math.max(b.width, 2)}
            height={Math.max(b.height, 2)}
            fill={on ? `${STROKE[r.kind] ?? "#71717a"}22` : "transparent"}
            stroke={STROKE[r.kind] ?? "#71717a"}
            strokeWidth={on ? 4 : 2}
            vectorEffect="non-scaling-stroke"
            opacity={dim ? 0.35 : 1}
            data-selected={on ? "true" : undefined}
            style={onSelect ? { cursor: "pointer", pointerEvents: "all" } : undefined}
            onClick={
              onSelect
                ? () => {
                    onSelect(i);
                  }
                : undefined
            }
          />
        );
      })}
    </svg>
  );
}
