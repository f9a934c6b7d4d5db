/**
 * What the rest of the shop needs of a product type (issue 48 item 1): one object per type
 * (./lightbox.ts, ./accessory.ts, ./lamp.ts) answers these questions, and ./index.ts finds the
 * type of a kind, a config or a line. Callers ask the type ("is it made from photos?", "what does
 * it cost?") instead of testing its kind by name (scripts/product-kinds.mjs refuses that outside
 * this folder). Zod-free: the cart panel and the creator load this first.
 */
import type { Bundle } from "../bundles";
import type { CartItemConfig } from "../cart";
import type { Pence } from "../money";
import type { CreatorOption } from "../options";
import type { DescribableLine, LineDescription } from "./describe";
import type { CropPixels } from "./guard";

/** An owner-priced option of a type's own option type (e.g. "lamp_size"), as product_options stores it. */
export interface OwnerOption {
  readonly id: string;
  readonly optionType: string;
  readonly name: string;
  readonly status: string;
  readonly isActive: boolean;
  readonly priceModifierPence: Pence;
}

/** A shop product as pricing needs it. */
export interface ProductForPricing {
  readonly id: string;
  readonly name: string;
  readonly pricePence: Pence;
  readonly status: string;
  readonly isActive: boolean;
}

/** The catalogue the server prices from (every price is the owner's). */
export interface PricingCatalogue {
  /** The creator's options on offer (active, fallback where a type has none). */
  readonly offered: readonly CreatorOption[];
  /** Every stored creator option, active or not (tells "switched off" from "never heard of"). */
  readonly stored: readonly CreatorOption[];
  /** Options of the types' own option types (lamp sizes), active or not. */
  readonly typeOptions: readonly OwnerOption[];
  readonly products: ReadonlyMap<string, ProductForPricing>;
  readonly bundles: readonly Bundle[];
}

/** The texts an order line shows: the spec's cart fields. */
export interface PricedDescription {
  /** "7 inch x 7 inch"; "Standard" for accessories. */
  readonly sizeLabel: string;
  /** The bundle name for lithophanes ("Keepsake Collection"); "Rectangle" for accessories. */
  readonly shapeName: string;
  /** "White · 3 × Square" for lithophanes; the product name for accessories. */
  readonly frameStyle: string;
  /** Print files the line makes (a lightbox's panels, a lamp's one shade); 0 for accessories. */
  readonly lithophaneCount: number;
  /** "Lithophane" or the product name: a line item's title. */
  readonly title: string;
}

export type PricedItem =
  | {
      readonly ok: true;
      readonly kind: CartItemConfig["kind"];
      readonly unitPricePence: Pence;
      readonly description: PricedDescription;
    }
  | { readonly ok: false; readonly reason: "unavailable" | "unknown"; readonly message: string };

/** What the shop's cart prices can see (the web's catalogue; undefined until it has answered). */
export interface CurrentCatalogue {
  readonly options?: readonly CreatorOption[] | undefined;
  readonly bundles?: readonly Bundle[] | undefined;
  readonly products?: readonly { readonly id: string; readonly pricePence: Pence }[] | undefined;
  /** Options of the types' own option types (lamp sizes), when the catalogue sends them. */
  readonly typeOptions?: readonly OwnerOption[] | undefined;
}

/** A line's photos as a cart line or an order line holds them. */
export interface PhotoLine {
  readonly config?: unknown;
  /** The photos after the first (an order row's jsonb: anything not an array counts none). */
  readonly additionalImages?: unknown;
}

/** Which of a parcel's weights a line counts as, and how many of them (decision 334). */
export interface ParcelPieces {
  readonly piece: "lightbox" | "accessory";
  readonly count: number;
}

/**
 * A type's price rule, apart from its ProductType so the pages that only read and describe cart
 * lines (the first load) do not carry the pricing (./pricing.ts is its registry).
 */
export interface PriceRule<C extends CartItemConfig = CartItemConfig> {
  /** The server's price of a line (never the client's), with the texts the order line stores. */
  price(config: C, catalogue: PricingCatalogue): PricedItem;
  /** The line's price today as the cart sees it; null when the catalogue cannot tell. */
  currentPrice(config: C, catalogue: CurrentCatalogue): Pence | null;
  /** Whether pricing needs the creator's options / the owner's bundle prices loaded. */
  readonly pricedFromOptions: boolean;
}

/**
 * The words of a customer's proof for what it shows: one and many of it, how it is lit, and the
 * thing the customer receives. `croppable`: a picture of it may be re-cropped from the proof (a
 * flat panel; a lamp's photos are placed in its creator).
 */
export interface ProofPiece {
  readonly one: string;
  readonly many: string;
  readonly lit: string;
  readonly made: string;
  readonly croppable: boolean;
}

export interface ProductType<C extends CartItemConfig = CartItemConfig> {
  /** The stored kind (order_items.kind, a cart line's config.kind): never renamed. */
  readonly kind: C["kind"];
  /** The customer's photos make it: uploads, crops, the admin's photo review, the proof. */
  readonly madeFromPhotos: boolean;
  /** The shop prints it: print files, the G-code twin, the customer's proof. */
  readonly printedByShop: boolean;
  /** The discount scope that covers it ("lithophanes": every photo product). */
  readonly discountScope: "lithophanes" | "accessories";
  /** The config of this type, or null (the stored-cart guard's rule, as cartItemSchema's member). */
  parseConfig(fields: Readonly<Record<string, unknown>>): C | null;
  /** The shop product a line is (an accessory's), else null. */
  productIdOf(config: C): string | null;
  /** The bundle a line is (a lightbox's), else null (order_items.bundle_id). */
  bundleIdOf(config: C): string | null;
  /** The one description of a line (describeLine delegates here). */
  describe(line: DescribableLine, config: Readonly<Record<string, unknown>>): LineDescription;
  /** The line in one text, as the invoice writes it. */
  lineText(d: LineDescription): string;
  /** The line's text in the orders export. */
  exportText(d: LineDescription): string;
  /** How a cart line is named in an error ("Lithophane (Keepsake Collection)", a product's name). */
  cartName(item: { readonly shape: string; readonly frameStyle: string; readonly config: unknown }): string;
  /** The cart's title for a line ("Lithophane", the product's name). */
  cartTitle(item: { readonly frameStyle: string }): string;
  /** Photos a line is made from (0 for a product not made from photos). */
  photoCount(line: PhotoLine): number;
  /** The form its print file takes (the print runner's maker): flat panels, a cylinder; null: none. */
  readonly printForm: "panel" | "cylinder" | null;
  /** What the customer's proof calls one of it: "Lightbox 1 of 2", "Your lamp". */
  readonly proofName: string;
  /** How the proof's sentences speak of what it shows of this type ("your panel", "lit from inside"). */
  readonly proofPiece: ProofPiece;
  /** Print files a line makes: a lightbox one per panel, a lamp one; 0 when the shop prints nothing. */
  printFiles(line: PhotoLine): number;
  /** How many photos a line of this config must have (a lightbox: its bundle's panels; a lamp: 1-4). */
  photosAllowed(config: C): { readonly min: number; readonly max: number };
  /** The crops a line's photos are cut with (in their originals' pixels; absent or null: centred). */
  crops(config: C): {
    readonly main?: CropPixels | undefined;
    readonly additional?: readonly (CropPixels | null)[] | undefined;
  };
  /** Whether a stored line has every photo its config asks for (re-adding an old order to the cart). */
  hasItsPhotos(
    config: C,
    line: { readonly imageUrl: string; readonly additionalImages: readonly string[] },
  ): boolean;
  /** Whether a line may be printed in colour (a lightbox's Colour processing). */
  readonly offersColour: boolean;
  /** A colour print (two more production days, the colour printer). */
  isColour(config: Readonly<Record<string, unknown>>): boolean;
  /** What it weighs in a parcel. */
  parcelPieces(line: { readonly bundleId: string | null; readonly quantity: number }): ParcelPieces;
  /** Whether two configs are the same thing bought; absent: the cart's merge key decides. */
  sameThing?(a: C, b: C): boolean;
}
