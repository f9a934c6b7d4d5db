/**
 * Where a sign-in leads and what the sign-in page is headed (issue 30). The spec sends a
 * signed-in user to /account; someone the admin guard sent to sign in (the owner opening
 * /admin/orders/…) goes back where they were, so long as it is a page of this shop.
 */
import { BRAND_NAME } from "./brand";

export const DEFAULT_AFTER_SIGN_IN = "/account";

/** The guard's `from` if it is a page of this shop (not the sign-in page itself), else /account. */
export function pathAfterSignIn(from: unknown): string {
  if (typeof from !== "string" || from.length > 500) return DEFAULT_AFTER_SIGN_IN;
  // Same-origin paths only: "/admin", never "//evil.example" or "https://…".
  if (!from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return DEFAULT_AFTER_SIGN_IN;
  if (from === "/auth" || from.startsWith("/auth?") || from.startsWith("/auth/"))
    return DEFAULT_AFTER_SIGN_IN;
  return from;
}

/** The sign-in page's heading: "Welcome back" is for returning customers, not one who just signed up. */
export function authHeading(mode: "login" | "signup", justSignedUp: boolean): string {
  if (mode === "signup") return `Join ${BRAND_NAME}`;
  return justSignedUp ? "Confirm your e-mail, then sign in" : "Welcome back";
}
