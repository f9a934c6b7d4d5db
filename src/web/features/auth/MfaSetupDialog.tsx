import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { BRAND_NAME } from "@shared/brand";
import { MFA_QR_ERROR_CORRECTION, MFA_QR_MARGIN, MFA_QR_SIZE_PX } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { authClient } from "@web/features/auth/api/auth-client";
import { KeyRound, ShieldCheck, Smartphone } from "lucide-react";
import QRCode from "qrcode";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useAuth } from "./AuthProvider";
import { BackupCodes } from "./BackupCodes";
import { CodeInput, isCompleteCode } from "./CodeInput";
import { ManualKey, manualEntryKey } from "./ManualKey";
import { type MfaSetupStep, StepIndicator } from "./MfaSetupSteps";
import { PasswordField } from "./PasswordField";
import { mfaApi, useHasPassword } from "./queries";
import { errorMessage, notify } from "./toast";

interface MfaSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the code is verified and the completion recorded. */
  onEnabled: () => void | Promise<void>;
  /** First-login prompt for customers: the Skip button. */
  onSkip?: (() => void | Promise<void>) | undefined;
  /**
   * Administrators who must set up MFA: a blocking overlay with no Skip (the intro says why; the
   * server answers 'Cannot Skip' to a skip); dismissing it with Escape, or "Sign out", signs them out.
   */
  mandatory?: { onSignOut: () => void } | undefined;
}

/** Steps intro -> qr -> verify. Closing resets it (an unverified factor is replaced at the next start). */
export function MfaSetupDialog({ open, onOpenChange, onEnabled, onSkip, mandatory }: MfaSetupDialogProps) {
  const auth = useAuth();
  // OAuth-only accounts have no password to confirm (the server allows them without one).
  const hasPassword = useHasPassword(auth.userId).data !== false;
  const [step, setStep] = useState<MfaSetupStep>("intro");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [totpUri, setTotpUri] = useState("");
  const [qrDataUrl, setQrDataUrl] = useState<string | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[]>([]);
  const [code, setCode] = useState("");

  useEffect(() => {
    if (open) return;
    setStep("intro");
    setPassword("");
    setPasswordError(undefined);
    setBusy(false);
    setTotpUri("");
    setQrDataUrl(null);
    setBackupCodes([]);
    setCode("");
  }, [open]);

  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (hasPassword && !password) {
      setPasswordError(ACCOUNT_MESSAGES.mfa.passwordRequired);
      return;
    }
    setBusy(true);
    setPasswordError(undefined);
    try {
      const { data, error } = await authClient.twoFactor.enable({ password });
      if (error || !data || !("totpURI" in data)) {
        if (error?.code === "TOTP_ALREADY_ENABLED") notify(ACCOUNT_MESSAGES.mfa.setupAlreadyExists);
        else notify(ACCOUNT_MESSAGES.mfa.setupError);
        if (error?.code === "INVALID_PASSWORD")
          setPasswordError(error.message || ACCOUNT_MESSAGES.auth.incorrectPassword);
        return;
      }
      setTotpUri(data.totpURI);
      setBackupCodes(data.backupCodes);
      try {
        setQrDataUrl(
          await QRCode.toDataURL(data.totpURI, {
            width: MFA_QR_SIZE_PX,
            margin: MFA_QR_MARGIN,
            errorCorrectionLevel: MFA_QR_ERROR_CORRECTION,
          }),
        );
      } catch {
        setQrDataUrl(null);
        notify(ACCOUNT_MESSAGES.mfa.qrFailed);
      }
      setStep("qr");
    } catch {
      notify(ACCOUNT_MESSAGES.mfa.setupError);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !isCompleteCode(code)) return;
    setBusy(true);
    try {
      const { error } = await authClient.twoFactor.verifyTotp({ code });
      if (error) {
        notify(ACCOUNT_MESSAGES.mfa.verifyFailed);
        setCode("");
        return;
      }
      await mfaApi.complete().catch((err: unknown) => console.warn("Could not record MFA completion", err));
      notify(ACCOUNT_MESSAGES.mfa.enabled);
      await onEnabled();
      onOpenChange(false);
    } catch (err) {
      console.warn("MFA verification failed", errorMessage(err));
      notify(ACCOUNT_MESSAGES.mfa.verifyFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      blocking={Boolean(mandatory)}
      // The spec: an administrator who dismisses the set-up is signed out.
      {...(mandatory ? { onBlockedEscape: () => void mandatory.onSignOut() } : {})}
      title={
        step === "intro"
          ? "Set up multi-factor authentication"
          : step === "qr"
            ? "Scan the QR code"
            : "Enter your verification code"
      }
      description={<StepIndicator step={step} />}
      className="max-w-xl"
    >
      {step === "intro" ? (
        <form noValidate onSubmit={start} className="space-y-5">
          {mandatory ? (
            <p className="rounded-xl border border-glow-300 bg-glow-50 p-3 text-sm text-stone-800">
              {ACCOUNT_MESSAGES.mfa.cannotSkip.description} Set it up now to continue to the admin area.
            </p>
          ) : null}
          <ul className="space-y-3 text-stone-700">
            <IntroPoint icon={<Smartphone aria-hidden="true" className="h-5 w-5" />}>
              You will need an authenticator app on your phone, such as Google Authenticator, Microsoft
              Authenticator, 1Password or Authy.
            </IntroPoint>
            <IntroPoint icon={<ShieldCheck aria-hidden="true" className="h-5 w-5" />}>
              Each time you log in we will ask for the 6-digit code the app shows, so a stolen password alone
              is not enough to get into your account.
            </IntroPoint>
            {hasPassword ? (
              <IntroPoint icon={<KeyRound aria-hidden="true" className="h-5 w-5" />}>
                To keep your account safe, please confirm your password first.
              </IntroPoint>
            ) : null}
          </ul>
          {hasPassword ? (
            <PasswordField
              label="Your password"
              name="mfa-password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(undefined);
              }}
              error={passwordError}
              disabled={busy}
            />
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {mandatory ? (
              <Button variant="ghost" onClick={mandatory.onSignOut}>
                Sign out
              </Button>
            ) : onSkip ? (
              <Button variant="ghost" onClick={() => void onSkip()}>
                Skip for now
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {busy ? "Setting up…" : "Set up MFA"}
            </Button>
          </div>
        </form>
      ) : null}

      {step === "qr" ? (
        <div className="space-y-6">
          <p className="text-stone-700">
            Open your authenticator app, add a new account and scan this code. If you cannot scan it, type the
            key below instead.
          </p>
          {qrDataUrl ? (
            <img
              src={qrDataUrl}
              width={MFA_QR_SIZE_PX}
              height={MFA_QR_SIZE_PX}
              alt={`QR code to add ${BRAND_NAME} to your authenticator app`}
              className="mx-auto h-auto w-full max-w-[300px] rounded-xl border border-stone-200"
            />
          ) : null}
          <ManualKey secret={manualEntryKey(totpUri)} />
          <BackupCodes codes={backupCodes} />
          <div className="flex justify-end">
            <Button onClick={() => setStep("verify")}>{ACCOUNT_MESSAGES.mfa.continueToVerification}</Button>
          </div>
        </div>
      ) : null}

      {step === "verify" ? (
        <form noValidate onSubmit={verify} className="space-y-5">
          <p className="text-stone-700">
            Enter the 6-digit code your authenticator app now shows for {BRAND_NAME}.
          </p>
          <CodeInput value={code} onChange={setCode} autoFocus disabled={busy} label="Verification code" />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => setStep("qr")} disabled={busy}>
              {MESSAGES.common.back}
            </Button>
            <Button type="submit" disabled={busy || !isCompleteCode(code)}>
              {busy ? "Verifying…" : "Verify and enable"}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}

function IntroPoint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-glow-100 text-glow-800">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}
