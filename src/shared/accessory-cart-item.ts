/**
 * Cart item ids and the shop accessory's cart line: apart from ./cart (which builds its zod
 * schemas when loaded) so /shop can add an accessory without loading zod while the page starts.
 * ./cart re-exports both.
 */
import { type AccessoryChoices, compactChoices } from "./accessory-choices";
import type { Pence } from "./money";
import { ACCESSORY_KIND } from "./product-types/kinds";

/**
 * An accessory's cart line: a CartItem (./cart re-exports the builder typed to return one, so
 * the compiler checks they agree) written out here, as ./cart's type comes from its schemas.
 */
export interface AccessoryCartItem {
  readonly id: string;
  readonly imageUrl: string;
  readonly originalImageUrl: string;
  readonly additionalImages: string[];
  readonly size: string;
  readonly shape: string;
  readonly frameStyle: string;
  readonly price: Pence;
  readonly cropData: { x: number; y: number; zoom: number; aspectRatio: string };
  readonly config: { kind: typeof ACCESSORY_KIND; productId: string } & AccessoryChoices;
}

/** "<timestamp>-<random text>" as the spec describes; the clock and randomness are injectable for tests. */
export function newCartItemId(nowMs: number = Date.now(), random: () => number = Math.random): string {
  const randomText = random().toString(36).slice(2, 11).padEnd(9, "0");
  return `${nowMs}-${randomText}`;
}

/** The product fields an accessory line needs. */
export interface AccessoryForCart {
  readonly id: string;
  readonly name: string;
  readonly pricePence: Pence;
  readonly imageUrl: string | null;
}

/** Shop accessories: size 'Standard', shape 'Rectangle', crop zoom 1 at 1:1; frameStyle is the product name. */
export function buildAccessoryCartItem(
  product: AccessoryForCart,
  makeId: () => string = newCartItemId,
  choices: AccessoryChoices = {},
): AccessoryCartItem {
  const imageUrl = product.imageUrl ?? "";
  return {
    id: makeId(),
    imageUrl,
    originalImageUrl: imageUrl,
    additionalImages: [],
    size: "Standard",
    shape: "Rectangle",
    frameStyle: product.name,
    price: product.pricePence,
    cropData: { x: 0, y: 0, zoom: 1, aspectRatio: "1:1" },
    config: { kind: ACCESSORY_KIND, productId: product.id, ...compactChoices(choices) },
  };
}
