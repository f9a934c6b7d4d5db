/**
 * Postcode address lookup behind one small interface. The real provider is getAddress.io's
 * "Find" API (GET https://api.getAddress.io/find/{postcode}?api-key=…&expand=true), used
 * when ADDRESS_API_KEY is set; it covers UK postcodes. Without a key there is no lookup at
 * all (the route answers 503 'Address Lookup Failed' and the customer types the address) —
 * never made-up addresses.
 */
import type { AddressLookupResult } from "@shared/schemas";
import { FIELD_MAX_LENGTH } from "@shared/schemas";
import type { Logger } from "../lib/logger.js";

export interface AddressLookup {
  /** The provider's name, for logs. */
  readonly provider: string;
  /** Addresses at the postcode; [] when the postcode has none or is not a postcode. Throws AddressLookupError. */
  lookup(postcode: string, country: string): Promise<AddressLookupResult[]>;
}

export class AddressLookupError extends Error {
  constructor(
    public readonly kind: "unavailable" | "unsupported_country",
    message: string,
  ) {
    super(message);
    this.name = "AddressLookupError";
  }
}

/** Countries whose postcodes the UK provider knows. */
export const UK_LOOKUP_COUNTRIES: readonly string[] = ["United Kingdom"];
const MAX_RESULTS = 100;
const TIMEOUT_MS = 5000;

/** A UK postcode without spaces: 5 to 7 letters and digits ending digit-letter-letter. */
export function compactUkPostcode(postcode: string): string | null {
  const compact = postcode.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact) ? compact : null;
}

function formatPostcode(compact: string): string {
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

function clip(value: unknown, max: number): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

function joinParts(parts: readonly string[]): string {
  const out: string[] = [];
  for (const part of parts) if (part && out[out.length - 1] !== part) out.push(part);
  return out.join(", ");
}

interface GetAddressExpanded {
  line_1?: unknown;
  line_2?: unknown;
  line_3?: unknown;
  line_4?: unknown;
  locality?: unknown;
  town_or_city?: unknown;
  county?: unknown;
}

/** Maps one getAddress.io address (expanded object, or the older comma-separated string). */
export function mapGetAddressEntry(entry: unknown, postcode: string): AddressLookupResult | null {
  let fields: GetAddressExpanded;
  if (typeof entry === "string") {
    // "line1, line2, line3, line4, locality, town, county"
    const [line_1, line_2, line_3, line_4, locality, town_or_city, county] = entry
      .split(",")
      .map((p) => p.trim());
    fields = { line_1, line_2, line_3, line_4, locality, town_or_city, county };
  } else if (entry && typeof entry === "object") {
    fields = entry as GetAddressExpanded;
  } else {
    return null;
  }
  const L = FIELD_MAX_LENGTH;
  const line1 = clip(fields.line_1, L.addressLine);
  if (!line1) return null;
  const line2 = clip(
    joinParts([
      clip(fields.line_2, L.addressLine),
      clip(fields.line_3, L.addressLine),
      clip(fields.line_4, L.addressLine),
      clip(fields.locality, L.addressLine),
    ]),
    L.addressLine,
  );
  const city = clip(fields.town_or_city, L.city);
  const state = clip(fields.county, L.state);
  return {
    address_line_1: line1,
    address_line_2: line2,
    city,
    state,
    postal_code: postcode.slice(0, L.postalCode),
    formatted_address: joinParts([line1, line2, city, state, postcode]).slice(0, 500),
  };
}

export function createGetAddressLookup(opts: {
  apiKey: string;
  log: Logger;
  fetch?: typeof fetch;
  baseUrl?: string;
}): AddressLookup {
  const doFetch = opts.fetch ?? fetch;
  const baseUrl = (opts.baseUrl ?? "https://api.getAddress.io").replace(/\/$/, "");
  return {
    provider: "getaddress.io",
    async lookup(postcode, country) {
      if (!UK_LOOKUP_COUNTRIES.includes(country.trim())) {
        throw new AddressLookupError(
          "unsupported_country",
          `Postcode search covers ${UK_LOOKUP_COUNTRIES.join(", ")} only.`,
        );
      }
      const compact = compactUkPostcode(postcode);
      if (!compact) return [];
      const url = `${baseUrl}/find/${encodeURIComponent(compact)}?api-key=${encodeURIComponent(opts.apiKey)}&expand=true&sort=true`;
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        opts.log.warn({ err, provider: "getaddress.io" }, "address lookup: request failed");
        throw new AddressLookupError("unavailable", "The address service did not answer.");
      }
      // 404: no such postcode; 400: not a valid postcode. Both mean "no addresses".
      if (res.status === 404 || res.status === 400) return [];
      if (!res.ok) {
        opts.log.warn({ status: res.status, provider: "getaddress.io" }, "address lookup: provider refused");
        throw new AddressLookupError("unavailable", `The address service answered ${res.status}.`);
      }
      const body = (await res.json().catch(() => null)) as { postcode?: unknown; addresses?: unknown } | null;
      if (!body || !Array.isArray(body.addresses)) {
        throw new AddressLookupError("unavailable", "The address service sent an unexpected answer.");
      }
      const formatted =
        typeof body.postcode === "string" && body.postcode.trim()
          ? body.postcode.trim()
          : formatPostcode(compact);
      return body.addresses
        .slice(0, MAX_RESULTS)
        .map((entry) => mapGetAddressEntry(entry, formatted))
        .filter((a): a is AddressLookupResult => a !== null);
    },
  };
}

/** The configured lookup, or null when no provider is configured. */
export function createAddressLookup(
  config: { addressApiKey: string | undefined },
  log: Logger,
): AddressLookup | null {
  return config.addressApiKey ? createGetAddressLookup({ apiKey: config.addressApiKey, log }) : null;
}
