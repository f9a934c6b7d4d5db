/**
 * The stored kinds of the lightbox and the accessory (order_items.kind, a cart line's config.kind),
 * apart from their types so the zod-free cart lines and ../cart.ts's schemas name them without
 * loading a type. Never renamed: orders, saved carts and customers' browsers hold them.
 */
export const LIGHTBOX_KIND = "lithophane" as const;
export const ACCESSORY_KIND = "accessory" as const;
