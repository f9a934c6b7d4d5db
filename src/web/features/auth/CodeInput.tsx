import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { MFA_CODE_LENGTH } from "@shared/limits";
import { TextField } from "@web/components/ui/field";
import { type ClipboardEvent, forwardRef, type ReactNode } from "react";

/** Keeps the digits of typed or pasted text, at most six: " 123 456 " -> "123456". */
export function onlyCodeDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, MFA_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === MFA_CODE_LENGTH && /^\d+$/.test(code);
}

interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  label?: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  autoFocus?: boolean;
  disabled?: boolean;
  name?: string;
}

/**
 * The six-digit authenticator code: numeric keyboard, one-time-code autofill, capped at six
 * digits. Pasting "123 456" or "123-456" works (the separators are dropped before the cap).
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value, onChange, label = "Verification code", hint, error, autoFocus, disabled, name = "code" },
  ref,
) {
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData("text");
    if (!pasted) return;
    e.preventDefault();
    onChange(onlyCodeDigits(pasted));
  };
  return (
    <TextField
      ref={ref}
      label={label}
      hint={hint}
      error={error}
      name={name}
      value={value}
      onChange={(e) => onChange(onlyCodeDigits(e.target.value))}
      onPaste={onPaste}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={MFA_CODE_LENGTH}
      placeholder={ACCOUNT_MESSAGES.mfa.codePlaceholder}
      autoFocus={autoFocus}
      disabled={disabled}
      spellCheck={false}
      className="text-center font-mono text-2xl tracking-[0.5em]"
    />
  );
});
