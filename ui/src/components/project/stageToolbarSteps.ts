// The stage's toolbar keeps one row (`hooks/useFitSteps.ts`): short of room it takes these steps
// in order, and these classes are what each step does. One place for both, so a step's name and
// its effect cannot drift apart (the classes are whole literals, as Tailwind finds them).

/** The views' labels go (their icons say them), then the screen's height, then the actions'
 *  labels (their icons and accessible names stay), then the zoom's − and + (the keys still step). */
export const TOOLBAR_STEPS = ["views", "size", "actions", "zoom"] as const;

export const WHEN_SHORT = {
  /** A view's label (Desktop, Code beside): its icon stays. */
  viewLabel: "group-data-[fit~=views]/bar:sr-only",
  /** The screen's height beside its width (the button's title keeps it). */
  screenHeight: "group-data-[fit~=size]/bar:hidden",
  /** An action's name: hidden to the eye, kept for a screen reader. */
  actionLabel: "group-data-[fit~=actions]/bar:sr-only",
  /** What an action says beyond its name (each page's score): its title says it. */
  actionDetail: "group-data-[fit~=actions]/bar:hidden",
  /** The zoom's − and + buttons. */
  zoomStep: "group-data-[fit~=zoom]/bar:hidden",
} as const;
