import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FidelityCheck } from "../../ipc";
import type { ToolItem } from "../../lib/agentEvents";
import { ToolCard } from "./ToolCard";

afterEach(cleanup);

const check: FidelityCheck = {
  round: 2,
  max_rounds: 3,
  total: 84.31,
  previous: 78.12,
  components: { block: 92, position: 88.1, visual: 81.4, color: 95.2, text: null },
  regions: [
    { kind: "missing", screenshot_box: { x: 64, y: 900, width: 420, height: 80 }, page_box: null, description: "missing: the screenshot has content here (420×80 px at (64, 900)) that the page does not show", cost: 4.2 },
    { kind: "color", screenshot_box: { x: 8, y: 8, width: 40, height: 40 }, page_box: { x: 8, y: 8, width: 40, height: 40 }, description: "colour: at 40×40 px at (8, 8) the screenshot has background #4f46e5 where the page has background #d97706", cost: 1.06 },
  ],
  automatic: true,
};

function card(detail: FidelityCheck, state: ToolItem["state"] = "ok") {
  const item: ToolItem = { kind: "tool", id: 1, callId: "auto-fidelity-2", name: "check_fidelity", title: "Comparing with the screenshot", state, summary: "Fidelity 84 (was 78)", detail: { kind: "fidelity_check", ...detail } };
  render(<ToolCard item={item} draft={null} assetUrl={() => null} />);
  return screen.getByTestId("tool-card");
}

describe("a check_fidelity card", () => {
  it("shows the score, the one before, which check it was and that the app ran it", () => {
    const el = card(check);
    expect(screen.getByTestId("fidelity-check-total").textContent).toBe("Fidelity 84");
    expect(el.textContent).toContain("was 78");
    expect(screen.getByTestId("fidelity-check-round").textContent).toBe("check 2 of 3");
    expect(within(el).getByText("automatic")).toBeTruthy();
    // The summary repeats the score: the detail stands for it.
    expect(el.textContent).not.toContain("Fidelity 84 (was 78)");
  });

  it("on a site, lists each page's score and names the page the places are on", () => {
    card({
      ...check,
      route: "/pricing",
      pages: [
        { name: "Home", route: "/", total: 96.2, widths: [] },
        { name: "Pricing", route: "/pricing", total: 84.31, widths: [] },
      ],
    });
    const pages = screen.getByTestId("fidelity-check-pages");
    expect(within(pages).getAllByTestId("page-score").map((p) => p.textContent)).toEqual(["Home 96", "Pricing 84"]);
    expect(pages.textContent).toContain("The places below are on Pricing, the lowest page.");
    cleanup();
    // A check stored before pages were scored shows none.
    card(check);
    expect(screen.queryByTestId("fidelity-check-pages")).toBeNull();
  });

  it("lists the components, Text only when it was compared", () => {
    card(check);
    expect(screen.getByLabelText("Components").textContent).toBe("Content92Position88Look81Colour95");
    cleanup();
    card({ ...check, components: { ...check.components, text: 70 } });
    expect(screen.getByText("Text")).toBeTruthy();
  });

  it("lists the places with their kind in words and colour, and what fixing each gains", () => {
    card(check);
    const places = within(screen.getByRole("list", { name: "Where it differs most" })).getAllByRole("listitem");
    expect(places.map((p) => p.textContent)).toEqual([
      "missing the screenshot has content here (420×80 px at (64, 900)) that the page does not show+4",
      "colour at 40×40 px at (8, 8) the screenshot has background #4f46e5 where the page has background #d97706+1",
    ]);
    expect(places[0]?.querySelector("[aria-hidden=true]")?.className).toContain("bg-red-600");
    expect(places[1]?.querySelector("[aria-hidden=true]")?.className).toContain("bg-pink-600");
  });

  it("names a place by its element when the render could tell", () => {
    const named = {
      kind: "missing" as const,
      screenshot_box: { x: 64, y: 900, width: 420, height: 80 },
      page_box: null,
      description: "missing: the screenshot has content here (420×80 px at (64, 900)) that the page does not show",
      cost: 4.2,
      element: "the button “Sign in”",
      summary: "missing",
    };
    card({ ...check, regions: [named] });
    const places = within(screen.getByRole("list", { name: "Where it differs most" })).getAllByRole("listitem");
    expect(places.map((p) => p.textContent)).toEqual(["The button “Sign in” — missing+4"]);
  });

  it("says nothing about the check before or the app for a first check the model asked for", () => {
    const el = card({ ...check, round: 1, previous: null, automatic: false, regions: [] });
    expect(el.textContent).not.toContain("was");
    expect(within(el).queryByText("automatic")).toBeNull();
    expect(el.textContent).toContain("No place differs enough to name.");
  });

  it("shows why a failed check did not run", () => {
    const item: ToolItem = { kind: "tool", id: 1, callId: "c9", name: "check_fidelity", title: "Comparing with the screenshot", state: "failed", summary: "check_fidelity: no checks left", detail: null };
    render(<ToolCard item={item} draft={null} assetUrl={() => null} />);
    expect(screen.getByTestId("tool-card").textContent).toContain("check_fidelity: no checks left");
    expect(screen.queryByTestId("fidelity-check")).toBeNull();
  });
});

describe("the project file tools' cards", () => {
  function tool(name: string, title: string, summary: string, detail: ToolItem["detail"], state: ToolItem["state"] = "ok") {
    const item: ToolItem = { kind: "tool", id: 2, callId: `c-${name}`, name, title, state, summary, detail };
    render(<ToolCard item={item} draft={null} assetUrl={() => null} />);
    return screen.getByTestId("tool-card");
  }

  it("lists what a write left wrong in the project", () => {
    const el = tool("create_file", "Writing src/App.tsx", "Created src/App.tsx (1.2 KB) · 1 problem", {
      kind: "file_written",
      path: "src/App.tsx",
      bytes: 1200,
      lines: 40,
      replaced: false,
      problems: ["src/App.tsx: `framer-motion` is not available offline; available: react, react-router-dom"],
    });
    expect(el.textContent).toContain("Created src/App.tsx · 40 lines");
    expect(within(el).getByTestId("project-problems").textContent).toContain("`framer-motion` is not available offline");
  });

  it("shows a deleted and a moved file, with nothing wrong left unsaid", () => {
    const deleted = tool("delete_file", "Deleting src/components/Old.tsx", "Deleted src/components/Old.tsx", { kind: "file_deleted", path: "src/components/Old.tsx" });
    expect(deleted.textContent).toContain("Deleted src/components/Old.tsx");
    expect(within(deleted).queryByTestId("project-problems")).toBeNull();
    cleanup();
    const moved = tool("rename_file", "Renaming src/A.tsx to src/B.tsx", "Renamed src/A.tsx to src/B.tsx", { kind: "file_renamed", from: "src/A.tsx", to: "src/B.tsx", problems: ["src/App.tsx imports ./A, which does not exist: create it or fix the import"] });
    expect(moved.textContent).toContain("Moved src/A.tsx to src/B.tsx");
    expect(within(moved).getByTestId("project-problems").textContent).toContain("src/App.tsx imports ./A");
  });

  it("shows a read or a listing by its summary, and a refusal in red", () => {
    expect(tool("read_file", "Reading src/App.tsx", "Read src/App.tsx (1.2 KB)", null).textContent).toContain("Read src/App.tsx (1.2 KB)");
    cleanup();
    const refused = tool("create_file", "Writing package.json", "package.json is the app's own file", null, "failed");
    expect(refused.querySelector(".text-red-600")?.textContent).toBe("package.json is the app's own file");
  });
});

describe("a file being written", () => {
  const writing: ToolItem = { kind: "tool", id: 2, callId: "w", name: "create_file", title: "Writing index.html", state: "running", summary: null, detail: null };

  it("is folded until asked for, then shows its last lines as they arrive", async () => {
    const { rerender } = render(<ToolCard item={writing} draft={{ path: "index.html", text: "<!doctype html>\n<p>one</p>" }} assetUrl={() => null} />);
    expect(screen.queryByTestId("live-code")).toBeNull();
    const toggle = screen.getByRole("button", { name: "Show the code as it is written · index.html" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    await screen.findByTestId("live-code");
    rerender(<ToolCard item={writing} draft={{ path: "index.html", text: "<!doctype html>\n<p>one</p>\n<p>two</p>" }} assetUrl={() => null} />);
    expect(screen.getByTestId("live-code").textContent).toContain("<p>two</p>");
    expect(screen.getByRole("button", { name: "Hide the code" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("marks the running call with a still dot, not an animation", () => {
    const el = card(check, "running");
    expect(el.querySelector("[class*='animate-']")).toBeNull();
  });
});
