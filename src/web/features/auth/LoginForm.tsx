import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { FIELD_MAX_LENGTH, type SignInInput, signInSchema } from "@shared/schemas";
import { Link } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { TOUCH_TARGET } from "@web/components/ui/button-classes";
import { cn } from "@web/components/ui/cn";
import { TextField } from "@web/components/ui/field";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "./AuthProvider";
import { PasswordField } from "./PasswordField";
import { notify } from "./toast";

const EMPTY_SIGN_IN: SignInInput = { email: "", password: "" };

/** Designed: the spec gives no text for an unverified account or a resent link. */
const UNVERIFIED = {
  title: "Please verify your email address",
  description: (email: string) =>
    `We have just sent a new verification link to ${email}. Open it to activate your account, then log in here.`,
  resend: "Send the link again",
  sent: { title: "Verification email sent", variant: "default", description: "Please check your inbox." },
} as const;

export function LoginForm() {
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
