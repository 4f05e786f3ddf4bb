import { useEffect, useState } from "react";

/** The longest the page's own view stays over a frame that is taking its page over. */
const HANDOVER_MS = 3000;

/**
 * The page the app's own view showed last, kept on show over whatever comes next until that is
 * drawn (a stored version's frame, or another option's page while its address is still being
 * worked out), at most HANDOVER_MS; `end` lets it go at once.
 * `shown`: the page in the view now (null when none); `fits`: the view may be used at all;
 * `waiting`: what comes next is not drawn yet.
 */
export function useViewHandover(shown: string | null, fits: boolean, waiting: boolean): { handover: string | null; end: () => void } {
  const [last, setLast] = useState<string | null>(null);
  if (!fits && last !== null) setLast(null);
  if (shown !== null && last !== shown) setLast(shown);
  const handover = shown === null && fits && waiting ? last : null;
  useEffect(() => {
    if (handover === null) return;
    const bound = window.setTimeout(() => {
      setLast(null);
    }, HANDOVER_MS);
    return () => {
      window.clearTimeout(bound);
    };
  }, [handover]);
  return {
    handover,
    end: () => {
      setLast(null);
    },
  };
}
