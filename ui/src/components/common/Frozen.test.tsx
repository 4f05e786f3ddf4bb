import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAfterPaint } from "../../hooks/useAfterPaint";
import { Frozen } from "./Frozen";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Counter({ value, seen }: { value: number; seen: (value: number) => void }) {
  seen(value);
  const [typed, setTyped] = useState("");
  return (
    <div>
      <span data-testid="value">{value}</span>
      <input data-testid="typed" value={typed} onChange={(e) => { setTyped(e.target.value); }} />
    </div>
  );
}

describe("a frozen view", () => {
  it("is not rendered again while frozen, keeps its state, and catches up when shown", () => {
    const seen = vi.fn();
    const view = (value: number, frozen: boolean) => (
      <Frozen frozen={frozen}>
        <Counter value={value} seen={seen} />
      </Frozen>
    );
    const { rerender } = render(view(1, false));
    fireEvent.change(screen.getByTestId("typed"), { target: { value: "unsaved" } });
    const before = seen.mock.calls.length;
    rerender(view(2, true));
    rerender(view(3, true));
    expect(seen.mock.calls.length).toBe(before);
    expect(screen.getByTestId("value").textContent).toBe("1");

    rerender(view(4, false));
    expect(screen.getByTestId("value").textContent).toBe("4");
    expect(screen.getByTestId<HTMLInputElement>("typed").value).toBe("unsaved");
  });
});

describe("a view that follows its control after the paint", () => {
  it("changes once the frame that shows the control has been drawn", () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal("cancelAnimationFrame", () => undefined);
    const { result, rerender } = renderHook(({ tab }) => useAfterPaint(tab), { initialProps: { tab: "desktop" } });
    expect(result.current).toBe("desktop");
    expect(frames).toHaveLength(0);
    rerender({ tab: "code" });
    expect(result.current).toBe("desktop");
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe("desktop");
    act(() => {
      frames.shift()?.(0);
    });
    expect(result.current).toBe("desktop");
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe("code");
  });
});
