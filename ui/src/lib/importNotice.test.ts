import { describe, expect, it } from "vitest";
import { importNotice } from "./importNotice";

describe("the notice after an import", () => {
  it("lists what was pulled in and what was left out, with the reasons", () => {
    const notice = importNotice({
      pulled_in: ["css/site.css", "img/logo.png"],
      skipped: [
        { reference: ".ssh/id_rsa", reason: "hidden files and folders are never imported" },
        { reference: "notes.png", reason: "its contents are not an image, font, audio, video, stylesheet or script" },
      ],
    });
    expect(notice?.sticky).toBe(true);
    expect(notice?.text).toContain("Pulled in 2 files: css/site.css, img/logo.png.");
    expect(notice?.text).toContain("Left out 2:");
    expect(notice?.text).toContain("• .ssh/id_rsa: hidden files and folders are never imported");
    expect(notice?.text).toContain("• notes.png: its contents are not an image");
  });

  it("fades when nothing was left out, and says nothing when the page came alone", () => {
    expect(importNotice({ pulled_in: ["a.png"], skipped: [] })).toEqual({ text: "Pulled in 1 file: a.png.", sticky: false });
    expect(importNotice({ pulled_in: [], skipped: [] })).toBeNull();
  });

  it("shortens long lists", () => {
    const pulled_in = Array.from({ length: 9 }, (_, i) => `${String(i)}.png`);
    expect(importNotice({ pulled_in, skipped: [] })?.text).toContain("5.png and 3 more.");
  });
});
