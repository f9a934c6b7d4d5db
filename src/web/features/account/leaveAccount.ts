import { createContext, useContext } from "react";

/** Signs out, then goes to `to` instead of the account page's signed-out redirect to /auth. */
export const LeaveAccountContext = createContext<(to: string) => Promise<void>>(async () => {});

export function useLeaveAccount() {
  return useContext(LeaveAccountContext);
}
