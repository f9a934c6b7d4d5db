import { useRef } from "react";

/**
 * For a Radix dialog opened from outside (no Dialog.Trigger: the floating cart button, a
 * "View cart" button, a login step): Radix returns the focus to its trigger, and without one it
 * falls to the document, so a keyboard user starts again from the top. This remembers what had
 * the focus when `open` turned true (during that render: a field inside that autofocuses takes
 * it at commit) and gives it back on close, or, when that control is gone, to the main content.
 * Spread the result on Dialog.Content.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined") {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return {
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : document.getElementById("main");
      opener.current = null;
      target?.focus();
    },
  };
}
