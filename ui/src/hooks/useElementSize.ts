import { useCallback, useEffect, useRef, useState } from "react";

/** An element's size, kept current. `ref` is a callback ref: it also measures an element that
 * mounts later than the component (a preview that appears once code arrives). */
export function useElementSize<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const current = useRef<T | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const ref = useCallback((el: T | null) => {
    current.current = el;
    setElement(el);
  }, []);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return { ref, element: current, ...size };
}
