import { describe, expect, it } from "vitest";
import type { Progress, Publication } from "../ipc/publish";
import { latest, liveVersions, progressFraction, progressLine, shortUrl } from "./publishing";

const progress = (over: Partial<Progress>): Progress => ({
  service: "netlify",
  stage: "uploading",
  files: 5,
  to_send: 3,
  sent: 1,
  bytes_to_send: 3 * 1024 * 1024,
  bytes_sent: 1024 * 1024,
  ...over,
});

const publication = (over: Partial<Publication>): Publication => ({
  service: "netlify",
  site_id: "site-1",
  site_name: "bright-page",
  url: "https://bright-page.netlify.app",
  account_id: null,
  version_id: 3,
  published_at: 1000,
  files: 5,
  uploaded: 3,
  ...over,
});

describe("publishing", () => {
  it("says how far an upload is, in files and sizes, with what was unchanged", () => {
    expect(progressLine(progress({}))).toBe("Uploading 1 of 3 files, 1.0 MB of 3.0 MB (2 unchanged)");
    expect(progressLine(progress({ to_send: 0, sent: 0 }))).toBe("Netlify already has every file");
    expect(progressLine(progress({ stage: "going_live", service: "github_pages" }))).toBe("GitHub Pages is putting it live…");
    expect(progressLine(progress({ stage: "preparing", files: 1 }))).toBe("Preparing 1 file…");
  });

  it("moves the bar forward through the stages", () => {
    const stages = [progress({ stage: "preparing" }), progress({ stage: "site" }), progress({ sent: 0, bytes_sent: 0 }), progress({}), progress({ stage: "going_live" })];
    const values = stages.map(progressFraction);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(values.every((v) => v > 0 && v < 1)).toBe(true);
  });

  it("marks each version with the services it is live on, and finds the newest", () => {
    const pubs = [publication({}), publication({ service: "vercel", published_at: 2000 }), publication({ service: "github_pages", version_id: 1, published_at: 1500 })];
    expect(liveVersions(pubs)).toEqual(
      new Map([
        [3, ["Netlify", "Vercel"]],
        [1, ["GitHub Pages"]],
      ]),
    );
    expect(latest(pubs)?.service).toBe("vercel");
    expect(latest([])).toBeNull();
    expect(shortUrl("https://ada.github.io/bakery/")).toBe("ada.github.io/bakery");
  });
});
