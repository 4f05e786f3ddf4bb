// Shows its children as they were when `frozen` became true, and does not render them again
// until it is false: a hidden view keeps its state (an unsaved edit, a scroll) without doing
// the work of following changes nobody sees.
import { useState, type ReactNode } from "react";

export function Frozen({ frozen, children }: { frozen: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(children);
  if (!frozen && shown !== children) setShown(children);
  // The same element as last time: React skips the whole subtree.
  return frozen ? shown : children;
}
