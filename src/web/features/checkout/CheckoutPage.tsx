import { useCart } from "../cart";
import { CheckoutForm } from "./CheckoutForm";
import { EmptyCheckout } from "./EmptyCheckout";

export function CheckoutPage() {
  const cart = useCart();
  if (cart.items.length === 0) return <EmptyCheckout />;
  return <CheckoutForm />;
}
