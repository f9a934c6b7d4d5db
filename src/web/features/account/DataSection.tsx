import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { MESSAGES } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { Download, FileDown, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type FormEvent, useState } from "react";
import { accountApi, errorMessage, notify, PasswordField, useAuth, useHasPassword } from "../auth";
import { useLeaveAccount } from "./leaveAccount";
import { SectionHeading } from "./SectionHeading";

/** Designed texts (UK GDPR: access and erasure); the spec has none for these. */
const DATA_TEXT = {
  exportFailed: {
    title: "Download Failed",
    description: "We couldn't prepare your data. Please try again.",
    variant: "destructive",
  },
  exported: {
    title: "Download Ready",
    description: "Your data has been downloaded as a JSON file.",
    variant: "default",
  },
  deleted: {
    title: "Account Deleted",
    description: "Your account and personal data have been deleted.",
    variant: "default",
  },
  deleteFailed: (message?: string) => ({
    title: "Deletion Failed",
    description: message || "We couldn't delete your account. Please try again.",
    variant: "destructive" as const,
  }),
} as const;

const CONFIRM_WORD = "DELETE";

export function DataSection() {
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await accountApi.exportData();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
      notify(DATA_TEXT.exported);
    } catch {
      notify(DATA_TEXT.exportFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="p-6">
      <SectionHeading icon={<FileDown aria-hidden="true" className="h-5 w-5" />} title="Your data">
        Download everything we hold about you, or delete your account. Orders are kept for our accounts
        without your personal details.
      </SectionHeading>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="outline" onClick={download} disabled={downloading}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {downloading ? "Preparing…" : "Download my data"}
        </Button>
        <DeleteAccountButton />
      </div>
    </Card>
  );
}

function DeleteAccountButton() {
  const auth = useAuth();
  const hasPassword = useHasPassword(auth.userId).data !== false;
  const leaveAccount = useLeaveAccount();
  const [open, setOpen] = useState(false);
  const [word, setWord] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const ready = word === CONFIRM_WORD && (!hasPassword || password.length > 0);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setWord("");
      setPassword("");
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await accountApi.deleteAccount({ confirm: CONFIRM_WORD, ...(hasPassword ? { password } : {}) });
      setOpen(false);
      await leaveAccount("/");
      notify(ACCOUNT_MESSAGES.account.deleted);
    } catch (error) {
      notify(DATA_TEXT.deleteFailed(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" className="text-red-800 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete my account
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-2xl text-stone-900">
            Delete your account?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-stone-700">
            This cannot be undone. Your profile, saved cart and sign-in details are deleted. Type{" "}
            {CONFIRM_WORD} and enter your password to confirm.
          </AlertDialog.Description>
          <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
            <TextField
              label={`Type ${CONFIRM_WORD} to confirm`}
              name="confirm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={word}
              onChange={(e) => setWord(e.target.value)}
            />
            {hasPassword ? (
              <PasswordField
                label="Password"
                name="delete-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            ) : null}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={busy}>
                  {MESSAGES.common.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" disabled={!ready || busy}>
                {busy ? "Deleting…" : "Delete my account"}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
