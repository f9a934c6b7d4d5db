import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import {
  FIELD_MAX_LENGTH,
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
} from "@shared/schemas";
import { authHeading, pathAfterSignIn } from "@shared/sign-in";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "@web/app/routing";
import { PageLoading } from "@web/components/layout/Layout";
import { Button } from "@web/components/ui/button";
import { TOUCH_TARGET } from "@web/components/ui/button-classes";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { TextField } from "@web/components/ui/field";
import { History, MailCheck, ShieldCheck, ShoppingBag } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "./AuthProvider";
import { sameText, withCrossFieldChecks } from "./crossFieldResolver";
import { MfaLoginDialog } from "./MfaLoginDialog";
import { PasswordField } from "./PasswordField";
import { SocialButtons } from "./SocialButtons";
import { notify } from "./toast";

type Mode = "login" | "signup";

const signUpResolver = withCrossFieldChecks<SignUpInput>(zodResolver(signUpSchema), [
  {
    field: "confirmEmail",
    message: CHECKOUT_MESSAGES.validation.emailsDoNotMatch,
    fails: (v) => v.email.trim() !== "" && !sameText(v.email, v.confirmEmail),
  },
]);

const EMPTY_SIGN_UP: SignUpInput = { firstName: "", lastName: "", email: "", confirmEmail: "", password: "" };
const EMPTY_SIGN_IN: SignInInput = { email: "", password: "" };

/** Designed: the spec gives no text for an unverified account or a resent link. */
const UNVERIFIED = {
  title: "Please verify your email address",
  description: (email: string) =>
    `We have just sent a new verification link to ${email}. Open it to activate your account, then log in here.`,
  resend: "Send the link again",
  sent: { title: "Verification email sent", variant: "default", description: "Please check your inbox." },
} as const;

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

function LoginForm() {
  const auth = useAuth();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: EMPTY_SIGN_IN });

  const onSubmit = handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    const result = await auth.signInWithPassword(values);
    if (result.kind === "error") {
      if (result.code === "EMAIL_NOT_VERIFIED") setUnverifiedEmail(values.email);
      notify(
        result.unexpected
          ? ACCOUNT_MESSAGES.auth.unexpectedError
          : ACCOUNT_MESSAGES.auth.loginFailed(result.message),
      );
    }
    // "mfa" opens the code dialog (auth.mfaRequired); "ok" makes a session and the page moves on.
  });

  const resend = async () => {
    if (!unverifiedEmail) return;
    setResending(true);
    const ok = await auth.resendVerification(unverifiedEmail);
    setResending(false);
    notify(ok ? UNVERIFIED.sent : ACCOUNT_MESSAGES.auth.unexpectedError);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={isSubmitting}>
      <h2 className="sr-only">{ACCOUNT_MESSAGES.auth.loginTab}</h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register("password")}
      />
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/auth/forgot-password"
          className={cn(
            TOUCH_TARGET,
            "inline-block py-1 font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950",
          )}
        >
          {ACCOUNT_MESSAGES.passwordReset.forgotLink}
        </Link>
      </p>
      {unverifiedEmail ? (
        <div role="alert" className="rounded-xl border border-glow-300 bg-glow-50 p-4 text-sm text-stone-800">
          <p className="flex items-center gap-2 font-semibold text-stone-900">
            <MailCheck aria-hidden="true" className="h-5 w-5 text-glow-700" />
            {UNVERIFIED.title}
          </p>
          <p className="mt-1 break-words">{UNVERIFIED.description(unverifiedEmail)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={resend} disabled={resending}>
            {resending ? "Sending…" : UNVERIFIED.resend}
          </Button>
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Logging in…" : "Log In"}
      </Button>
    </form>
  );
}

function SignUpForm({ onCreated }: { onCreated: () => void }) {
  const auth = useAuth();
  const firstFieldRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: signUpResolver, defaultValues: EMPTY_SIGN_UP });

  const onSubmit = handleSubmit(async (values) => {
    const result = await auth.signUp(values);
    if (!result.ok) {
      notify(
        result.unexpected
          ? ACCOUNT_MESSAGES.auth.unexpectedError
          : ACCOUNT_MESSAGES.auth.signUpFailed(result.message),
      );
      return;
    }
    notify(ACCOUNT_MESSAGES.auth.accountCreated);
    reset(EMPTY_SIGN_UP);
    onCreated();
  });

  const firstName = register("firstName");
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={isSubmitting}>
      <h2 className="sr-only">{ACCOUNT_MESSAGES.auth.signUpTab}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={FIELD_MAX_LENGTH.name}
          required
          error={errors.firstName?.message}
          {...firstName}
          ref={(el) => {
            firstName.ref(el);
            firstFieldRef.current = el;
          }}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={FIELD_MAX_LENGTH.name}
          required
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Confirm email"
        type="email"
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        required
        error={errors.confirmEmail?.message}
        {...register("confirmEmail")}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating account…" : "Create Account"}
      </Button>
    </form>
  );
}
