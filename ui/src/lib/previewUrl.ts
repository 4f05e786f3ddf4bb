// Where the preview:// scheme serves generated pages. WebView2 on Windows only reaches custom
// schemes as http://<scheme>.localhost.

declare global {
  interface Window {
    /** Set by UI tests to serve previews from a routed http origin. */
    __S2C_PREVIEW_ORIGIN__?: string;
  }
}

export function previewOrigin(userAgent: string = navigator.userAgent): string {
  if (typeof window !== "undefined" && window.__S2C_PREVIEW_ORIGIN__) return window.__S2C_PREVIEW_ORIGIN__;
  return /Windows/i.test(userAgent) ? "http://preview.localhost" : "preview://localhost";
}

export const MAIN_FILE = "index.html";

export function livePreviewUrl(generationId: number, variantIndex: number, path = MAIN_FILE): string {
  return `${previewOrigin()}/live/${generationId}/${variantIndex}/${path}`;
}

export function storedPreviewUrl(projectId: string, versionId: number, variantId: number, path = MAIN_FILE): string {
  return `${previewOrigin()}/p/${encodeURIComponent(projectId)}/${versionId}/${variantId}/${path}`;
}
