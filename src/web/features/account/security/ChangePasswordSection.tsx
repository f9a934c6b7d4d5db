import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { type ChangePasswordInput, changePasswordSchema } from "@shared/schemas";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { authClient } from "@web/features/auth/api";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { notify, PasswordField, withCrossFieldChecks } from "../../auth";
import { SectionHeading } from "../SectionHeading";

const EMPTY_PASSWORD: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

const changePasswordResolver = withCrossFieldChecks<ChangePasswordInput>(zodResolver(changePasswordSchema), [
  {
    field: "confirmPassword",
    message: ACCOUNT_MESSAGES.password.mismatch,
    fails: (v) => v.newPassword !== "" && v.newPassword !== v.confirmPassword,
  },
]);

/** Change password: the current one, then the new one twice. */
export function ChangePasswordSection() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: changePasswordResolver,
    defaultValues: EMPTY_PASSWORD,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { error } = await authClient.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: true,
      });
      if (error) {
        notify(ACCOUNT_MESSAGES.password.changeFailed(error.message));
        return;
      }
      notify(ACCOUNT_MESSAGES.password.updated);
      reset(EMPTY_PASSWORD);
    } catch {
      notify(ACCOUNT_MESSAGES.password.changeFailed());
    }
  });

  return (
    <Card className="p-6">
      <SectionHeading icon={<KeyRound aria-hidden="true" className="h-5 w-5" />} title="Change password">
        Other devices are signed out when your password changes.
      </SectionHeading>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-busy={isSubmitting}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Updating…" : "Update Password"}
        </Button>
      </form>
    </Card>
  );
}
