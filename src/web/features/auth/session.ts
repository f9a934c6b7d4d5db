/**
 * The Better Auth session without the Better Auth client in the first load: a plain GET of its
 * get-session endpoint, refreshed the way the client's useSession refreshes it (window focus at
 * most every 5 s, back online, and the "better-auth.message" storage event another tab's
 * sign-out sends). The client itself (src/web/api/auth.ts) loads only for auth actions.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface SessionData {
  readonly user: { readonly id: string };
}

export interface SessionState {
  readonly data: SessionData | null;
  readonly isPending: boolean;
}

/** Better Auth's cross-tab message key (its WindowBroadcastChannel). */
const BROADCAST_KEY = "better-auth.message";
const FOCUS_REFETCH_GAP_MS = 5_000;

let authClientPromise: Promise<typeof import("@web/api/auth").authClient> | undefined;

/** The Better Auth client, loaded on first use (sign-in, sign-up, MFA, sign-out…). */
export function loadAuthClient() {
  authClientPromise ??= import("@web/api/auth").then((m) => m.authClient);
  return authClientPromise;
}

function isSession(value: unknown): value is SessionData {
  if (typeof value !== "object" || value === null || !("user" in value)) return false;
  const { user } = value;
  return typeof user === "object" && user !== null && "id" in user && typeof user.id === "string";
}

/** GET /api/auth/get-session: the session, or null when signed out. Throws when unreachable. */
async function getSession(): Promise<SessionData | null> {
  const res = await fetch("/api/auth/get-session", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`get-session answered ${res.status}`);
  const body: unknown = await res.json().catch(() => null);
  return isSession(body) ? body : null;
}

/** Tells the other tabs (as Better Auth's client does) that the session changed. */
export function broadcastSessionChange(trigger: "signout" | "updateUser") {
  try {
    window.localStorage.setItem(
      BROADCAST_KEY,
      JSON.stringify({
        event: "session",
        data: { trigger },
        clientId: Math.random().toString(36).slice(2, 9),
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // Storage unavailable: other tabs catch up on their next focus.
  }
}

/** The session, like Better Auth's useSession: { data, isPending } and refetch(). */
export function useSession(): SessionState & { refetch: () => Promise<void> } {
  const [state, setState] = useState<SessionState>({ data: null, isPending: true });
  const latest = useRef(0);
  const lastRequestAt = useRef(0);

  const refetch = useCallback(async () => {
    const request = ++latest.current;
    lastRequestAt.current = Date.now();
    try {
      const data = await getSession();
      if (request === latest.current) setState({ data, isPending: false });
    } catch (error) {
      // Unreachable: keep what we knew (signed out when we knew nothing).
      console.warn("Could not read the session", error);
      if (request === latest.current) setState((s) => ({ data: s.data, isPending: false }));
    }
  }, []);

  useEffect(() => {
    void refetch();
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      if (Date.now() - lastRequestAt.current < FOCUS_REFETCH_GAP_MS) return;
      void refetch();
    };
    const onOnline = () => onVisible();
    const onStorage = (event: StorageEvent) => {
      if (event.key !== BROADCAST_KEY || !event.newValue) return;
      try {
        const message: unknown = JSON.parse(event.newValue);
        if (
          typeof message === "object" &&
          message !== null &&
          "event" in message &&
          message.event === "session"
        ) {
          void refetch();
        }
      } catch {
        // Not a session message.
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("storage", onStorage);
    };
  }, [refetch]);

  return { ...state, refetch };
}
