/**
 * The session, read through Better Auth's own client, which is loaded lazily: the AuthProvider
 * asks for it once the app has rendered, so it is not part of the shop's first load. The
 * client's session store (the one its useSession hook reads) refetches the session on window
 * focus (at most every 5 s), when the browser is back online and when another tab signs in or
 * out, and the client tells the other tabs when this one signs out.
 */
import { startTransition, useCallback, useEffect, useState } from "react";

type AuthClient = typeof import("@web/features/auth/api/auth-client").authClient;
/** What Better Auth's useSession gives: { data, isPending, isRefetching, error, refetch }. */
type SessionValue = ReturnType<AuthClient["useSession"]>;

/** Better Auth's session store: the nanostores atom behind its useSession hook. */
interface SessionStore {
  get(): SessionValue;
  listen(listener: (value: SessionValue) => void): () => void;
  subscribe(listener: (value: SessionValue) => void): () => void;
}

function sessionStore(client: AuthClient): SessionStore {
  const store: SessionStore | undefined = client.$store.atoms.session;
  if (!store) throw new Error("Better Auth's client has no session store.");
  return store;
}

export interface SessionData {
  readonly user: { readonly id: string };
}

export interface SessionState {
  readonly data: SessionData | null;
  /** True until the first answer (a later refetch keeps what is known). */
  readonly isPending: boolean;
}

let authClientPromise: Promise<AuthClient> | undefined;

/** The Better Auth client, loaded on first use (the session, sign-in, sign-up, MFA, sign-out…). */
export function loadAuthClient(): Promise<AuthClient> {
  authClientPromise ??= import("@web/features/auth/api/auth-client").then(
    (m) => m.authClient,
    (error: unknown) => {
      authClientPromise = undefined; // The next use tries again.
      throw error;
    },
  );
  return authClientPromise;
}

/**
 * Asks the store for the session again and resolves once it has settled. After a sign-in or a
 * sign-out the client starts a fetch of its own, which replaces ours: then its answer is
 * awaited too, so the caller never sees the session from before the change.
 */
async function refetchSession(client: AuthClient): Promise<void> {
  const store = sessionStore(client);
  await store.get().refetch();
  if (!store.get().isRefetching) return;
  await new Promise<void>((resolve) => {
    const stop = store.listen((value) => {
      if (value.isRefetching) return;
      stop();
      resolve();
    });
  });
}

/** The session, as Better Auth's useSession gives it: { data, isPending } and refetch(). */
export function useSession(): SessionState & { refetch: () => Promise<void> } {
  const [state, setState] = useState<SessionState>({ data: null, isPending: true });

  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    const start = async () => {
      try {
        const store = sessionStore(await loadAuthClient());
        if (!active) return;
        let settled = false;
        // Subscribing mounts the store: it fetches the session and starts its refresh triggers.
        stop = store.subscribe((value) => {
          const first = !settled;
          if (!value.isPending) settled = true;
          const next = { data: value.data, isPending: !settled };
          // The first answer arrives while the page loads and re-renders much of it: in a
          // transition (no long task). Later changes (sign-in, sign-out) apply at once.
          if (first) startTransition(() => setState(next));
          else setState(next);
        });
      } catch (error) {
        // The client could not be loaded (offline, a new deploy): act as signed out.
        console.warn("Could not load the sign-in client", error);
        if (active) setState({ data: null, isPending: false });
      }
    };
    void start();
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  const refetch = useCallback(async () => {
    try {
      await refetchSession(await loadAuthClient());
    } catch (error) {
      console.warn("Could not read the session", error);
    }
  }, []);

  return { ...state, refetch };
}
