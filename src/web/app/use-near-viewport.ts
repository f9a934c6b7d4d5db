import { type RefObject, startTransition, useEffect, useRef, useState } from "react";

/**
 * Whether the element has come within a screen of the viewport (once it has, it stays so). A
 * section below the fold waits for it before it loads its code and data: a landing page that
 * starts runs only what the visitor sees, and the section is ready before it is scrolled to.
 * What it then renders goes in a transition (slices, no long task).
 */
export function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      startTransition(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: "100%" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}
