import { MESSAGES } from "@shared/messages";
import { Card } from "@web/components/ui/card";
import { useState } from "react";
import { useAuth, useProfile } from "../auth";
import { ProfileEditor } from "./profile/ProfileEditor";
import { ProfileSummary } from "./profile/ProfileSummary";

/** Profile: read-only first, Edit to change it, Cancel reloads it, Update Profile saves it. */
export function ProfileTab() {
  const auth = useAuth();
  const profileQuery = useProfile();
  const [editing, setEditing] = useState(false);
  const email = profileQuery.data?.email || auth.me?.user.email || "";

  if (profileQuery.isPending) {
    return (
      <Card>
        <p role="status" className="text-stone-600">
          {MESSAGES.common.loading}
        </p>
      </Card>
    );
  }

  return editing ? (
    <ProfileEditor
      profile={profileQuery.data ?? null}
      email={email}
      onDone={() => setEditing(false)}
      onCancel={async () => {
        await profileQuery.refetch();
        setEditing(false);
      }}
    />
  ) : (
    <ProfileSummary profile={profileQuery.data ?? null} email={email} onEdit={() => setEditing(true)} />
  );
}
