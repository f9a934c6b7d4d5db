/**
 * Server-side HTML through hono/jsx: every value put into a JSX element is escaped when it is
 * rendered, so no hand-written escaping is needed (or allowed) anywhere in the server.
 */
import type { JSX } from "hono/jsx/jsx-runtime";

/** A whole document ("<!doctype html>" and the rendered tree). Components must be synchronous. */
export function renderDocument(node: JSX.Element): string {
  const html: unknown = node.toString();
  if (typeof html !== "string")
    throw new Error("renderDocument: an asynchronous component cannot render here");
  return `<!doctype html>${html}`;
}
