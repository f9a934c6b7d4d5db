import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import {
  EMAIL_CHANGE_SIGN_OUT_DELAY_MS,
  MFA_DATE_FORMAT,
  MFA_DELETE_SIGN_OUT_DELAY_MS,
} from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  changeEmailSchema,
  changePasswordSchema,
  FIELD_MAX_LENGTH,
} from "@shared/schemas";
import { authClient } from "@web/api/auth";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Dialog } from "@web/components/ui/dialog";
import { TextField } from "@web/components/ui/field";
import { format } from "date-fns";
import { KeyRound, Mail, RotateCcw, ShieldCheck, ShieldOff, Smartphone, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import {
  CodeInput,
  errorMessage,
  isCompleteCode,
  MfaSetupDialog,
  mfaApi,
  notify,
  PasswordField,
  sameText,
  useAuth,
  useHasPassword,
  useMfaFactors,
  withCrossFieldChecks,
} from "../auth";
import { DataSection } from "./DataSection";
import { SectionHeading } from "./SectionHeading";

/** Security: change password, change email, multi-factor authentication, your data. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <MfaSection />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePasswordSection />
        <ChangeEmailSection />
      </div>
      <DataSection />
    </div>
  );
}

const EMPTY_PASSWORD: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

const changePasswordResolver = withCrossFieldChecks<ChangePasswordInput>(zodResolver(changePasswordSchema), [
  {
    field: "confirmPassword",
    message: ACCOUNT_MESSAGES.password.mismatch,
    fails: (v) => v.newPassword !== "" && v.newPassword !== v.confirmPassword,
  },
]);

function ChangePasswordSection() {
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

function ChangeEmailSection() {
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

function MfaSection() {
  const auth = useAuth();
  const enabled = auth.me?.user.twoFactorEnabled === true;
  const factors = useMfaFactors(enabled);
  // The first TOTP factor is the one in use.
  const factor = factors.data?.[0] ?? null;
  const [setupOpen, setSetupOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <Card className="p-6 md:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <SectionHeading
          icon={<ShieldCheck aria-hidden="true" className="h-5 w-5" />}
          title="Multi-factor authentication"
        >
          {enabled
            ? "Logging in asks for a code from your authenticator app as well as your password."
            : "Add a second step to logging in: a 6-digit code from an authenticator app on your phone."}
        </SectionHeading>
        <Badge tone={enabled ? "success" : "neutral"}>{enabled ? "Active" : "Inactive"}</Badge>
      </div>

      {enabled ? (
        <div className="mt-6 space-y-4">
          <div className="rounded-xl border border-stone-200 p-4 sm:flex sm:items-center sm:gap-4">
            <div className="flex min-w-0 flex-1 items-center gap-4">
              <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                <Smartphone aria-hidden="true" className="h-5 w-5" />
              </span>
              <div className="min-w-0">
                <p className="font-medium text-stone-900" data-testid="mfa-factor-name">
                  {factor?.friendlyName || ACCOUNT_MESSAGES.mfa.defaultFactorName}
                </p>
                {factor?.createdAt ? (
                  <p className="text-sm text-stone-600">
                    Added {format(new Date(factor.createdAt), MFA_DATE_FORMAT)}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="mt-4 flex flex-wrap gap-2 sm:mt-0">
              <ResetMfaButton />
              <Button variant="outline" size="sm" onClick={() => setDeleteOpen(true)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {ACCOUNT_MESSAGES.mfa.delete}
              </Button>
            </div>
          </div>
          <DeleteMfaDialog open={deleteOpen} onOpenChange={setDeleteOpen} />
        </div>
      ) : (
        <div className="mt-6">
          <Button onClick={() => setSetupOpen(true)}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {ACCOUNT_MESSAGES.mfa.enable}
          </Button>
          <MfaSetupDialog open={setupOpen} onOpenChange={setSetupOpen} onEnabled={auth.refresh} />
        </div>
      )}
    </Card>
  );
}

/** Delete: confirm with a current code and the password, remove the factor, clear the flags. */
function DeleteMfaDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const auth = useAuth();
  const hasPassword = useHasPassword(auth.userId).data !== false;
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) return;
    setCode("");
    setPassword("");
    setBusy(false);
  }, [open]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !isCompleteCode(code) || (hasPassword && !password)) return;
    setBusy(true);
    try {
      // Verifies the code, removes the authenticator and clears the MFA flags in one call.
      await mfaApi.reset({ code, ...(hasPassword ? { password } : {}) });
      // Administrators must set MFA up again: they are signed out and asked at the next login.
      const willSignOut = auth.isAdmin;
      notify(ACCOUNT_MESSAGES.mfa.deleted(willSignOut));
      onOpenChange(false);
      if (willSignOut) {
        window.setTimeout(() => void auth.signOut(), MFA_DELETE_SIGN_OUT_DELAY_MS);
      } else {
        await auth.refresh();
      }
    } catch (error) {
      notify(ACCOUNT_MESSAGES.mfa.deletionFailed(errorMessage(error)));
      setCode("");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete multi-factor authentication"
      description={
        hasPassword
          ? "Enter a current code from your authenticator app and your password to confirm."
          : "Enter a current code from your authenticator app to confirm."
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <CodeInput value={code} onChange={setCode} autoFocus disabled={busy} label="Authentication code" />
        {hasPassword ? (
          <PasswordField
            label="Password"
            name="mfa-delete-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {MESSAGES.common.cancel}
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={busy || !isCompleteCode(code) || (hasPassword && !password)}
          >
            <ShieldOff aria-hidden="true" className="h-4 w-4" />
            {busy ? "Deleting…" : "Delete MFA"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Reset: removes every authenticator and clears the MFA flags (for a lost phone or a stuck setup). */
function ResetMfaButton() {
  const auth = useAuth();
  const hasPassword = useHasPassword(auth.userId).data !== false;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword("");
      setPasswordError(undefined);
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (hasPassword && !password) {
      setPasswordError(ACCOUNT_MESSAGES.mfa.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      await mfaApi.reset(hasPassword ? { password } : {});
      notify(ACCOUNT_MESSAGES.mfa.resetComplete);
      onOpenChange(false);
      await auth.refresh();
    } catch (error) {
      const status = typeof error === "object" && error && "status" in error ? error.status : undefined;
      if (status === 400) setPasswordError(errorMessage(error));
      notify(ACCOUNT_MESSAGES.mfa.resetFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Reset
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-2xl text-stone-900">Reset MFA?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-stone-700">
            This removes your authenticator from your account, for example after losing your phone. You can
            set it up again afterwards
            {auth.isAdmin ? ", and as an administrator you must before using the admin area." : "."}
          </AlertDialog.Description>
          <form noValidate onSubmit={reset} className="mt-5 space-y-4">
            {hasPassword ? (
              <PasswordField
                label="Password"
                name="mfa-reset-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setPasswordError(undefined);
                }}
                error={passwordError}
                disabled={busy}
              />
            ) : null}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={busy}>
                  {MESSAGES.common.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? "Resetting…" : "Reset MFA"}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
