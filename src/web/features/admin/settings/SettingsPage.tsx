/**
 * The admin's one Settings page (issue 47 item 7): alert e-mails, cart reminders and review
 * requests, backups, the printers and the payments mode. Every owner alert links here (#alerts).
 */
import { ADMIN_SETTINGS_SECTIONS, ADMIN_SETTINGS_TEXTS } from "@shared/admin-settings";
import { CUSTOMER_MAIL_TEXTS } from "@shared/customer-mail";
import { PRINTER_TEXTS } from "@shared/printers";
import { Card } from "@web/components/ui/card";
import { type ReactNode, useEffect } from "react";
import { AdminHeading, useAdminTitle } from "../ui";
import { AlertSettings } from "./AlertSettings";
import { BackupsPanel } from "./BackupsPanel";
import { CustomerMailSettingsForm } from "./CustomerMailSettings";
import { PrintersPanel } from "./PrintersPanel";
import { ShopModeControl } from "./ShopModeControl";
import { WaitingReminders } from "./WaitingReminders";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="scroll-mt-20 p-5" id={id}>
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="mb-3 text-xl text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** The section named in the address (#alerts from an alert e-mail), scrolled to once it is drawn. */
function useScrollToHash() {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (!id) return;
    const timer = window.setTimeout(() => document.getElementById(id)?.scrollIntoView(), 50);
    return () => window.clearTimeout(timer);
  }, []);
}

export function SettingsPage() {
  useAdminTitle(ADMIN_SETTINGS_TEXTS.title);
  useScrollToHash();
  const T = ADMIN_SETTINGS_TEXTS;
  return (
    <>
      <AdminHeading title={T.title} intro={T.intro} />
      <div className="space-y-6">
        <Section id={ADMIN_SETTINGS_SECTIONS.alerts} title={T.alertsTitle}>
          <AlertSettings />
        </Section>
        <Section id={ADMIN_SETTINGS_SECTIONS.reminders} title={CUSTOMER_MAIL_TEXTS.settingsTitle}>
          <CustomerMailSettingsForm />
          <WaitingReminders />
        </Section>
        <Section id={ADMIN_SETTINGS_SECTIONS.backups} title={T.backups.title}>
          <BackupsPanel />
        </Section>
        <Section id={ADMIN_SETTINGS_SECTIONS.printers} title={PRINTER_TEXTS.title}>
          <PrintersPanel />
        </Section>
        <Section id={ADMIN_SETTINGS_SECTIONS.payments} title={T.payments.title}>
          <ShopModeControl />
        </Section>
      </div>
    </>
  );
}
