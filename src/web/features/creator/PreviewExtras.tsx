import type { CreatorState } from "@shared/creator";

/**
 * The slot for extra previews under the framed photo (the 3D backlit lithophane preview goes
 * here). It receives the creator's whole state; render nothing until there is something to show.
 */
export function PreviewExtras(_props: { state: CreatorState }) {
  return null;
}
