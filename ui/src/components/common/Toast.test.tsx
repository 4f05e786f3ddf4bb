import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importNotice } from "../../lib/importNotice";
import { Toast } from "./Toast";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the import notice", () => {
  it("stays until dismissed when something was left out", () => {
    vi.useFakeTimers();
    const notice = importNotice({ pulled_in: ["img/logo.png"], skipped: [{ reference: ".ssh/id_rsa", reason: "hidden files and folders are never imported" }] });
    if (!notice) throw new Error("no notice");
    const onDismiss = vi.fn();
    render(<Toast message={{ ...notice, error: false }} onDismiss={onDismiss} />);
    const toast = screen.getByTestId("toast");
    expect(toast.getAttribute("role")).toBe("status");
    expect(toast.textContent).toContain("Pulled in 1 file: img/logo.png.");
    expect(toast.textContent).toContain(".ssh/id_rsa: hidden files and folders are never imported");
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("fades when everything came along", () => {
    vi.useFakeTimers();
    const notice = importNotice({ pulled_in: ["img/logo.png"], skipped: [] });
    if (!notice) throw new Error("no notice");
    const onDismiss = vi.fn();
    render(<Toast message={{ ...notice, error: false }} onDismiss={onDismiss} />);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onDismiss).toHaveBeenCalled();
  });
});
