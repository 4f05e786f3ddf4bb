import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { language } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { CodeEditor, rehearseEditor, STREAM_APPEND_MS } from "./CodeEditor";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance"] });
  vi.setSystemTime(10_000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function editorIn(container: HTMLElement): EditorView {
  const dom = container.querySelector<HTMLElement>(".cm-editor");
  const view = dom ? EditorView.findFromDOM(dom) : null;
  if (!view) throw new Error("no editor on screen");
  return view;
}

function open(doc: string, readOnly: boolean, path = "index.html") {
  const onEdit = vi.fn();
  const props = { path, readOnly, onEdit, onSave: () => {} };
  const screen = render(<CodeEditor {...props} doc={doc} />);
  return {
    view: () => editorIn(screen.container),
    write: (next: string) => {
      screen.rerender(<CodeEditor {...props} doc={next} />);
    },
    onEdit,
  };
}

describe("a file being written", () => {
  it("is brought up to date at most every STREAM_APPEND_MS, and then in full", () => {
    const editor = open("<html>", true);
    editor.write("<html><body>");
    expect(editor.view().state.doc.toString()).toBe("<html><body>");
    // Ten updates in the next half second: the editor takes none of them yet.
    let text = "<html><body>";
    for (let i = 0; i < 10; i++) {
      act(() => {
      vi.advanceTimersByTime(STREAM_APPEND_MS / 12);
    });
      text += `<p>${i}</p>`;
      editor.write(text);
    }
    expect(editor.view().state.doc.toString()).toBe("<html><body>");
    act(() => {
      vi.advanceTimersByTime(STREAM_APPEND_MS);
    });
    expect(editor.view().state.doc.toString()).toBe(text);
  });

  it("that is replaced rather than grown is shown replaced", () => {
    const editor = open("<p>first</p>", true);
    act(() => {
      vi.advanceTimersByTime(STREAM_APPEND_MS);
    });
    editor.write("<p>second</p>");
    act(() => {
      vi.advanceTimersByTime(STREAM_APPEND_MS);
    });
    expect(editor.view().state.doc.toString()).toBe("<p>second</p>");
  });
});

describe("an editable file", () => {
  it("takes a new version from outside at once (a reload after a save)", () => {
    const editor = open("<p>saved</p>", false);
    editor.write("<p>saved again</p>");
    expect(editor.view().state.doc.toString()).toBe("<p>saved again</p>");
    expect(editor.onEdit).toHaveBeenLastCalledWith(null);
  });
});

describe("opening a file", () => {
  it("draws the text first and adds its language in a task of its own", () => {
    const editor = open("<!DOCTYPE html><html><body><p>hi</p></body></html>", true);
    expect(editor.view().state.doc.toString()).toContain("<p>hi</p>");
    expect(editor.view().state.facet(language), "no language while the text is first drawn").toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(editor.view().state.facet(language)?.name).toBe("html");
  });
});

describe("the rehearsal", () => {
  it("draws an editor with its language out of sight and takes it away after a frame", () => {
    const before = document.body.childElementCount;
    rehearseEditor();
    const host = document.body.lastElementChild;
    const dom = host?.querySelector<HTMLElement>(".cm-editor");
    expect(host?.getAttribute("aria-hidden")).toBe("true");
    if (!dom) throw new Error("no rehearsal editor");
    const rehearsal = EditorView.findFromDOM(dom);
    if (!rehearsal) throw new Error("no editor in the rehearsal's box");
    expect(rehearsal.state.facet(language)?.name).toBe("html");
    expect(document.head.querySelector("style")?.textContent).toContain(".cm-");
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(document.body.childElementCount).toBe(before);
  });

  it("ends when a real editor opens before its frame: never two editors at once", () => {
    rehearseEditor();
    expect(document.querySelectorAll(".cm-content")).toHaveLength(1);
    open("<html>", false);
    expect(document.querySelectorAll(".cm-content")).toHaveLength(1);
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(document.querySelectorAll(".cm-content")).toHaveLength(1);
  });
});
