import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { authHeading, pathAfterSignIn } from "@shared/sign-in";
import { Navigate, useLocation, useNavigate, useSearchParams } from "@web/app/routing";
import { PageLoading } from "@web/components/layout/Layout";
import { Card } from "@web/components/ui/card";
import { History, ShieldCheck, ShoppingBag } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useAuth } from "./AuthProvider";
import { LoginForm } from "./LoginForm";
import { MfaLoginDialog } from "./MfaLoginDialog";
import { SignUpForm } from "./SignUpForm";
import { SocialButtons } from "./SocialButtons";
import { notify } from "./toast";

type Mode = "login" | "signup";

export function AuthPage() {
  const auth = useAuth();
  const [mode, setMode] = useState<Mode>("login");
  const [justSignedUp, setJustSignedUp] = useState(false);
  // The admin guard passes the page it came from: the owner goes back there (issue 30).
  const location = useLocation();
  const afterSignIn = pathAfterSignIn((location.state as { from?: unknown } | null)?.from);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const formShown = useRef(false);

  // Where e-mail links and OAuth land: /auth?verified=1, ?emailChanged=1 (each may carry
  // &error=CODE when the link had expired), or ?error=... from a provider that failed.
  const verified = params.get("verified");
  const emailChanged = params.get("emailChanged");
  const linkError = params.get("error");
  useEffect(() => {
    if (!verified && !emailChanged && !linkError) return;
    if ((verified || emailChanged) && linkError) notify(ACCOUNT_MESSAGES.auth.verificationLinkFailed);
    else if (verified) notify(ACCOUNT_MESSAGES.auth.emailVerified);
    else if (emailChanged) notify(ACCOUNT_MESSAGES.auth.emailChanged);
    else if (linkError) notify(ACCOUNT_MESSAGES.auth.signInFailed(linkError.replace(/_/g, " ")));
    setParams(
      (p) => {
        for (const key of ["verified", "emailChanged", "error", "error_description"]) p.delete(key);
        return p;
      },
      { replace: true },
    );
  }, [verified, emailChanged, linkError, setParams]);

  // Only the first session check shows Loading: the one a sign-in starts must not swap the form
  // out, or the focus (in the form, or returning to it from the MFA dialog) is lost.
  if (auth.status === "loading" && !formShown.current) return <PageLoading />;
  formShown.current = true;
  // A signed-in user goes to the account page (also the moment a verified MFA code makes a session).
  if (auth.status === "signedIn") return <Navigate to={afterSignIn} replace />;

  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 md:grid-cols-[1fr_28rem] md:items-start md:py-16">
      <section aria-labelledby="auth-title" className="md:pt-6">
        <h1 id="auth-title" className="text-4xl text-stone-900 md:text-5xl">
          {authHeading(mode, justSignedUp)}
        </h1>
        <p className="mt-4 max-w-md text-lg text-stone-700">
          Your account keeps your lightbox designs safe between visits and lets you follow each order from our
          workshop to your door.
        </p>
        <ul className="mt-8 hidden space-y-4 text-stone-800 md:block">
          <Benefit icon={<ShoppingBag aria-hidden="true" className="h-5 w-5" />}>
            Your cart is saved to your account and follows you to any device.
          </Benefit>
          <Benefit icon={<History aria-hidden="true" className="h-5 w-5" />}>
            See every order, including ones you placed as a guest with the same email.
          </Benefit>
          <Benefit icon={<ShieldCheck aria-hidden="true" className="h-5 w-5" />}>
            Protect your account with an authenticator app (multi-factor authentication).
          </Benefit>
        </ul>
      </section>

      <Card className="p-6 md:p-8">
        <Tabs.Root value={mode} onValueChange={(v) => setMode(v === "signup" ? "signup" : "login")}>
          <Tabs.List
            aria-label="Login or sign up"
            className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1"
          >
            <Tabs.Trigger
              value="login"
              className="min-h-10 pointer-coarse:min-h-11 rounded-full px-4 text-sm font-semibold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm"
            >
              {ACCOUNT_MESSAGES.auth.loginTab}
            </Tabs.Trigger>
            <Tabs.Trigger
              value="signup"
              className="min-h-10 pointer-coarse:min-h-11 rounded-full px-4 text-sm font-semibold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm"
            >
              {ACCOUNT_MESSAGES.auth.signUpTab}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login" className="mt-6 rounded-2xl focus-visible:outline-offset-4">
            <LoginForm />
          </Tabs.Content>
          <Tabs.Content value="signup" className="mt-6 rounded-2xl focus-visible:outline-offset-4">
            <SignUpForm
              onCreated={() => {
                setJustSignedUp(true);
                setMode("login");
              }}
            />
          </Tabs.Content>
        </Tabs.Root>

        <SocialButtons />
      </Card>

      <MfaLoginDialog
        open={auth.mfaRequired}
        onCancel={() => auth.setMfaRequired(false)}
        onVerified={() => navigate(afterSignIn, { replace: true })}
      />
    </div>
  );
}

function Benefit({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-glow-100 text-glow-800">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}
