import { useElementSize } from "../../hooks/useElementSize";
import { PreviewFrame } from "./PreviewFrame";

const PAGE_WIDTH = 1280;
/** A card's picture follows its page at most this often while the code changes: each reload
 *  parses the whole page on the window's thread, and the card is glanced at, not watched (the
 *  selected option's preview follows every 350 ms). */
const THUMBNAIL_RELOAD_MS = 5000;

/** A desktop-width page shrunk to fit a card. */
export function ScaledPreview({ url, revision, title }: { url: string | null; revision: number; title: string }) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const scale = width > 0 ? width / PAGE_WIDTH : 0.2;
  return (
    <div ref={ref} className="relative size-full overflow-hidden" data-testid="card-live-page">
      <div className="absolute top-0 left-0" style={{ width: PAGE_WIDTH, height: height / scale, transform: `scale(${scale})`, transformOrigin: "0 0" }}>
        <PreviewFrame url={url} revision={revision} title={title} intervalMs={THUMBNAIL_RELOAD_MS} inert className="size-full" />
      </div>
    </div>
  );
}
