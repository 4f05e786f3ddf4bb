// The page on a screen: on Desktop, laid out on a `screen`-sized viewport (the screenshot's, as
// the fidelity check renders it, or the width the designer picked) and shown at `scale`,
// fitted to the pane or zoomed; zoomed in past the pane, the pane scrolls. On a phone, 390 px
// wide inside its 8 px bezel (the width phone screenshots are taken at), as tall as the pane.
// Both are the same three boxes, so the page inside is the same frame whichever is shown:
// switching does not load it again, and its scroll stays.
import type { ReactNode } from "react";
import type { Size } from "../../lib/previewSize";

interface Props {
  screen: Size;
  scale: number;
  phone?: boolean;
  children: ReactNode;
}

export function DesktopPreview({ screen, scale, phone = false, children }: Props) {
  if (phone) {
    return (
      <div className="flex size-full justify-center" data-testid="mobile-preview">
        <div className="relative h-full w-[406px] shrink-0">
          <div className="absolute inset-0">{children}</div>
        </div>
      </div>
    );
  }
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
