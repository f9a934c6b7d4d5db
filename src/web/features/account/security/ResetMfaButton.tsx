import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { MESSAGES } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { RotateCcw } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type FormEvent, useState } from "react";
import { errorMessage, mfaApi, notify, PasswordField, useAuth, useHasPassword } from "../../auth";

/** Reset: removes every authenticator and clears the MFA flags (for a lost phone or a stuck setup). */
export function ResetMfaButton() {
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
