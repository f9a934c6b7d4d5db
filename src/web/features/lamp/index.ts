/** What other features use of the lamp: its card in the shop (the creator page is a route of its own). */
export { LampProductCard } from "./LampProductCard";
