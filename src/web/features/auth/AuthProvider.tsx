import { MESSAGES } from "@shared/messages";
import type { SignInInput, SignUpInput } from "@shared/schemas";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { authClient } from "@web/api/auth";
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
import {
  ME_QUERY_KEY,
  type Me,
  MFA_FACTORS_QUERY_KEY,
  ORDERS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  useMe,
} from "./queries";
import { errorMessage } from "./toast";

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
  /** Registers work that must finish before a sign-out; returns the unregister function. */
  onBeforeSignOut: (hook: () => Promise<void> | void) => () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in account's cached answers; dropped when the account changes. */
const ACCOUNT_QUERY_KEYS = [
  ME_QUERY_KEY,
  PROFILE_QUERY_KEY,
  ORDERS_QUERY_KEY,
  MFA_FACTORS_QUERY_KEY,
  ["has-password"],
];

function forgetAccountData(queryClient: QueryClient) {
  for (const queryKey of ACCOUNT_QUERY_KEYS) queryClient.removeQueries({ queryKey });
}

interface ErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

function describeError(error: ErrorLike | null | undefined): {
  code: string | undefined;
  message: string;
  unexpected: boolean;
} {
  const message = error?.message || error?.code?.replace(/_/g, " ").toLowerCase() || "";
  // No message and no status means the request never got an answer (offline, server down).
  const unexpected = !message || !error?.status || error.status >= 500;
  return { code: error?.code, message, unexpected };
}

function fromThrown(error: unknown): { ok: false; message: string; unexpected: true } {
  return {
    ok: false,
    message: errorMessage(error) ?? MESSAGES.auth.unexpectedError.description,
    unexpected: true,
  };
}

/** The signed-in state for the whole app: the Better Auth session plus GET /api/me. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const [mfaRequiredState, setMfaRequired] = useState(false);
  const beforeSignOut = useRef(new Set<() => Promise<void> | void>());

  const userId = session.data?.user.id ?? null;
  const status: AuthStatus =
    session.isPending && !session.data ? "loading" : userId ? "signedIn" : "signedOut";
  const meQuery = useMe(userId);
  const me = userId ? (meQuery.data ?? null) : null;
  // /api/me says 401 while the session looks alive: it has ended (expired, signed out elsewhere).
  const meStatus = meQuery.error && "status" in meQuery.error ? meQuery.error.status : undefined;
  useEffect(() => {
    if (meStatus === 401) void session.refetch();
  }, [meStatus, session.refetch]);
  // Cleared as soon as a session appears.
  const mfaRequired = mfaRequiredState && status !== "signedIn";

  const refresh = useCallback(async () => {
    await session.refetch();
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [session.refetch, queryClient]);

  const signInWithPassword = useCallback(
    async (input: SignInInput): Promise<SignInResult> => {
      try {
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
              message: MESSAGES.mfa.noFactorsFound,
              unexpected: false,
            };
          }
          setMfaRequired(true);
          return { kind: "mfa" };
        }
        forgetAccountData(queryClient);
        await session.refetch();
        return { kind: "ok" };
      } catch (error) {
        return { kind: "error", code: undefined, ...fromThrown(error) };
      }
    },
    [queryClient, session.refetch],
  );

  const signUp = useCallback(async (input: SignUpInput): Promise<ActionResult> => {
    try {
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
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL: AFTER_SIGN_IN_PATH });
      return !error;
    } catch {
      return false;
    }
  }, []);

  const verifyMfaSignIn = useCallback(
    async (code: string, kind: "totp" | "backup"): Promise<ActionResult> => {
      try {
        const { error } =
          kind === "totp"
            ? await authClient.twoFactor.verifyTotp({ code })
            : await authClient.twoFactor.verifyBackupCode({ code });
        if (error) return { ok: false, ...describeError(error) };
        setMfaRequired(false);
        forgetAccountData(queryClient);
        await session.refetch();
        return { ok: true };
      } catch (error) {
        return fromThrown(error);
      }
    },
    [session.refetch, queryClient],
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
      await authClient.signOut();
    } finally {
      setMfaRequired(false);
      await session.refetch();
      // Only now, with no signed-in observer left, drop the account's cached data.
      forgetAccountData(queryClient);
    }
  }, [queryClient, session.refetch]);

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
      meLoading: status === "signedIn" && meQuery.isPending,
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
      onBeforeSignOut,
    }),
    [
      status,
      userId,
      me,
      meQuery.isPending,
      mfaRequired,
      signInWithPassword,
      signUp,
      signInSocial,
      resendVerification,
      verifyMfaSignIn,
      signOut,
      refresh,
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
