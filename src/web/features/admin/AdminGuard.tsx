import { MESSAGES } from "@shared/messages";
import { Link, Navigate, useLocation } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useAuth } from "../auth";

/**
 * Guards the admin area: Loading while the session and role are looked up; anonymous
 * visitors go to /auth; signed-in non-admins see Access Denied; an admin who has not set up
 * MFA yet goes to /account, where the setup overlay waits.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading" || auth.meLoading) {
    return (
      <main id="main" tabIndex={-1}>
        <div
          role="status"
          aria-live="polite"
          className="mx-auto max-w-5xl px-4 py-24 text-center text-stone-600"
        >
          {MESSAGES.common.loading}
        </div>
      </main>
    );
  }
  if (auth.status === "signedOut")
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (!auth.isAdmin) return <AccessDenied />;
  if (auth.needsMfaSetup || auth.me?.user.twoFactorEnabled !== true)
    return <Navigate to="/account" replace />;
  return <>{children}</>;
}

function AccessDenied() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-16 md:py-24">
      <Card className="p-8 text-center">
        <span className="mx-auto inline-flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-800">
          <ShieldAlert aria-hidden="true" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-3xl text-stone-900">{MESSAGES.accessDenied.title}</h1>
        <p className="mt-3 text-lg text-stone-800">{MESSAGES.accessDenied.description}</p>
        <p className="mt-2 text-stone-700">{MESSAGES.accessDenied.hint}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses("primary", "md")}>
            Back to the shop
          </Link>
          <Link to="/account" className={buttonClasses("outline", "md")}>
            Your account
          </Link>
        </div>
      </Card>
    </main>
  );
}
