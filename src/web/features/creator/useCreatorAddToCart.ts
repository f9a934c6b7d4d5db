import type { Bundle } from "@shared/bundles";
import { getBundle } from "@shared/bundles";
import { addToCartCheck, type CreatorState, type CreatorStep, currentStep } from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { errorToast, MESSAGES } from "@shared/messages";
import type { CreatorOption } from "@shared/options";
import { trackEvent, trackedThisLoad } from "@web/app/funnel-events";
import { useEffect, useState } from "react";
import { notify, useCart } from "../cart";

/** What Add to Cart needs (the line's builder): not in the creator's first load, fetched once the page has settled. */
export const loadCartBuild = () => import("@shared/cart-build");

/**
 * The creator's Add to Cart: the line goes in when every step is done, or once the photo's upload
 * ends when only that is missing; a missing step is named and opened (onProblemAt).
 */
export function useCreatorAddToCart({
  state,
  flat,
  bundles,
  onProblemAt,
}: {
  state: CreatorState;
  flat: readonly CreatorOption[];
  bundles: readonly Bundle[];
  onProblemAt: (step: CreatorStep) => void;
}) {
  const cart = useCart();
  const [addedState, setAddedState] = useState<CreatorState | null>(null);
  // Add to Cart pressed while the photo still uploads: the line is added once it is stored.
  const [waitingToAdd, setWaitingToAdd] = useState(false);

  const addLine = async (current: CreatorState) => {
    const builder = await loadCartBuild().catch((error: unknown) => {
      console.warn("The cart line's code failed to load", error);
      return null;
    });
    if (!builder) {
      notify(errorToast(MESSAGES.common.unexpectedError));
      return;
    }
    const bundle = getBundle(current.selections.bundle, bundles);
    const item = builder.buildCreatorCartItem(current, flat, undefined, bundles);
    if (!bundle || !item || !cart.add(item)) {
      notify(CREATOR_MESSAGES.creator.incompleteSelection);
      return;
    }
    notify(MESSAGES.cart.added(bundle.name));
    trackEvent("add_to_cart");
    // The funnel's step: a lithophane added in the page load that uploaded its photo (issue 47).
    if (trackedThisLoad("creator_upload")) trackEvent("upload_add_to_cart");
    setAddedState(current);
  };

  // The photo is stored: the line Add to Cart was waiting for goes in now, with the server's URLs.
  const image = state.selections.image;
  useEffect(() => {
    if (!waitingToAdd || !image || image.pending) return;
    setWaitingToAdd(false);
    if (addToCartCheck(state).ok) void addLine(state);
  });

  const onAddToCart = () => {
    if (waitingToAdd) return;
    const check = addToCartCheck(state);
    if (!check.ok) {
      notify({ title: check.title, description: check.description, variant: "destructive" });
      onProblemAt(
        check.problem === "no-image"
          ? "upload"
          : check.problem === "additional-images"
            ? "bundle"
            : (currentStep(state) ?? "bundle"),
      );
      return;
    }
    // Only what is still missing is waited for: the photo's upload, already under way.
    if (state.selections.image?.pending) {
      setWaitingToAdd(true);
      return;
    }
    void addLine(state);
  };

  return {
    waitingToAdd,
    /** The line added is this very state: nothing changed since. */
    added: addedState !== null && addedState === state,
    onAddToCart,
    /** The photo failed: nothing to wait for. */
    cancelWaiting: () => setWaitingToAdd(false),
    /** Start over: nothing added, nothing waited for. */
    reset: () => {
      setAddedState(null);
      setWaitingToAdd(false);
    },
  };
}
