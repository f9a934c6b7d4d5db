import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { Button } from "@web/components/ui/button";
import { TextAreaField } from "@web/components/ui/field";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { notify } from "./toast";

/** The secret from an otpauth:// URI, grouped in fours for typing: "JBSW Y3DP EHPK 3PXP". */
export function manualEntryKey(totpUri: string): string {
  try {
    const secret = new URL(totpUri).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})(?=.)/g, "$1 ");
  } catch {
    return "";
  }
}

export function ManualKey({ secret }: { secret: string }) {
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
