import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { useLocation, useNavigate } from "@web/app/routing";
import { useEffect, useState } from "react";
import { useAuth } from "./AuthProvider";
import { MfaSetupDialog } from "./MfaSetupDialog";
import { mfaApi } from "./queries";
import { notify } from "./toast";

const DISMISSED_KEY = "lithobox.mfaPromptDismissed";

function readDismissed(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * First login without MFA (GET /api/me says needsMfaSetup): customers get the setup dialog
 * over the page with a Skip button; administrators get a blocking overlay they cannot skip,
 * pages under /admin send them to /account, and dismissing it signs them out.
 */
export function FirstLoginMfa() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Closing the offer (without skipping) means "not now": not again in this browser session.
  const [dismissedFor, setDismissedForState] = useState<string | null>(readDismissed);
  const setDismissedFor = (userId: string | null) => {
    setDismissedForState(userId);
    try {
      if (userId) window.sessionStorage.setItem(DISMISSED_KEY, userId);
    } catch {
      // Storage unavailable: the offer may come back on the next page load.
    }
  };
  // Customers are prompted when they arrive (the first /api/me answer for this user on this
  // page load), not in the middle of a visit, e.g. right after removing MFA in Security.
  const [promptFor, setPromptFor] = useState<{ userId: string; prompt: boolean } | null>(null);
  const me = auth.me;
  useEffect(() => {
    if (!me || promptFor?.userId === me.user.id) return;
    setPromptFor({ userId: me.user.id, prompt: me.needsMfaSetup });
  }, [me, promptFor]);
  const needsSetup = auth.status === "signedIn" && auth.needsMfaSetup;
  const mandatory = needsSetup && auth.isAdmin;
  const promptCustomer = promptFor !== null && promptFor.userId === auth.userId && promptFor.prompt;

  useEffect(() => {
    if (mandatory && (pathname === "/admin" || pathname.startsWith("/admin/"))) {
      navigate("/account", { replace: true });
    }
  }, [mandatory, pathname, navigate]);

  const open = needsSetup && (mandatory || (promptCustomer && dismissedFor !== auth.userId));

  const skip = async () => {
    try {
      await mfaApi.skip();
      notify(ACCOUNT_MESSAGES.mfa.skipped);
      setDismissedFor(auth.userId);
      await auth.refresh();
    } catch (error) {
      const status = typeof error === "object" && error && "status" in error ? error.status : undefined;
      notify(status === 403 ? ACCOUNT_MESSAGES.mfa.cannotSkip : ACCOUNT_MESSAGES.auth.unexpectedError);
    }
  };

  const signOut = async () => {
    await auth.signOut();
    notify(ACCOUNT_MESSAGES.auth.signedOut);
    navigate("/", { replace: true });
  };

  return (
    <MfaSetupDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setDismissedFor(auth.userId);
      }}
      onEnabled={auth.refresh}
      onSkip={mandatory ? undefined : skip}
      mandatory={mandatory ? { onSignOut: signOut } : undefined}
    />
  );
}
