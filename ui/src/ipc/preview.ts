// Preview URLs (src-tauri/src/preview/commands.rs): each carries a token minted for one variant.
import { commands } from "./bindings";
import type { PreviewBounds, ProjectRoutes, VariantOf } from "./bindings";
import type { Result } from "./result";

/** The preview URL of a stored variant (load it in `<iframe sandbox="allow-scripts">`). */
export function previewUrl(projectId: string, versionId: number, variantId: number): Promise<Result<string>> {
  return commands.previewUrl(projectId, versionId, variantId);
}

/** The routes (pages) a variant's project declares, running or stored; none for a single page. */
export function variantRoutes(variant: VariantOf): Promise<Result<ProjectRoutes>> {
  return commands.variantRoutes(variant);
}

/** Whether the page being watched can be shown in a view of its own process, over the preview's
 *  box (src-tauri/src/preview/native/): false where the window keeps its iframe, and in a
 *  browser. */
export async function nativePreviewAvailable(): Promise<boolean> {
  try {
    return await commands.nativePreviewAvailable();
  } catch {
    return false;
  }
}

/** Show a variant's page at `bounds` (the window's CSS px), zoomed by `zoom`; the same URL
 *  again only moves it. */
export function nativePreviewShow(url: string, bounds: PreviewBounds, zoom: number): Promise<Result<null>> {
  return commands.nativePreviewShow(url, bounds, zoom);
}

/** The page on show follows its newest version. */
export function nativePreviewRefresh(): Promise<void> {
  return commands.nativePreviewRefresh();
}

/** Hide the view (its page stays loaded). */
export function nativePreviewHide(): Promise<void> {
  return commands.nativePreviewHide();
}
