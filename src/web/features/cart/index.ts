/** What other features use of the cart. */
export { useCart } from "./CartProvider";
export { cartItemTitle } from "./itemTitle";
export { notify } from "./notify";
