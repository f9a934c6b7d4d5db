import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { MFA_DELETE_SIGN_OUT_DELAY_MS } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { ShieldOff } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import {
  CodeInput,
  errorMessage,
  isCompleteCode,
  mfaApi,
  notify,
  PasswordField,
  useAuth,
  useHasPassword,
} from "../../auth";

/** Delete: confirm with a current code and the password, remove the factor, clear the flags. */
export function DeleteMfaDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
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
