import { MESSAGES } from "@shared/messages";
import { NavLink } from "@web/app/routing";
import { cn } from "@web/components/ui/cn";
import { ShieldCheck, UserRound } from "lucide-react";
import { useAuth } from "./AuthProvider";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors",
    isActive ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-200",
  );

/** Anonymous: a sign-in icon to /auth. Signed in: Account; admins also Admin. */
export function NavAccountLinks() {
  const { status, isAdmin } = useAuth();
  if (status === "signedIn") {
    return (
      <>
        {isAdmin ? (
          <NavLink to="/admin" className={linkClass}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="sr-only sm:not-sr-only">{MESSAGES.nav.admin}</span>
          </NavLink>
        ) : null}
        <NavLink to="/account" className={linkClass}>
          <UserRound aria-hidden="true" className="h-4 w-4 shrink-0" />
          {/* Icon only on narrow screens; the name stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">{MESSAGES.nav.account}</span>
        </NavLink>
      </>
    );
  }
  return (
    <NavLink
      to="/auth"
      aria-label={MESSAGES.nav.signIn}
      title={MESSAGES.nav.signIn}
      aria-busy={status === "loading" || undefined}
      className="inline-flex h-11 w-11 items-center justify-center rounded-full text-stone-800 hover:bg-stone-200"
    >
      <UserRound aria-hidden="true" className="h-5 w-5" />
    </NavLink>
  );
}
