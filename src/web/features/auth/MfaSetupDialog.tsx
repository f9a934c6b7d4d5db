import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { BRAND_NAME } from "@shared/brand";
import { MFA_QR_ERROR_CORRECTION, MFA_QR_MARGIN, MFA_QR_SIZE_PX } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { authClient } from "@web/api/auth";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { TextAreaField } from "@web/components/ui/field";
import { Check, Copy, Download, KeyRound, ShieldCheck, Smartphone } from "lucide-react";
import QRCode from "qrcode";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useAuth } from "./AuthProvider";
import { CodeInput, isCompleteCode } from "./CodeInput";
import { PasswordField } from "./PasswordField";
import { mfaApi, useHasPassword } from "./queries";
import { errorMessage, notify } from "./toast";

export type MfaSetupStep = "intro" | "qr" | "verify";

/** The secret from an otpauth:// URI, grouped in fours for typing: "JBSW Y3DP EHPK 3PXP". */
export function manualEntryKey(totpUri: string): string {
  try {
    const secret = new URL(totpUri).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})(?=.)/g, "$1 ");
  } catch {
    return "";
  }
}

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

const STEPS: ReadonlyArray<{ id: MfaSetupStep; label: string }> = [
  { id: "intro", label: "Confirm" },
  { id: "qr", label: "Scan" },
  { id: "verify", label: "Verify" },
];

function StepIndicator({ step }: { step: MfaSetupStep }) {
  const index = STEPS.findIndex((s) => s.id === step);
  return (
    <span className="mt-1 block text-sm text-stone-600">
      Step {index + 1} of {STEPS.length}: {STEPS[index]?.label}
    </span>
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

function ManualKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.replace(/\s/g, ""));
      setCopied(true);
      notify(ACCOUNT_MESSAGES.mfa.secretCopied);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notify({
        title: "Copy failed",
        description: "Please select the key and copy it yourself.",
        variant: "destructive",
      });
    }
  };
  return (
    <div className="flex items-end gap-2">
      <TextAreaField
        label="Manual entry key"
        readOnly
        // Issue 47 item 12: the key wraps to three lines at 390 px. Three rows where the browser
        // cannot size the box to its text; where it can (field-sizing), exactly its lines.
        rows={3}
        value={secret}
        spellCheck={false}
        containerClassName="min-w-0 flex-1"
        className="resize-none bg-stone-50 font-mono text-sm leading-6 [field-sizing:content]"
        onFocus={(e) => e.currentTarget.select()}
        data-testid="mfa-secret"
      />
      <Button variant="outline" size="icon" onClick={copy} aria-label="Copy secret key" className="shrink-0">
        {copied ? (
          <Check aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Copy aria-hidden="true" className="h-5 w-5" />
        )}
      </Button>
    </div>
  );
}

function BackupCodes({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return null;
  const text = codes.join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: "Copied", description: "Backup codes copied to clipboard.", variant: "default" });
    } catch {
      notify({
        title: "Copy failed",
        description: "Please select the codes and copy them yourself.",
        variant: "destructive",
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${BRAND_NAME} backup codes\n\n${text}\n`], { type: "text/plain" }),
    );
    const a = document.createElement("a");
    a.href = url;
    a.download = `${BRAND_NAME.toLowerCase()}-backup-codes.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section
      aria-labelledby="backup-codes-title"
      className="rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <h3 id="backup-codes-title" className="font-sans text-base font-semibold text-stone-900">
        Backup codes
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Save these somewhere safe. If you lose your phone, each code lets you log in once. They are shown only
        now.
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-stone-900"
        data-testid="mfa-backup-codes"
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-white px-2 py-1.5 text-center ring-1 ring-stone-200">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" /> Copy codes
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" /> Download
        </Button>
      </div>
    </section>
  );
}
