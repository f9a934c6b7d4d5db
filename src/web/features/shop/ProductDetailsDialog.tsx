import { Button } from "@web/components/ui/button";
import { LazyDialog, usePreloadWhenSettled } from "@web/components/ui/lazy-dialog";
import { lazy, Suspense, useState } from "react";
import type { ShopProduct } from "./types";

const loadBody = () => import("./ProductDetailsBody");
const ProductDetailsBody = lazy(loadBody);

/**
 * The product's details: specifications, features, optional compatibility, price and Add to
 * Cart; a made-to-order accessory's choices above Add to Cart (issue 30 item 14). Opened by its
 * trigger, or by the card (`open`) when the card's Add to Cart needs the choices first.
 */
export function ProductDetailsDialog({
  product,
  open: openFromCard,
  onOpenChange,
}: {
  product: ShopProduct;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openFromCard ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  // Fetched once the page has settled, as the dialog's own code, so it is there when opened.
  usePreloadWhenSettled(loadBody);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Details: ${product.name}`}
        onClick={() => setOpen(true)}
      >
        Details
      </Button>
      <LazyDialog open={open} onOpenChange={setOpen} title={product.name} description={product.description}>
        <Suspense fallback={null}>
          <ProductDetailsBody product={product} onAdded={() => setOpen(false)} />
        </Suspense>
      </LazyDialog>
    </>
  );
}
