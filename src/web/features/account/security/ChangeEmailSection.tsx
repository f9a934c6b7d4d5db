import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { EMAIL_CHANGE_SIGN_OUT_DELAY_MS } from "@shared/limits";
import { type ChangeEmailInput, changeEmailSchema, FIELD_MAX_LENGTH } from "@shared/schemas";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { authClient } from "@web/features/auth/api";
import { Mail } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { notify, PasswordField, sameText, useAuth, withCrossFieldChecks } from "../../auth";
import { SectionHeading } from "../SectionHeading";

/** Change e-mail (current password, the new address twice): the new address gets a confirmation link, and this session is signed out. */
export function ChangeEmailSection() {
  const auth = useAuth();
  const currentEmail = auth.me?.user.email ?? "";
  const resolver = useMemo(
    () =>
      withCrossFieldChecks<ChangeEmailInput>(zodResolver(changeEmailSchema(currentEmail)), [
        {
          field: "newEmail",
          message: ACCOUNT_MESSAGES.email.sameAsCurrent,
          fails: (v) => v.newEmail.trim() !== "" && sameText(v.newEmail, currentEmail),
        },
        {
          field: "confirmEmail",
          message: ACCOUNT_MESSAGES.email.mismatch,
          fails: (v) => v.newEmail.trim() !== "" && !sameText(v.newEmail, v.confirmEmail),
        },
      ]),
    [currentEmail],
  );
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailInput>({
    resolver,
    defaultValues: { currentPassword: "", newEmail: "", confirmEmail: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The server asks for the current password (issue 14); Better Auth's client passes the
      // extra field through to /change-email, where the shop's hook checks it.
      const { error } = await authClient.changeEmail({
        newEmail: values.newEmail,
        callbackURL: "/account",
        ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}),
      });
      if (error) {
        notify(ACCOUNT_MESSAGES.email.updateFailed(error.message));
        return;
      }
      setDone(true);
      notify(ACCOUNT_MESSAGES.email.updateInitiated);
      // Signed out, the account page sends the visitor to /auth.
      window.setTimeout(() => void auth.signOut(), EMAIL_CHANGE_SIGN_OUT_DELAY_MS);
    } catch {
      notify(ACCOUNT_MESSAGES.email.updateFailed());
    }
  });

  return (
    <Card className="p-6">
      <SectionHeading icon={<Mail aria-hidden="true" className="h-5 w-5" />} title="Change email">
        Currently <span className="break-all font-medium text-stone-900">{currentEmail}</span>. We will send a
        link to confirm the change.
      </SectionHeading>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-busy={isSubmitting}>
        <PasswordField
          label={ACCOUNT_MESSAGES.email.currentPasswordLabel}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          disabled={done}
          {...register("currentPassword")}
        />
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          maxLength={FIELD_MAX_LENGTH.email}
          error={errors.newEmail?.message}
          disabled={done}
          {...register("newEmail")}
        />
        <TextField
          label="Confirm new email"
          type="email"
          autoComplete="email"
          maxLength={FIELD_MAX_LENGTH.email}
          error={errors.confirmEmail?.message}
          disabled={done}
          {...register("confirmEmail")}
        />
        <Button type="submit" disabled={isSubmitting || done}>
          {isSubmitting ? "Sending…" : "Update Email"}
        </Button>
      </form>
    </Card>
  );
}
