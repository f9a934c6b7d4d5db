import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { MESSAGES } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { TextField } from "@web/components/ui/field";
import { type FormEvent, useEffect, useState } from "react";
import { useAuth } from "./AuthProvider";
import { CodeInput, isCompleteCode } from "./CodeInput";
import { notify } from "./toast";

/** Better Auth backup codes look like "AbCdE-fGhIj"; spaces a user pastes in are dropped. */
function cleanBackupCode(text: string): string {
  return text.replace(/\s/g, "").slice(0, 32);
}

/** Better Auth's codes mapped onto the spec's texts where it has one. */
function loginFailureText(result: { code?: string | undefined; message: string }): string {
  if (result.code === "TOTP_NOT_ENABLED" || result.code === "TWO_FACTOR_NOT_ENABLED")
    return MESSAGES.mfaSignIn.noFactorsFound;
  if (result.code === "INVALID_TWO_FACTOR_COOKIE") return ACCOUNT_MESSAGES.mfa.challengeFailed;
  return result.message;
}

/**
 * The second step of a sign-in when the account has TOTP: a 6-digit code from the
 * authenticator app, or one of the backup codes saved at setup.
 */
export function MfaLoginDialog({
  open,
  onCancel,
  onVerified,
}: {
  open: boolean;
  onCancel: () => void;
  onVerified: () => void;
}) {
  const auth = useAuth();
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const [code, setCode] = useState("");
  const [backupCode, setBackupCode] = useState("");
  const [verifying, setVerifying] = useState(false);

  useEffect(() => {
    if (open) return;
    setKind("totp");
    setCode("");
    setBackupCode("");
  }, [open]);

  const ready = kind === "totp" ? isCompleteCode(code) : backupCode.length >= 6;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || verifying) return;
    setVerifying(true);
    const result = await auth.verifyMfaSignIn(kind === "totp" ? code : backupCode, kind);
    setVerifying(false);
    if (result.ok) {
      notify(ACCOUNT_MESSAGES.mfa.welcomeBack);
      onVerified();
      return;
    }
    notify(
      result.unexpected
        ? ACCOUNT_MESSAGES.mfa.loginUnexpectedError
        : ACCOUNT_MESSAGES.mfa.loginVerificationFailed(loginFailureText(result)),
    );
    if (kind === "totp") setCode("");
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title="Two-factor verification"
      description={
        kind === "totp"
          ? "Enter the 6-digit code from your authenticator app to finish logging in."
          : "Enter one of the backup codes you saved when you set up multi-factor authentication. Each code works once."
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {kind === "totp" ? (
          <CodeInput
            value={code}
            onChange={setCode}
            autoFocus
            disabled={verifying}
            label="Authentication code"
          />
        ) : (
          <TextField
            label="Backup code"
            name="backupCode"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            value={backupCode}
            onChange={(e) => setBackupCode(cleanBackupCode(e.target.value))}
            disabled={verifying}
            className="font-mono"
          />
        )}
        <Button type="submit" className="w-full" disabled={!ready || verifying}>
          {verifying ? "Verifying…" : "Verify"}
        </Button>
        <button
          type="button"
          className="mx-auto block min-h-6 rounded px-2 py-1 text-sm font-medium text-stone-800 underline underline-offset-4 hover:text-stone-950"
          onClick={() => setKind((k) => (k === "totp" ? "backup" : "totp"))}
        >
          {kind === "totp" ? "Use a backup code" : "Use your authenticator app"}
        </button>
      </form>
    </Dialog>
  );
}
