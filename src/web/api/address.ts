/**
 * Postcode search for the profile form (signed-in customers).
 *   POST /api/address/lookup { postcode, country } -> { addresses: AddressLookupResult[] }
 * [] means 'No Addresses Found'. Any error (503 when no lookup service is configured or it
 * failed, 422 for a country it does not cover, 429 after many searches) means
 * 'Address Lookup Failed' / 'Could not search for addresses. Please enter manually.'
 */
import type { AddressLookupInput, AddressLookupResult } from "@shared/schemas";
import { readJson } from "./http";

export async function lookupAddresses(input: AddressLookupInput): Promise<AddressLookupResult[]> {
  const res = fetch("/api/address/lookup", {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(input),
  });
  return (await readJson<{ addresses: AddressLookupResult[] }>(res)).addresses;
}
