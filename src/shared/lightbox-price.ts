/**
 * The custom lightbox's from-price: apart from ./storefront-rules (which builds zod schemas
 * when loaded) so /shop's featured card needs no zod while the page starts; re-exported there.
 */
import type { Bundle } from "./bundles";
import { type Pence, sumPence } from "./money";
import { type CreatorOption, type GroupedOptions, isSelectable, sizeAppliesToShape } from "./options";

/**
 * The lowest price a custom lightbox can be bought for: the cheapest bundle with the cheapest
 * selectable processing (counted per panel, decision 331) and frame colour, and the cheapest
 * shape-and-size pair that fits.
 * Null when some choice has no selectable option.
 */
export function lightboxFromPricePence(bundles: readonly Bundle[], options: GroupedOptions): Pence | null {
  const cheapest = (list: readonly CreatorOption[]) => {
    const prices = list.filter(isSelectable).map((o) => o.priceModifierPence);
    return prices.length > 0 ? Math.min(...prices) : null;
  };
  const processing = cheapest(options.processing);
  const bundle =
    bundles.length > 0 && processing !== null
      ? Math.min(...bundles.map((b) => b.pricePence + processing * b.lithophaneCount))
      : null;
  const frame = cheapest(options.frame_color);
  const pairs = options.shape.filter(isSelectable).flatMap((shape) => {
    const size = cheapest(options.size.filter((s) => sizeAppliesToShape(s, shape.id)));
    return size === null ? [] : [shape.priceModifierPence + size];
  });
  if (bundle === null || processing === null || frame === null || pairs.length === 0) return null;
  return (bundle + frame + Math.min(...pairs)) as Pence;
}

/**
 * The lightbox price: the bundle price, the processing modifier once per panel (Colour's
 * surcharge pays for each colour panel's filament and print time: a Keepsake of 3 colour panels
 * pays it 3 times, decision 331), and the shape, frame colour and size modifiers once per line.
 */
export function lightboxPricePence(
  bundle: Pick<Bundle, "pricePence" | "lithophaneCount">,
  chosen: {
    readonly processing?: Pick<CreatorOption, "priceModifierPence"> | null;
    readonly others: readonly (Pick<CreatorOption, "priceModifierPence"> | null | undefined)[];
  },
): Pence {
  const perPanel = (chosen.processing?.priceModifierPence ?? 0) * bundle.lithophaneCount;
  const modifiers = chosen.others.flatMap((o) => (o ? [o.priceModifierPence] : []));
  return sumPence([bundle.pricePence, perPanel, ...modifiers]);
}
