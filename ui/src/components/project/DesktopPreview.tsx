// The Desktop preview at a real desktop width: the page is laid out `width` CSS px wide (the
// screenshot's, or the one the designer picked) and shown at `scale` (fitted to the pane, or
// zoomed); zoomed in past the pane, the pane scrolls. The page's viewport is as tall as the
// pane, in page px.
import type { ReactNode } from "react";

interface Props {
  width: number;
  scale: number;
  paneHeight: number;
  children: ReactNode;
}

export function DesktopPreview({ width, scale, paneHeight, children }: Props) {
  const frameHeight = paneHeight > 0 ? Math.floor(paneHeight / scale) : 800;
  return (
    <div className="size-full overflow-auto" data-testid="desktop-preview" data-page-width={width} data-scale={scale.toFixed(3)}>
      <div className="relative mx-auto" style={{ width: Math.round(width * scale), height: Math.round(frameHeight * scale) }}>
        <div className="absolute top-0 left-0 origin-top-left" style={{ width, height: frameHeight, transform: `scale(${String(scale)})` }}>
          {children}
        </div>
      </div>
    </div>
  );
}
