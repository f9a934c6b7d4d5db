import { useEffect } from "react";

/** Whether the whole of the element is inside the viewport. */
function wholeInView(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= window.innerHeight;
}

function focusedElement(): Element | null {
  const focused = document.activeElement;
  return focused && focused !== document.body && focused !== document.documentElement ? focused : null;
}

/**
 * Keeps the keyboard focus where the visitor saw it when content appears above it (WCAG 2.4.11).
 * The landing pages load their customer sections as the visitor nears them, so tabbing to a link
 * below scrolls there, the reviews arrive above it, and the link would be pushed off the screen;
 * the browser's scroll anchoring holds whatever is first on screen, not the focus. When the page's
 * height changes and the focused element was wholly in view but no longer is, it is brought back.
 * A visitor who scrolled the focus out of view themselves is left where they scrolled.
 */
export function useFocusStaysInView(): void {
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    let focusWasInView = false;
    const note = () => {
      const focused = focusedElement();
      focusWasInView = focused !== null && wholeInView(focused);
    };
    // The browser scrolls a newly focused element into view after `focusin`: note it a frame later.
    const noteAfterFocus = () => requestAnimationFrame(note);
    const restore = () => {
      const focused = focusedElement();
      if (focused && focusWasInView && !wholeInView(focused)) focused.scrollIntoView({ block: "nearest" });
      note();
    };
    const heights = new ResizeObserver(restore);
    heights.observe(document.body);
    document.addEventListener("focusin", noteAfterFocus);
    window.addEventListener("scroll", note, { passive: true });
    return () => {
      heights.disconnect();
      document.removeEventListener("focusin", noteAfterFocus);
      window.removeEventListener("scroll", note);
    };
  }, []);
}
