/**
 * The account features' queries and calls, on the typed clients in src/web/api/. Query keys
 * live here so every screen refreshes the same data.
 */
import type { CartItem } from "@shared/cart";
import type { ProfileInput } from "@shared/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  completeMfa,
  deleteAccount,
  downloadAccountExport,
  fetchAuthProviders,
  fetchMe,
  fetchMfaFactors,
  fetchProfile,
  resetMfa,
  skipMfa,
  updateProfile,
} from "@web/api/account";
import { lookupAddresses } from "@web/api/address";
import { authClient } from "@web/api/auth";
import { fetchSavedCart, saveCart } from "@web/api/cart";
import { ApiRequestError } from "@web/api/client";
import { fetchOrderHistory } from "@web/api/orders";

export type { AuthProviders, Me, MeUser, MfaFactor, Profile } from "@web/api/account";
export type { AccountOrder } from "@web/api/orders";

export const ME_QUERY_KEY = ["me"] as const;
export const PROFILE_QUERY_KEY = ["profile"] as const;
export const ORDERS_QUERY_KEY = ["orders"] as const;
export const MFA_FACTORS_QUERY_KEY = ["mfa-factors"] as const;

/** GET /api/me for the signed-in user (keyed by user id, so a new sign-in never sees the last one's). */
export function useMe(userId: string | null) {
  return useQuery({
    queryKey: [...ME_QUERY_KEY, userId],
    queryFn: fetchMe,
    enabled: userId !== null,
    staleTime: 0,
    // A 401 means the session is gone: no point asking twice.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status === 401),
  });
}

/** Which OAuth providers the shop has client ids for. */
export function useSocialProviders() {
  return useQuery({
    queryKey: ["auth-providers"],
    queryFn: fetchAuthProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, staleTime: 0 });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(input),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useOrders() {
  return useQuery({ queryKey: ORDERS_QUERY_KEY, queryFn: fetchOrderHistory, staleTime: 0 });
}

/** The TOTP factor list (the spec's MFA factor: id, friendly name, created). */
export function useMfaFactors(enabled: boolean) {
  return useQuery({ queryKey: MFA_FACTORS_QUERY_KEY, queryFn: fetchMfaFactors, enabled, staleTime: 0 });
}

/** Whether the account has a password (OAuth-only accounts do not, and are not asked for one). */
export function useHasPassword(userId: string | null) {
  return useQuery({
    queryKey: ["has-password", userId],
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw error;
      return (data ?? []).some((account) => account.providerId === "credential");
    },
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const mfaApi = { skip: skipMfa, complete: completeMfa, reset: resetMfa };

export const cartApi = {
  load: fetchSavedCart,
  /** Saves the whole cart; resolves to the server's lines (its prices and texts). */
  save: async (items: readonly CartItem[]): Promise<CartItem[]> => (await saveCart(items)).items,
};

export const addressApi = { lookup: lookupAddresses };

export const accountApi = { exportData: downloadAccountExport, deleteAccount };
