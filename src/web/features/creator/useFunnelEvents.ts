import { type CreatorState, completedCount } from "@shared/creator";
import { trackEvent } from "@web/app/funnel-events";
import { useEffect, useRef } from "react";

/**
 * Feeds the admin's funnel with anonymous first-party events: one creator visit per page load,
 * an upload when a photo first arrives, and a step each time another step is completed.
 */
export function useFunnelEvents(state: CreatorState): void {
  useEffect(() => trackEvent("creator_view"), []);

  const hasImage = state.selections.image !== null;
  const hadImage = useRef(hasImage);
  useEffect(() => {
    if (hasImage && !hadImage.current) trackEvent("creator_upload");
    hadImage.current = hasImage;
  }, [hasImage]);

  const completed = completedCount(state);
  const completedBefore = useRef(completed);
  useEffect(() => {
    if (completed > completedBefore.current) trackEvent("creator_step");
    completedBefore.current = completed;
  }, [completed]);
}
