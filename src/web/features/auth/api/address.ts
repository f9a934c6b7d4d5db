/**
 * Postcode search for the profile form (signed-in customers).
 *   POST /api/address/lookup { postcode, country } -> { addresses: AddressLookupResult[] }
 * [] means 'No Addresses Found'. Any error (503 when no lookup service is configured or it
 * failed, 422 for a country it does not cover, 429 after many searches) means
 * 'Address Lookup Failed' / 'Could not search for addresses. Please enter manually.'
 */
import type { AddressLookupInput } from "@shared/schemas";
import { api, ok } from "@web/lib/http/client";

export async function lookupAddresses(input: AddressLookupInput) {
  return (await ok(api.address.lookup.$post({ json: input }))).addresses;
}
