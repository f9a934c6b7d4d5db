/**
 * Where the page-wide overlays may show (issue 20, "less in the way"): the currency banner
 * never on checkout or the admin (where a price or an action matters more than a suggestion),
 * the floating cart button not on checkout (the cart is the page there).
 */
function under(pathname: string, prefix: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function showsCurrencyBanner(pathname: string): boolean {
  // Nor on the photo re-upload and proof pages reached from an e-mail (issue 30 item 13): no
  // prices there, and on a phone the banner took the first screen the customer came for.
  return !["/checkout", "/admin", "/photo", "/proof"].some((prefix) => under(pathname, prefix));
}

export function showsCartButton(pathname: string): boolean {
  return !under(pathname, "/checkout");
}

/** The creator keeps a price bar at the foot of small screens: the cart button sits above it. */
export function isCreatorPath(pathname: string): boolean {
  return under(pathname, "/shop/create") || under(pathname, "/create");
}
