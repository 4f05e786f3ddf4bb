import { describe, expect, it } from "vitest";
import { buildTree, firstFile, holdsAppFiles, isTextFile, readOnlyReason } from "./fileTree";

describe("the code view's file tree", () => {
  it("puts folders first, each level by name", () => {
    const tree = buildTree([{ path: "src/pages/Pricing.tsx", size: 10 }, { path: "index.html", size: 5 }, { path: "src/App.tsx" }, { path: "public/logo.png", size: 2048 }, { path: "src/pages/Home.tsx" }, { path: "package.json" }]);
    const shape = (nodes: ReturnType<typeof buildTree>): unknown[] => nodes.map((n) => (n.kind === "folder" ? { [n.name]: shape(n.children) } : n.name));
    expect(shape(tree)).toEqual([{ public: ["logo.png"] }, { src: [{ pages: ["Home.tsx", "Pricing.tsx"] }, "App.tsx"] }, "index.html", "package.json"]);
    const pub = tree[0];
    expect(pub?.kind === "folder" ? pub.children[0] : null).toEqual({ kind: "file", name: "logo.png", path: "public/logo.png", size: 2048 });
  });

  it("the app's own files are read-only, with the reason; the model's are not", () => {
    for (const path of ["package.json", "vite.config.ts", "tsconfig.json"]) expect(readOnlyReason(path)).toContain("The app writes this file");
    for (const path of ["src/App.tsx", "src/package.json", "index.html"]) expect(readOnlyReason(path)).toBeNull();
  });

  it("knows text from the rest", () => {
    expect(isTextFile("src/App.tsx")).toBe(true);
    expect(isTextFile("src/index.css")).toBe(true);
    expect(isTextFile("public/logo.png")).toBe(false);
    expect(isTextFile("public/font.woff2")).toBe(false);
  });

  it("opens the App first", () => {
    expect(firstFile(["index.html", "src/App.tsx", "src/main.tsx"])).toBe("src/App.tsx");
    expect(firstFile(["index.html", "about.html"])).toBe("index.html");
    expect(firstFile(["public/a.png", "src/x.ts"])).toBe("src/x.ts");
    expect(firstFile([])).toBeNull();
  });

  it("knows a project's files by the app's own files, whatever the version says of its stack", () => {
    const files = ["index.html", "package.json", "vite.config.ts", "tsconfig.json", "src/App.tsx"].map((path) => ({ path }));
    expect(holdsAppFiles(files)).toBe(true);
    expect(holdsAppFiles(files.filter((f) => f.path !== "tsconfig.json"))).toBe(false);
    expect(holdsAppFiles([{ path: "index.html" }])).toBe(false);
  });
});
