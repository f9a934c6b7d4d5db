import { MESSAGES } from "@shared/messages";
import type { SignInInput, SignUpInput } from "@shared/schemas";
import { orderKeys } from "@web/app/order-keys";
import { loadedQueryClient } from "@web/app/query";
import { accountKeys } from "@web/features/auth/api/account-keys";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Me } from "./api/me";
import { describeError, fromThrown } from "./authErrors";
import { loadAuthClient, useSession } from "./session";
import { useMeState } from "./useMeState";

export type SocialProvider = "google" | "github" | "facebook";

export type AuthStatus = "loading" | "signedIn" | "signedOut";

/** Where a finished sign-in (e-mail link, OAuth) lands. */
export const AFTER_SIGN_IN_PATH = "/account";

export type SignInResult =
  | { kind: "ok" }
  | { kind: "mfa" }
  | { kind: "error"; code: string | undefined; message: string; unexpected: boolean };

export type ActionResult =
  | { ok: true }
  | { ok: false; code?: string | undefined; message: string; unexpected: boolean };

export interface AuthContextValue {
  /** Loading until the session is known, then signed in or signed out. */
  readonly status: AuthStatus;
  /** The session's user id (known before /api/me answers). */
  readonly userId: string | null;
  /** GET /api/me: user, profile, role and whether MFA must be set up. Null until it answers. */
  readonly me: Me | null;
  /** True while a signed-in user's /api/me is still loading. */
  readonly meLoading: boolean;
  /** The admin check: true only for role 'admin', false on error. */
  readonly isAdmin: boolean;
  readonly needsMfaSetup: boolean;
  /** Sign-in gave no session because the account has a TOTP factor: a code is needed. */
  readonly mfaRequired: boolean;
  setMfaRequired: (required: boolean) => void;
  signInWithPassword: (input: SignInInput) => Promise<SignInResult>;
  signUp: (input: SignUpInput) => Promise<ActionResult>;
  signInSocial: (provider: SocialProvider) => Promise<ActionResult>;
  resendVerification: (email: string) => Promise<boolean>;
  /** Second step of a sign-in: an authenticator code or a backup code. */
  verifyMfaSignIn: (code: string, kind: "totp" | "backup") => Promise<ActionResult>;
  /** Signs out; `beforeSignOut` hooks (the saved-cart flush) run first. */
  signOut: () => Promise<void>;
  /** Re-reads the session and /api/me (after an MFA or profile change). */
  refresh: () => Promise<void>;
  /** Re-reads /api/me only (after a profile change). */
  refreshMe: () => Promise<void>;
  /** Registers work that must finish before a sign-out; returns the unregister function. */
  onBeforeSignOut: (hook: () => Promise<void> | void) => () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in account's cached answers; dropped when the account changes. */
const ACCOUNT_QUERY_KEYS = [
  accountKeys.profile,
  orderKeys.history,
  accountKeys.mfaFactors,
  accountKeys.hasPassword,
];

/** react-query loads with the first page that uses it; before that nothing is cached. */
function forgetAccountData() {
  const queryClient = loadedQueryClient();
  if (!queryClient) return;
  for (const queryKey of ACCOUNT_QUERY_KEYS) queryClient.removeQueries({ queryKey });
}

/** The signed-in state for the whole app: the Better Auth session plus GET /api/me. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [mfaRequiredState, setMfaRequired] = useState(false);
  const beforeSignOut = useRef(new Set<() => Promise<void> | void>());

  const userId = session.data?.user.id ?? null;
  const status: AuthStatus =
    session.isPending && !session.data ? "loading" : userId ? "signedIn" : "signedOut";
  const meState = useMeState(userId);
  const me = meState.me;
  // /api/me says 401 while the session looks alive: it has ended (expired, signed out elsewhere).
  const meUnauthorised = meState.unauthorised;
  useEffect(() => {
    if (meUnauthorised) void session.refetch();
  }, [meUnauthorised, session.refetch]);
  // Cleared as soon as a session appears.
  const mfaRequired = mfaRequiredState && status !== "signedIn";

  const refreshMe = meState.reload;
  const refresh = useCallback(async () => {
    await session.refetch();
    await refreshMe();
  }, [session.refetch, refreshMe]);

  const signInWithPassword = useCallback(
    async (input: SignInInput): Promise<SignInResult> => {
      try {
        const authClient = await loadAuthClient();
        const { data, error } = await authClient.signIn.email({
          email: input.email,
          password: input.password,
        });
        if (error) return { kind: "error", ...describeError(error) };
        if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
          const methods: unknown = "twoFactorMethods" in data ? data.twoFactorMethods : undefined;
          // The code dialog needs a TOTP factor (the first one is used).
          if (Array.isArray(methods) && !methods.includes("totp")) {
            return {
              kind: "error",
              code: "NO_MFA_FACTORS",
              message: MESSAGES.mfaSignIn.noFactorsFound,
              unexpected: false,
            };
          }
          setMfaRequired(true);
          return { kind: "mfa" };
        }
        forgetAccountData();
        await session.refetch();
        return { kind: "ok" };
      } catch (error) {
        return { kind: "error", code: undefined, ...fromThrown(error) };
      }
    },
    [session.refetch],
  );

  const signUp = useCallback(async (input: SignUpInput): Promise<ActionResult> => {
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.signUp.email({
        email: input.email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`.trim(),
        // The spec's sign-up metadata (first_name, last_name) for the profile.
        ...({ firstName: input.firstName, lastName: input.lastName } as Record<string, string>),
        callbackURL: AFTER_SIGN_IN_PATH,
      });
      if (error) return { ok: false, ...describeError(error) };
      return { ok: true };
    } catch (error) {
      return fromThrown(error);
    }
  }, []);

  const signInSocial = useCallback(async (provider: SocialProvider): Promise<ActionResult> => {
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.signIn.social({
        provider,
        callbackURL: AFTER_SIGN_IN_PATH,
        errorCallbackURL: "/auth",
      });
      if (error) return { ok: false, ...describeError(error) };
      return { ok: true };
    } catch (error) {
      return fromThrown(error);
    }
  }, []);

  const resendVerification = useCallback(async (email: string) => {
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL: AFTER_SIGN_IN_PATH });
      return !error;
    } catch {
      return false;
    }
  }, []);

  const verifyMfaSignIn = useCallback(
    async (code: string, kind: "totp" | "backup"): Promise<ActionResult> => {
      try {
        const authClient = await loadAuthClient();
        const { error } =
          kind === "totp"
            ? await authClient.twoFactor.verifyTotp({ code })
            : await authClient.twoFactor.verifyBackupCode({ code });
        if (error) return { ok: false, ...describeError(error) };
        setMfaRequired(false);
        forgetAccountData();
        await session.refetch();
        return { ok: true };
      } catch (error) {
        return fromThrown(error);
      }
    },
    [session.refetch],
  );

  const signOut = useCallback(async () => {
    for (const hook of [...beforeSignOut.current]) {
      try {
        await hook();
      } catch (error) {
        console.warn("A sign-out hook failed", error);
      }
    }
    try {
      const authClient = await loadAuthClient();
      // Better Auth's client tells the other tabs, which re-read the session.
      await authClient.signOut();
    } finally {
      setMfaRequired(false);
      await session.refetch();
      // Only now, with no signed-in observer left, drop the account's cached data.
      forgetAccountData();
    }
  }, [session.refetch]);

  const onBeforeSignOut = useCallback((hook: () => Promise<void> | void) => {
    beforeSignOut.current.add(hook);
    return () => {
      beforeSignOut.current.delete(hook);
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      userId,
      me,
      meLoading: status === "signedIn" && !meState.settled,
      isAdmin: me?.isAdmin === true,
      needsMfaSetup: me?.needsMfaSetup === true,
      mfaRequired,
      setMfaRequired,
      signInWithPassword,
      signUp,
      signInSocial,
      resendVerification,
      verifyMfaSignIn,
      signOut,
      refresh,
      refreshMe,
      onBeforeSignOut,
    }),
    [
      status,
      userId,
      me,
      meState.settled,
      mfaRequired,
      signInWithPassword,
      signUp,
      signInSocial,
      resendVerification,
      verifyMfaSignIn,
      signOut,
      refresh,
      refreshMe,
      onBeforeSignOut,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(MESSAGES.providers.auth);
  return context;
}
