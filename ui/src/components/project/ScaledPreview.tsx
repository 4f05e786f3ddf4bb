import { useElementSize } from "../../hooks/useElementSize";
import { PreviewFrame } from "./PreviewFrame";

const PAGE_WIDTH = 1280;

/** A desktop-width page shrunk to fit a card. */
export function ScaledPreview({ url, revision, title }: { url: string | null; revision: number; title: string }) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const scale = width > 0 ? width / PAGE_WIDTH : 0.2;
  return (
    <div ref={ref} className="relative size-full overflow-hidden">
      <div className="absolute top-0 left-0" style={{ width: PAGE_WIDTH, height: height / scale, transform: `scale(${scale})`, transformOrigin: "0 0" }}>
        <PreviewFrame url={url} revision={revision} title={title} intervalMs={2500} inert className="size-full" />
      </div>
    </div>
  );
}
