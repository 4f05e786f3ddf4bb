// The Desktop preview on a real desktop screen: the page is laid out on a `screen`-sized
// viewport (the screenshot's, as the fidelity check renders it, or the width the designer
// picked) and shown at `scale`, fitted to the pane or zoomed; zoomed in past the pane, the pane
// scrolls. The page scrolls inside its screen, as in a browser.
import type { ReactNode } from "react";
import type { Size } from "../../lib/previewSize";

interface Props {
  screen: Size;
  scale: number;
  children: ReactNode;
}

export function DesktopPreview({ screen, scale, children }: Props) {
  return (
    <div className="flex size-full overflow-auto" data-testid="desktop-preview" data-page-width={screen.width} data-page-height={screen.height} data-scale={scale.toFixed(3)}>
      <div className="relative m-auto shrink-0 shadow-sm" style={{ width: Math.round(screen.width * scale), height: Math.round(screen.height * scale) }}>
        {/* No transform at 100 %: the page is then exactly as a browser shows it. */}
        <div className="absolute top-0 left-0 origin-top-left" style={{ width: screen.width, height: screen.height, transform: scale === 1 ? undefined : `scale(${String(scale)})` }}>
          {children}
        </div>
      </div>
    </div>
  );
}
