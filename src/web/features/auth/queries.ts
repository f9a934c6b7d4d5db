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
  fetchMfaFactors,
  fetchProfile,
  resetMfa,
  skipMfa,
  updateProfile,
} from "@web/api/account";
import { lookupAddresses } from "@web/api/address";
import { authClient } from "@web/api/auth";
import { fetchSavedCart, saveCart } from "@web/api/cart";
import { fetchOrderHistory } from "@web/api/orders";
import { useAuth } from "./AuthProvider";
import {
  HAS_PASSWORD_QUERY_KEY,
  MFA_FACTORS_QUERY_KEY,
  ORDERS_QUERY_KEY,
  PROFILE_QUERY_KEY,
} from "./query-keys";

export type { AuthProviders, Me, MeUser, MfaFactor, Profile } from "@web/api/account";
export type { AccountOrder } from "@web/api/orders";

export {
  HAS_PASSWORD_QUERY_KEY,
  ME_QUERY_KEY,
  MFA_FACTORS_QUERY_KEY,
  ORDERS_QUERY_KEY,
  PROFILE_QUERY_KEY,
} from "./query-keys";

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
  // GET /api/me lives in the AuthProvider (outside react-query: it is part of the first load).
  const { refreshMe } = useAuth();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(input),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      void refreshMe();
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
    queryKey: [...HAS_PASSWORD_QUERY_KEY, userId],
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
