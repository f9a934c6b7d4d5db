/**
 * The public catalogue's answers, declared once for the server (which serialises them) and
 * the web (which reads them through the typed client).
 *   GET /api/catalog/products -> CatalogProductsAnswer
 *   GET /api/catalog/options  -> CatalogOptionsAnswer
 */
import type { Bundle } from "./bundles";
import type { ChannelAttenuation, ColourRole } from "./colour-printer";
import type { GroupedOptions } from "./options";

export type ProductStatus = "available" | "coming_soon";

/** A product as the shop shows it. Money is GBP pence. */
export interface CatalogProduct {
  id: string;
  name: string;
  description: string;
  category: string;
  pricePence: number;
  status: ProductStatus;
  imageUrl: string | null;
  specifications: string[];
  features: string[];
  compatibility: string | null;
  /** Units that can still be bought; null: made to order (no stock kept). */
  stockAvailable: number | null;
}

export interface CatalogProductsAnswer {
  /** Products on sale or coming soon, in the maker's order. */
  products: CatalogProduct[];
}

export interface CatalogOptionsAnswer {
  /** Active options by type (processing, frame_color, shape, size), each in sort order. */
  options: GroupedOptions;
  /** "fallback" when the options table is empty and the spec's defaults are shown. */
  source: "database" | "fallback";
  /** The spec's bundles with the owner's prices (issue 18). */
  bundles: readonly Bundle[];
  /** The owner's free-shipping threshold, GBP pence. */
  freeShippingThresholdPence: number;
  /** The active filament's attenuation k per mm (issue 19): the creator's 3D preview maps tones with it. */
  attenuationPerMm: number;
  /** Its scattering, sigma per mm of plastic (decision 338): the preview's light model draws with it. */
  scatterPerMm: number;
  /**
   * The colour printer's spools (issue 22), role, colour and k per channel, so the creator's 3D
   * preview shows a colour panel with the same model as the print file. Empty until all four
   * roles are set (then colour panels preview with the default set).
   */
  colourFilaments: PreviewColourFilament[];
}

export interface PreviewColourFilament {
  role: ColourRole;
  colour: string;
  attenuationPerMm: ChannelAttenuation;
}
