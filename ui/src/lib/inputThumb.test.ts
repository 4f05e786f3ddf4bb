import { describe, expect, it } from "vitest";
import { formatDuration, thumbFor, versionInputKind } from "./inputThumb";

describe("input tray thumbnails", () => {
  it("shows each kind's picture where it has one", () => {
    expect(thumbFor({ kind: "image", previewUrl: "blob:shot" })).toEqual({ show: "image", src: "blob:shot", badge: null });
    expect(thumbFor({ kind: "figma", previewUrl: "data:image/png;base64,AA", label: "node 1:2" })).toEqual({ show: "image", src: "data:image/png;base64,AA", badge: "Figma" });
    expect(thumbFor({ kind: "video", videoUrl: "blob:clip", durationS: 75.4 })).toEqual({ show: "video", src: "blob:clip", badge: "Video · 1:15" });
  });

  it("falls back to the kind's icon with what it knows", () => {
    expect(thumbFor({ kind: "image", previewUrl: null, url: true })).toMatchObject({ show: "icon", icon: "external", badge: "Web page" });
    expect(thumbFor({ kind: "image", previewUrl: null })).toMatchObject({ show: "icon", icon: "photo" });
    expect(thumbFor({ kind: "video", videoUrl: null, durationS: null })).toMatchObject({ show: "icon", icon: "video", badge: "Video" });
    expect(thumbFor({ kind: "figma", previewUrl: null, label: "node 1:2" })).toMatchObject({ show: "icon", icon: "figma", caption: "node 1:2" });
    expect(thumbFor({ kind: "html", name: "index.html" })).toMatchObject({ show: "icon", icon: "code", badge: "HTML", caption: "index.html" });
    const text = thumbFor({ kind: "text", text: "x".repeat(100) });
    expect(text).toMatchObject({ show: "icon", icon: "doc", badge: "Text" });
    expect(text.show === "icon" && text.caption?.length).toBe(60);
  });

  it("formats durations as m:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(9.6)).toBe("0:10");
    expect(formatDuration(3600)).toBe("60:00");
  });
});

describe("what a version was made from", () => {
  const inputs = [
    { id: 1, media_type: "image/png", path: "inputs/shot.png" },
    { id: 2, media_type: "video/webm", path: "inputs/clip.webm" },
    { id: 5, media_type: "image/png", path: "inputs/Pricing@2x.png" },
    { id: 7, media_type: "application/json", path: "inputs/Pricing.figma.json" },
    { id: 6, media_type: "image/png", path: "inputs/Pricing@1x.png" },
  ];
  it("reads the kind from the inputs stored with the version", () => {
    expect(versionInputKind("generation", [5, 7, 6], inputs, null)).toEqual({ kind: "figma", previewUrl: null, label: "Pricing" });
    expect(versionInputKind("generation", [2], inputs, null)).toMatchObject({ kind: "video" });
    expect(versionInputKind("generation", [1], inputs, null)).toMatchObject({ kind: "image" });
    expect(versionInputKind("generation", [], inputs, "A pricing page")).toEqual({ kind: "text", text: "A pricing page" });
    expect(versionInputKind("import", [], inputs, "index.html")).toEqual({ kind: "html", name: "index.html" });
    expect(versionInputKind("edit", [1], inputs, "make it blue")).toBeNull();
  });
});
