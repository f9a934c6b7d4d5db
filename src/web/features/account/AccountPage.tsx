import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { useNavigate, useSearchParams } from "@web/app/routing";
import { PageLoading } from "@web/components/layout/Layout";
import { Button } from "@web/components/ui/button";
import { History, LogOut, ShieldCheck, UserRound } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { notify, useAuth } from "../auth";
import { LeaveAccountContext } from "./leaveAccount";
import { OrdersTab } from "./OrdersTab";
import { ProfileTab } from "./ProfileTab";
import { SecurityTab } from "./SecurityTab";

const TABS = ["profile", "security", "orders"] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly string[]).includes(value ?? "");
}

const triggerClass =
  "inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-sm sm:gap-2 sm:px-4 font-semibold text-stone-700 hover:bg-stone-200 data-[state=active]:bg-stone-900 data-[state=active]:text-white";

/** The customer's account: Profile, Security and Order History tabs, and Sign Out. */
export function AccountPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Where to go once signed out: /auth unless the sign-out said otherwise (Sign Out, account deletion).
  const [exitTo, setExitTo] = useState<string | null>(null);
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "profile";

  const signedOut = auth.status === "signedOut";
  useEffect(() => {
    if (signedOut) navigate(exitTo ?? "/auth", { replace: true });
  }, [signedOut, exitTo, navigate]);

  const leave = useCallback(
    async (to: string) => {
      setExitTo(to);
      await auth.signOut();
    },
    [auth.signOut],
  );

  if (auth.status === "loading") return <PageLoading />;
  if (signedOut) {
    return (
      <p role="status" className="mx-auto max-w-5xl px-4 py-24 text-center text-lg text-stone-700">
        {ACCOUNT_MESSAGES.account.pleaseLogIn}
      </p>
    );
  }

  const signOut = async () => {
    await leave("/");
    notify(ACCOUNT_MESSAGES.auth.signedOut);
  };

  const firstName = auth.me?.profile?.firstName?.trim();
  const email = auth.me?.user.email ?? "";

  return (
    <LeaveAccountContext.Provider value={leave}>
      <div className="mx-auto max-w-5xl px-4 py-10 md:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-4xl text-stone-900 md:text-5xl">
              {firstName ? `Hello, ${firstName}` : "Your Account"}
            </h1>
            {email ? (
              <p className="mt-2 break-all text-stone-700">
                Signed in as <span className="font-medium text-stone-900">{email}</span>
              </p>
            ) : null}
          </div>
          <Button variant="outline" onClick={signOut} disabled={exitTo !== null}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {ACCOUNT_MESSAGES.account.signOut}
          </Button>
        </div>

        <Tabs.Root
          value={tab}
          onValueChange={(value) =>
            setParams(
              (p) => {
                if (value === "profile") p.delete("tab");
                else p.set("tab", value);
                return p;
              },
              { replace: true },
            )
          }
          className="mt-8"
        >
          <Tabs.List
            aria-label="Account sections"
            className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:inline-flex sm:rounded-full sm:bg-stone-100 sm:p-1"
          >
            <Tabs.Trigger value="profile" className={triggerClass}>
              <UserRound aria-hidden="true" className="h-4 w-4" />
              {ACCOUNT_MESSAGES.account.profileTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="security" className={triggerClass}>
              <ShieldCheck aria-hidden="true" className="h-4 w-4" />
              {ACCOUNT_MESSAGES.account.securityTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="orders" className={triggerClass}>
              <History aria-hidden="true" className="h-4 w-4" />
              {ACCOUNT_MESSAGES.account.ordersTab}
            </Tabs.Trigger>
          </Tabs.List>
          <TabPanel value="profile">
            <ProfileTab />
          </TabPanel>
          <TabPanel value="security">
            <SecurityTab />
          </TabPanel>
          <TabPanel value="orders">
            <OrdersTab />
          </TabPanel>
        </Tabs.Root>
      </div>
    </LeaveAccountContext.Provider>
  );
}

function TabPanel({ value, children }: { value: Tab; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="mt-6 rounded-2xl focus-visible:outline-offset-4">
      {children}
    </Tabs.Content>
  );
}
