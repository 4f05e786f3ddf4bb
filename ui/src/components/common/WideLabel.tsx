import type { ReactNode } from "react";

/**
 * A toolbar label shown only when the window is wide (1280 px and up); narrower, the button keeps
 * its icon, and its `aria-label` and `title` carry the name, so the header never wraps.
 */
export function WideLabel({ children, from = "xl" }: { children: ReactNode; from?: "lg" | "xl" }) {
  return <span className={from === "lg" ? "hidden lg:inline" : "hidden xl:inline"}>{children}</span>;
}
