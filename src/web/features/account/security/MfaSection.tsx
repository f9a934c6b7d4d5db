import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { MFA_DATE_FORMAT } from "@shared/limits";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { format } from "date-fns";
import { ShieldCheck, Smartphone, Trash2 } from "lucide-react";
import { useState } from "react";
import { MfaSetupDialog, useAuth, useMfaFactors } from "../../auth";
import { SectionHeading } from "../SectionHeading";
import { DeleteMfaDialog } from "./DeleteMfaDialog";
import { ResetMfaButton } from "./ResetMfaButton";

/** Multi-factor authentication: set it up, or see the authenticator in use and remove or reset it. */
export function MfaSection() {
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
