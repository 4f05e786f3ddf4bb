// Which picks and text edits from a preview the UI accepts. The page in the frame can post any
// message at any time, but it cannot click: the UI lays a layer over the frame while visual
// editing is on, so every real click reaches the UI first. A pick is accepted only as the
// answer to one such click, soon after it (a colour sample likewise, to an eyedropper click);
// a text edit only when a double-click opened one.
// Pure logic (the clock is injected); PreviewFrame uses it.

/** How long after a click its pick may arrive (the page answers within a frame or two). */
export const PICK_WINDOW_MS = 1500;

export class PickGate {
  private clickAt: number | null = null;
  private sampleAt: number | null = null;
  private textOpen = false;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The user clicked in the frame: one pick may answer (and a text edit no longer can). */
  clicked(): void {
    this.clickAt = this.now();
    this.textOpen = false;
  }

  /** Whether a pick that just arrived answers a click; it uses that click up. */
  acceptPick(): boolean {
    const at = this.clickAt;
    this.clickAt = null;
    return at !== null && this.now() - at <= PICK_WINDOW_MS;
  }

  /** The user clicked with the eyedropper: one colour sample may answer, soon after. */
  sampled(): void {
    this.sampleAt = this.now();
    this.textOpen = false;
  }

  /** Whether a sample that just arrived answers an eyedropper click; it uses that click up. */
  acceptSample(): boolean {
    const at = this.sampleAt;
    this.sampleAt = null;
    return at !== null && this.now() - at <= PICK_WINDOW_MS;
  }

  /** The user double-clicked: one text edit may come back. */
  textOpened(): void {
    this.textOpen = true;
  }

  get editingText(): boolean {
    return this.textOpen;
  }

  /** Whether a text edit that just arrived answers a double-click; it closes the edit. */
  acceptText(): boolean {
    const open = this.textOpen;
    this.textOpen = false;
    return open;
  }

  /** Visual editing stopped, or another page is shown: nothing pending answers any more. */
  reset(): void {
    this.clickAt = null;
    this.sampleAt = null;
    this.textOpen = false;
  }
}
