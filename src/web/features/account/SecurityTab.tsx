import { DataSection } from "./DataSection";
import { ChangeEmailSection } from "./security/ChangeEmailSection";
import { ChangePasswordSection } from "./security/ChangePasswordSection";
import { MfaSection } from "./security/MfaSection";

/** Security: change password, change email, multi-factor authentication, your data. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <MfaSection />
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePasswordSection />
        <ChangeEmailSection />
      </div>
      <DataSection />
    </div>
  );
}
