let cached: boolean | undefined;

/**
 * Whether this browser can draw WebGL at all (a throwaway canvas asks for a context). Cached: the answer
 * does not change while the page is open. A renderer that still fails later reports itself.
 */
export function hasWebGL(): boolean {
  if (cached !== undefined) return cached;
  try {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    cached = context !== null;
    context?.getExtension("WEBGL_lose_context")?.loseContext();
  } catch {
    cached = false;
  }
  return cached;
}
