import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import {
  FIELD_MAX_LENGTH,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from "@shared/schemas";
import { Link, useNavigate, useSearchParams } from "@web/app/routing";
import { Button, buttonClasses } from "@web/components/ui/button";
import { TOUCH_TARGET } from "@web/components/ui/button-classes";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { TextField } from "@web/components/ui/field";
import { requestPasswordReset, resetPassword } from "@web/features/auth/api/password-reset";
import { MailCheck, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { PasswordField } from "./PasswordField";
import { notify } from "./toast";

const TEXT = ACCOUNT_MESSAGES.passwordReset;

function ResetLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Card className="p-6 md:p-8">
        <h1 className="text-3xl text-stone-900">{title}</h1>
        <p className="mt-3 text-stone-700">{intro}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

const backToLogin = (
  <p className="mt-6 text-center text-sm">
    <Link
      to="/auth"
      className={cn(
        TOUCH_TARGET,
        "font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950",
      )}
    >
      {TEXT.backToLogin}
    </Link>
  </p>
);

/** /auth/forgot-password: asks for the address and sends the reset link. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await requestPasswordReset(email);
    if (result.ok) setSentTo(email);
    else
      notify(
        TEXT.failed(
          result.reason === "rate-limited" ? ACCOUNT_MESSAGES.auth.tooManyAttempts : result.message,
        ),
      );
  });

  return (
    <ResetLayout title={TEXT.requestTitle} intro={TEXT.requestIntro}>
      {sentTo ? (
        <div role="status" className="rounded-xl border border-glow-300 bg-glow-50 p-4 text-stone-800">
          <MailCheck aria-hidden="true" className="mb-2 h-6 w-6 text-glow-700" />
          <p className="break-words">{TEXT.requestSent(sentTo)}</p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={isSubmitting}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={FIELD_MAX_LENGTH.email}
            required
            error={errors.email?.message}
            {...register("email")}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : TEXT.requestSubmit}
          </Button>
        </form>
      )}
      {backToLogin}
    </ResetLayout>
  );
}

/** /auth/reset-password?token=…: where the e-mailed link lands; sets the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [invalid, setInvalid] = useState(!token || params.get("error") !== null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    const result = await resetPassword(token, newPassword);
    if (result.ok) {
      notify(TEXT.done);
      navigate("/auth", { replace: true });
    } else if (result.reason === "invalid-token") {
      setInvalid(true);
    } else {
      notify(
        TEXT.failed(
          result.reason === "rate-limited" ? ACCOUNT_MESSAGES.auth.tooManyAttempts : result.message,
        ),
      );
    }
  });

  if (invalid) {
    return (
      <ResetLayout title={TEXT.newTitle} intro={TEXT.newIntro}>
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            {TEXT.linkInvalid}
          </p>
        </div>
        <Link to="/auth/forgot-password" className={cn(buttonClasses("primary", "md"), "mt-5 w-full")}>
          {TEXT.requestAgain}
        </Link>
        {backToLogin}
      </ResetLayout>
    );
  }

  return (
    <ResetLayout title={TEXT.newTitle} intro={TEXT.newIntro}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={isSubmitting}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : TEXT.newSubmit}
        </Button>
      </form>
      {backToLogin}
    </ResetLayout>
  );
}
