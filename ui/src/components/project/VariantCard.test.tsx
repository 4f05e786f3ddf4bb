import { cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgentEvent, VersionInfo } from "../../ipc";

vi.mock("../../ipc/preview", () => ({
  previewUrl: () => Promise.resolve({ status: "ok" as const, data: "preview://localhost/t/tok/index.html" }),
}));
import { applyEvents, emptyGeneration } from "../../lib/agentEvents";
import { fidelityTrajectory } from "../../lib/fidelityTrajectory";
import { displaysFor } from "../../lib/variantDisplay";
import { ActivityPanel } from "./ActivityPanel";
import { act } from "react";
import { elapsed, PICTURE_PATIENCE_MS, useCardPage, useCardView, VariantCard } from "./VariantCard";

const MESSAGE = "The reply was cut off by the output token limit again after 3 continuations, so the code may be incomplete.";

afterEach(cleanup);

function card(display: ReturnType<typeof displaysFor>[number]) {
  render(<VariantCard variant={display} selected={false} onSelect={() => {}} />);
}

describe("a truncated variant", () => {
  it("shows its message on its card while live", () => {
    const events: AgentEvent[] = [
      { event_id: 1, variant: 0, type: "started", provider: "openai", model: "gpt-5" },
      { event_id: 2, variant: 0, type: "variant_truncated", turns: 4, tool_calls: 1, duration_ms: 4000, message: MESSAGE },
    ];
    const view = applyEvents(emptyGeneration(), events, 1000);
    expect(view.variants[0]?.status).toBe("truncated");
    const [display] = displaysFor("p1", null, { generationId: 3, view });
    if (!display) throw new Error("no display");
    card(display);
    expect(screen.getByTestId("variant-notice").textContent).toBe(MESSAGE);
    expect(screen.getByRole("img", { name: "Cut off" })).toBeTruthy();
    cleanup();
    render(<ActivityPanel view={view.variants[0] ?? null} now={0} assetUrl={() => null} onOpenKeys={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe(MESSAGE);
  });

  it("shows its stored message, not as an error", () => {
    const version: VersionInfo = {
      id: 4,
      parent_id: null,
      kind: "generation",
      prompt: null,
      stack: null,
      created_at: 0,
      inputs: [],
      selected_variant: null,
      source: null,
      variants: [
        { id: 41, version_id: 4, index: 0, model: "gpt-5", provider: "openai", status: "truncated", error: MESSAGE, started_at: null, finished_at: null, usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 }, cost_usd: 0.5, files: [], drafts: [{ path: "about.html", size: 20 }] },
      ],
    };
    const [display] = displaysFor("p1", version, null);
    if (!display) throw new Error("no display");
    expect(display.error).toBeNull();
    card(display);
    expect(screen.getByTestId("variant-notice").textContent).toBe(MESSAGE);
  });
});

describe("the fidelity trajectory on a card", () => {
  const report = (round: number, total: number, previous: number | null) => ({
    kind: "fidelity_check",
    round,
    max_rounds: 3,
    total,
    previous,
    components: { block: 90, position: 85, visual: 80, color: 95, text: null },
    regions: [],
    automatic: true,
  });

  it("shows each check of the option while it works", () => {
    const events = [
      { event_id: 1, variant: 0, type: "started", provider: "openai", model: "gpt-5" },
      { event_id: 2, variant: 0, type: "tool_start", call_id: "auto-fidelity-1", name: "check_fidelity", title: "Comparing with the screenshot" },
      { event_id: 3, variant: 0, type: "tool_result", call_id: "auto-fidelity-1", name: "check_fidelity", ok: true, summary: "Fidelity 71", detail: report(1, 71.24, null) },
      { event_id: 4, variant: 0, type: "tool_start", call_id: "auto-fidelity-2", name: "check_fidelity", title: "Comparing with the screenshot" },
      { event_id: 5, variant: 0, type: "tool_result", call_id: "auto-fidelity-2", name: "check_fidelity", ok: true, summary: "Fidelity 88 (was 71)", detail: report(2, 88, 71.24) },
    ] as AgentEvent[];
    const view = applyEvents(emptyGeneration(), events, 1000);
    const [display] = displaysFor("p1", null, { generationId: 3, view });
    if (!display?.live) throw new Error("no display");
    render(<VariantCard variant={display} trajectory={fidelityTrajectory(display.live)} selected={false} onSelect={() => {}} />);
    const line = screen.getByTestId("fidelity-trajectory");
    expect(line.textContent).toBe("Fidelity 71 → 88");
    expect(line.title).toBe("Each fidelity check while the option worked");
  });

  it("shows nothing when the option made no check", () => {
    const view = applyEvents(emptyGeneration(), [{ event_id: 1, variant: 0, type: "started", provider: "openai", model: "gpt-5" }], 1000);
    const [display] = displaysFor("p1", null, { generationId: 3, view });
    if (!display) throw new Error("no display");
    render(<VariantCard variant={display} trajectory={[]} selected={false} onSelect={() => {}} />);
    expect(screen.queryByTestId("fidelity-trajectory")).toBeNull();
  });
});

describe("a site's fidelity on a card", () => {
  const started = () => {
    const view = applyEvents(emptyGeneration(), [{ event_id: 1, variant: 0, type: "started", provider: "openai", model: "gpt-5" }], 1000);
    const [display] = displaysFor("p1", null, { generationId: 3, view });
    if (!display) throw new Error("no display");
    return display;
  };
  const width = (css: number) => ({ pixels: css, dpr: 1, css, breakpoint: css < 640 ? ("mobile" as const) : ("desktop" as const) });
  const pages = [
    { name: "Home", route: "/", total: 94.2, widths: [] },
    { name: "Pricing", route: "/pricing", total: 71.3, widths: [{ input_id: 2, width: width(1440), total: 80 }, { input_id: 3, width: width(390), total: 71.3 }] },
    { name: "About", route: "/about", total: 88, widths: [] },
  ];

  it("shows each page's score, the lowest marked, as the option's score", () => {
    render(<VariantCard variant={started()} score={71.3} pageScores={pages} selected={false} onSelect={() => {}} />);
    expect(screen.getByTestId("variant-score").textContent).toBe("71");
    expect(screen.getByTestId("variant-score").title).toContain("the lowest of its pages");
    const listed = screen.getAllByTestId("page-score");
    expect(listed.map((p) => p.textContent)).toEqual(["Home 94", "Pricing 71", "About 88"]);
    expect(listed.map((p) => p.dataset.lowest ?? null)).toEqual([null, "true", null]);
    expect(listed[1]?.title).toBe("Fidelity of Pricing (/pricing), the lowest of desktop 1440 80, mobile 390 71: 71 (the lowest: the option's score)");
    expect(screen.queryByTestId("variant-width-scores")).toBeNull();
  });

  it("shows no number for an option that was not scored", () => {
    render(<VariantCard variant={started()} selected={false} onSelect={() => {}} />);
    expect(screen.queryByTestId("variant-score")).toBeNull();
    expect(screen.queryByTestId("variant-page-scores")).toBeNull();
  });
});

describe("a variant still writing", () => {
  it("says so with a still dot: nothing on its card animates every frame", () => {
    const events: AgentEvent[] = [{ event_id: 1, variant: 0, type: "started", provider: "openai", model: "gpt-5" }];
    const [display] = displaysFor("p1", null, { generationId: 3, view: applyEvents(emptyGeneration(), events, 1000) });
    if (!display) throw new Error("no display");
    card(display);
    const dot = screen.getByRole("img", { name: "Generating" });
    expect(dot.className).not.toMatch(/animate-/);
    expect(screen.getByTestId("variant-card-0").querySelector("[class*='animate-']")).toBeNull();
  });
});

describe("a card", () => {
  it("is picked on the press of the main button, before the click, and by the keyboard's click", () => {
    const events: AgentEvent[] = [{ event_id: 1, variant: 0, type: "started", provider: "openai", model: "gpt-5" }];
    const [display] = displaysFor("p1", null, { generationId: 3, view: applyEvents(emptyGeneration(), events, 1000) });
    if (!display) throw new Error("no display");
    const onSelect = vi.fn();
    render(<VariantCard variant={display} selected={false} onSelect={onSelect} />);
    const el = screen.getByTestId("variant-card-0");
    fireEvent.mouseDown(el, { button: 2 });
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.mouseDown(el, { button: 0 });
    expect(onSelect).toHaveBeenCalledTimes(1);
    fireEvent.click(el);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });
});

describe("a card's time", () => {
  const at = (s: number) => 1_700_000_000_000 + s * 1000;
  it("is not shown while the option works: nothing on a card changes with the clock", () => {
    expect(elapsed({ startedAt: at(3), finishedAt: null })).toBeNull();
    expect(elapsed({ startedAt: null, finishedAt: null })).toBeNull();
  });

  it("is exact once the option is done", () => {
    expect(elapsed({ startedAt: at(3), finishedAt: at(37) })).toBe("34s");
    expect(elapsed({ startedAt: at(3), finishedAt: at(78) })).toBe("1m 15s");
  });
});

describe("a card's page", () => {
  type Shown = Parameters<typeof useCardPage>[0];
  const live: Shown = { previewUrl: "preview://localhost/live/7/0/index.html", hasCode: true, status: "complete", live: {} as NonNullable<Shown["live"]>, variantId: 5 };

  it("stays the page it loaded when the generation ends and the page moves to its stored address", () => {
    const { result, rerender } = renderHook((v: Shown) => useCardPage(v), { initialProps: live });
    expect(result.current).toBe(live.previewUrl);
    // The stored address is asked of Rust: a moment without one, then the same page elsewhere.
    rerender({ ...live, live: null, previewUrl: null });
    expect(result.current).toBe(live.previewUrl);
    rerender({ ...live, live: null, previewUrl: "preview://localhost/p/p1/2/5/index.html" });
    expect(result.current).toBe(live.previewUrl);
    // Another version's option: its own page.
    rerender({ ...live, live: null, variantId: 9, previewUrl: "preview://localhost/p/p1/3/9/index.html" });
    expect(result.current).toBe("preview://localhost/p/p1/3/9/index.html");
  });

  it("follows an option still being written, and a stored one, as they are", () => {
    const { result, rerender } = renderHook((v: Shown) => useCardPage(v), { initialProps: { ...live, status: "generating" } });
    expect(result.current).toBe(live.previewUrl);
    rerender({ ...live, live: null, previewUrl: "preview://localhost/p/p1/2/5/index.html" });
    expect(result.current).toBe("preview://localhost/p/p1/2/5/index.html");
    rerender({ ...live, live: null, hasCode: false, previewUrl: "preview://localhost/p/p1/2/5/index.html" });
    expect(result.current).toBeNull();
  });
});

describe("a card's picture", () => {
  const PAGE = "preview://localhost/p/p1/2/5/index.html";
  const PICTURE = "data:image/png;base64,AAAA";
  const LIVE_1 = "data:image/jpeg;base64,AAAA";
  const LIVE_2 = "data:image/jpeg;base64,BBBB";
  type Args = { status: "generating" | "complete"; page: string | null; picture: string | null | undefined; live?: string; pictured?: boolean; browserWorks?: () => boolean };
  const useView = (a: Args) => useCardView({ status: a.status, variantId: 5, pictured: a.pictured === true }, a.page, a.picture, a.live, a.browserWorks);

  it("shows the live page until the picture is drawn, then only the picture", () => {
    const { result, rerender } = renderHook(useView, { initialProps: { status: "complete", page: PAGE, picture: undefined } });
    expect(result.current).toMatchObject({ live: PAGE, picture: null, waiting: false });
    rerender({ status: "complete", page: PAGE, picture: PICTURE });
    // Both while the picture decodes: the page stays on top, so the card never goes blank.
    expect(result.current).toMatchObject({ live: PAGE, picture: PICTURE });
    act(() => {
      result.current.onPictureDrawn();
    });
    expect(result.current).toMatchObject({ live: null, picture: PICTURE });
  });

  it("keeps an option being written live, and shows nothing while a finished one's picture is asked", () => {
    const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: PICTURE } });
    expect(result.current).toMatchObject({ live: PAGE, picture: null });
    rerender({ status: "complete", page: PAGE, picture: null });
    expect(result.current).toMatchObject({ live: null, picture: null, waiting: true });
  });

  it("goes back to the live page when the picture cannot be drawn", () => {
    const { result } = renderHook(useView, { initialProps: { status: "complete", page: PAGE, picture: PICTURE } });
    act(() => {
      result.current.onPictureFailed();
    });
    expect(result.current).toMatchObject({ live: PAGE, picture: null });
  });

  it("shows an option being written as its newest picture, its live page only until the first is drawn", () => {
    const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: undefined } });
    expect(result.current).toMatchObject({ live: PAGE, picture: null });
    rerender({ status: "generating", page: PAGE, picture: undefined, live: LIVE_1 });
    expect(result.current).toMatchObject({ live: PAGE, picture: LIVE_1 });
    act(() => {
      result.current.onPictureDrawn();
    });
    expect(result.current).toMatchObject({ live: null, picture: LIVE_1 });
    // The next picture replaces the last in place: the live page does not come back meanwhile.
    rerender({ status: "generating", page: PAGE, picture: undefined, live: LIVE_2 });
    expect(result.current).toMatchObject({ live: null, picture: LIVE_2 });
  });

  it("keeps a finished option's newest picture while its kept one is asked, then shows the kept one", () => {
    const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: undefined, live: LIVE_1 } });
    act(() => {
      result.current.onPictureDrawn();
    });
    rerender({ status: "complete", page: PAGE, picture: null, live: LIVE_1 });
    expect(result.current).toMatchObject({ live: null, picture: LIVE_1, waiting: false });
    rerender({ status: "complete", page: PAGE, picture: PICTURE, live: LIVE_1 });
    expect(result.current).toMatchObject({ live: null, picture: PICTURE });
  });

  it("shows no picture of an option that has no code yet", () => {
    const { result } = renderHook(useView, { initialProps: { status: "generating", page: null, picture: undefined, live: LIVE_1 } });
    expect(result.current).toMatchObject({ live: null, picture: null });
  });

  it("loads no page for an option the app pictures: it waits for the first picture", () => {
    const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: undefined, pictured: true } });
    expect(result.current).toMatchObject({ live: null, picture: null, coming: true });
    rerender({ status: "generating", page: PAGE, picture: undefined, live: LIVE_1, pictured: true });
    expect(result.current).toMatchObject({ live: null, picture: LIVE_1, coming: false });
  });

  it("waits for the kept picture of an option that finished before any picture of it came, and shows its page if none comes", () => {
    vi.useFakeTimers();
    try {
      const browserWorks = () => true;
      const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: undefined, pictured: true, browserWorks } });
      rerender({ status: "complete", page: PAGE, picture: undefined, pictured: true, browserWorks });
      expect(result.current).toMatchObject({ live: null, picture: null, coming: true });
      // Its kept picture, once the generation is stored.
      rerender({ status: "complete", page: PAGE, picture: PICTURE, pictured: true, browserWorks });
      expect(result.current).toMatchObject({ live: null, picture: PICTURE, coming: false });
      // Finished with no picture ever (the browser failed): its page, after the patience.
      const other = renderHook(useView, { initialProps: { status: "complete", page: PAGE, picture: undefined, pictured: true, browserWorks } });
      expect(other.result.current).toMatchObject({ live: null, coming: true });
      act(() => {
        vi.advanceTimersByTime(PICTURE_PATIENCE_MS);
      });
      expect(other.result.current).toMatchObject({ live: PAGE, picture: null, coming: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps waiting for its first picture while the app pictures the generation's other options", () => {
    vi.useFakeTimers();
    try {
      let works = false;
      const browserWorks = () => works;
      const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: undefined, pictured: true, browserWorks } });
      // Another option's picture came: the browser works, this one only waits its turn.
      works = true;
      act(() => {
        vi.advanceTimersByTime(PICTURE_PATIENCE_MS * 3);
      });
      expect(result.current).toMatchObject({ live: null, coming: true });
      rerender({ status: "generating", page: PAGE, picture: undefined, live: LIVE_1, pictured: true, browserWorks });
      expect(result.current).toMatchObject({ live: null, picture: LIVE_1, coming: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the page of an option whose first picture does not come", () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(useView, { initialProps: { status: "generating", page: PAGE, picture: undefined, pictured: true } });
      act(() => {
        vi.advanceTimersByTime(PICTURE_PATIENCE_MS - 1);
      });
      expect(result.current).toMatchObject({ live: null, coming: true });
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(result.current).toMatchObject({ live: PAGE, coming: false });
      // A picture that comes after all takes over once drawn.
      rerender({ status: "generating", page: PAGE, picture: undefined, live: LIVE_1, pictured: true });
      expect(result.current).toMatchObject({ live: PAGE, picture: LIVE_1 });
      act(() => {
        result.current.onPictureDrawn();
      });
      expect(result.current).toMatchObject({ live: null, picture: LIVE_1 });
    } finally {
      vi.useRealTimers();
    }
  });
});
