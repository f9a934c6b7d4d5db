/**
 * The stored kinds of the lightbox, the accessory and the lamp (order_items.kind, a cart line's config.kind),
 * apart from their types so the zod-free cart lines and ../cart.ts's schemas name them without
 * loading a type. Never renamed: orders, saved carts and customers' browsers hold them.
 */
export const LIGHTBOX_KIND = "lithophane" as const;
export const ACCESSORY_KIND = "accessory" as const;
export const LAMP_KIND = "lamp" as const;
/** The option type of the lamp's sizes in product_options (owner-set price and status per size). */
export const LAMP_SIZE_OPTION_TYPE = "lamp_size" as const;
