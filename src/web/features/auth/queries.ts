/**
 * The account features' queries and calls, on the typed clients in ./api/ and the orders feature's api (whose
 * queryOptions factories hold the query keys, so every screen refreshes the same data).
 */
import type { CartItem } from "@shared/cart";
import type { ProfileInput } from "@shared/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  accountKeys,
  accountQueries,
  completeMfa,
  deleteAccount,
  downloadAccountExport,
  resetMfa,
  skipMfa,
  updateProfile,
} from "@web/features/auth/api/account";
import { lookupAddresses } from "@web/features/auth/api/address";
import { authClient } from "@web/features/auth/api/auth-client";
import { fetchSavedCart, saveCart } from "@web/features/cart/api";
import { orderQueries } from "@web/features/orders/api";
import { useAuth } from "./AuthProvider";

export type { AuthProviders, MeUser, MfaFactor, Profile } from "@web/features/auth/api/account";
export type { Me } from "@web/features/auth/api/me";
export type { AccountOrder } from "@web/features/orders/api";

/** Which OAuth providers the shop has client ids for. */
export function useSocialProviders() {
  return useQuery(accountQueries.authProviders());
}

export function useProfile() {
  return useQuery(accountQueries.profile());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  // GET /api/me lives in the AuthProvider (outside react-query: it is part of the first load).
  const { refreshMe } = useAuth();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(input),
    onSuccess: (profile) => {
      queryClient.setQueryData(accountQueries.profile().queryKey, profile);
      void refreshMe();
    },
  });
}

export function useOrders() {
  return useQuery(orderQueries.history());
}

/** The TOTP factor list (the spec's MFA factor: id, friendly name, created). */
export function useMfaFactors(enabled: boolean) {
  return useQuery({ ...accountQueries.mfaFactors(), enabled });
}

/** Whether the account has a password (OAuth-only accounts do not, and are not asked for one). */
export function useHasPassword(userId: string | null) {
  return useQuery({
    queryKey: [...accountKeys.hasPassword, userId],
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
