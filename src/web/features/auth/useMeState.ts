import { ApiRequestError } from "@web/lib/http/api-error";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchMe, type Me } from "./api/me";

interface MeState {
  readonly userId: string;
  readonly me: Me | null;
  /** 401 from /api/me: the session has ended. */
  readonly unauthorised: boolean;
}

/**
 * GET /api/me for the signed-in user, kept per user id (a new sign-in never sees the last
 * one's): asked again on refresh(), one retry unless the answer is 401.
 */
export function useMeState(userId: string | null) {
  const [state, setState] = useState<MeState | null>(null);
  const latest = useRef(0);
  const load = useCallback(async (forUser: string) => {
    const request = ++latest.current;
    for (let attempt = 0; ; attempt++) {
      try {
        const me = await fetchMe();
        if (request === latest.current) setState({ userId: forUser, me, unauthorised: false });
        return;
      } catch (error) {
        const unauthorised = error instanceof ApiRequestError && error.status === 401;
        if (!unauthorised && attempt < 1) {
          await new Promise((resolve) => window.setTimeout(resolve, 1000));
          continue;
        }
        if (request === latest.current) {
          // A failed refresh keeps the last answer, as a query would.
          setState((s) => ({ userId: forUser, me: s?.userId === forUser ? s.me : null, unauthorised }));
        }
        return;
      }
    }
  }, []);
  useEffect(() => {
    if (userId) void load(userId);
    else {
      latest.current++;
      setState(null);
    }
  }, [userId, load]);
  const current = userId && state?.userId === userId ? state : null;
  const reload = useCallback(async () => {
    if (userId) await load(userId);
  }, [userId, load]);
  return {
    me: current?.me ?? null,
    settled: current !== null,
    unauthorised: current?.unauthorised === true,
    reload,
  };
}
