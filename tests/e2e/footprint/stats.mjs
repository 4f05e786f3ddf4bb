// Figures from samples: medians, frame-gap summaries.

export const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : null);
export const round = (x, digits = 0) => (x === null || x === undefined ? null : Number(x.toFixed(digits)));

/** Frame gaps of a list of frame times: count, median, over 50 ms (count and %), longest, dropped at 60 Hz. */
export function gapStats(frames) {
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  const late = gaps.filter((g) => g > 50).length;
  return {
    count: gaps.length,
    medianGapMs: median(gaps) ?? 0,
    late50ms: late,
    late50msPct: gaps.length ? (late / gaps.length) * 100 : 0,
    maxGapMs: Math.max(0, ...gaps),
    droppedAt60Hz: gaps.reduce((n, g) => n + Math.max(0, Math.round(g / 16.67) - 1), 0),
  };
}

/** Worst and median of reaction samples ({ms}); failures (no reaction) counted apart. */
export function reactionStats(samples) {
  const ms = samples.filter((s) => s.ms !== null).map((s) => s.ms);
  const splits = samples.filter((s) => s.ms !== null && s.split).map((s) => s.split);
  const part = (key) => (splits.length ? median(splits.map((x) => x[key])) : null);
  return {
    n: samples.length,
    reacted: ms.length,
    failed: samples.length - ms.length,
    medianMs: median(ms),
    worstMs: ms.length ? Math.max(...ms) : null,
    // Where a reaction's time goes, medians: waiting for the busy thread, the app's own work
    // until the page changed, and drawing the change.
    medianSplit: splits.length ? { waitMs: part("waitMs"), workMs: part("workMs"), drawMs: part("drawMs") } : null,
  };
}
