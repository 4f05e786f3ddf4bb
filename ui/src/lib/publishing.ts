// Publishing as the project view shows it: the services with how to get a token, one line of
// progress, and which versions are live where.
import type { Progress, Publication, Service } from "../ipc/publish";
import type { Vendor } from "../ipc";

export interface ServiceInfo {
  id: Service;
  label: string;
  /** Whose token it takes (Settings → Publishing). */
  vendor: Vendor;
  /** What a new site's address looks like. */
  example: string;
}

export const SERVICES: readonly ServiceInfo[] = [
  { id: "netlify", label: "Netlify", vendor: "netlify", example: "name.netlify.app" },
  { id: "vercel", label: "Vercel", vendor: "vercel", example: "name.vercel.app" },
  { id: "github_pages", label: "GitHub Pages", vendor: "github", example: "you.github.io/name" },
  { id: "cloudflare_pages", label: "Cloudflare Pages", vendor: "cloudflare", example: "name.pages.dev" },
];

export function serviceLabel(id: Service): string {
  return SERVICES.find((s) => s.id === id)?.label ?? id;
}

/** Where to get each token and which permissions it needs (the same words as the README). */
export const TOKEN_HELP: Record<string, string> = {
  netlify: "Netlify → User settings → Applications → Personal access tokens → New access token.",
  vercel: "Vercel → Account settings → Tokens → Create (scope: your account).",
  github: "GitHub → Settings → Developer settings → Personal access tokens: a fine-grained token with Administration, Contents and Pages: read and write (or a classic token with “repo”).",
  cloudflare: "Cloudflare → My profile → API tokens → Create token → “Cloudflare Pages: Edit”.",
};

/** `bright-page.netlify.app` from `https://bright-page.netlify.app/`. */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

function kb(bytes: number | null): string {
  const n = bytes ?? 0;
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

/** One line about where a publish stands. */
export function progressLine(p: Progress): string {
  const service = serviceLabel(p.service);
  switch (p.stage) {
    case "preparing":
      return `Preparing ${p.files} file${p.files === 1 ? "" : "s"}…`;
    case "site":
      return `Finding the site on ${service}…`;
    case "uploading": {
      if (p.to_send === 0) return `${service} already has every file`;
      const unchanged = p.files - p.to_send;
      const tail = unchanged > 0 ? ` (${unchanged} unchanged)` : "";
      return `Uploading ${p.sent} of ${p.to_send} file${p.to_send === 1 ? "" : "s"}, ${kb(p.bytes_sent)} of ${kb(p.bytes_to_send)}${tail}`;
    }
    case "going_live":
      return `${service} is putting it live…`;
  }
}

/** 0…1 for a progress bar. */
export function progressFraction(p: Progress): number {
  switch (p.stage) {
    case "preparing":
      return 0.05;
    case "site":
      return 0.1;
    case "uploading": {
      const total = p.bytes_to_send ?? 0;
      const share = total > 0 ? (p.bytes_sent ?? 0) / total : p.to_send > 0 ? p.sent / p.to_send : 1;
      return 0.1 + 0.8 * Math.min(1, share);
    }
    case "going_live":
      return 0.95;
  }
}

/** The services each version is live on (a version can be live on several). */
export function liveVersions(publications: readonly Publication[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const p of publications) {
    if (p.version_id === null) continue;
    out.set(p.version_id, [...(out.get(p.version_id) ?? []), serviceLabel(p.service)]);
  }
  return out;
}

/** The most recent publication, for the header's link. */
export function latest(publications: readonly Publication[]): Publication | null {
  return publications.reduce<Publication | null>((best, p) => (best === null || (p.published_at ?? 0) > (best.published_at ?? 0) ? p : best), null);
}
