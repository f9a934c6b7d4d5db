import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { addressLookupSchema } from "@shared/schemas";
import { Hono } from "hono";
import { type AddressLookup, AddressLookupError, createAddressLookup } from "../accounts/index.js";
import type { AppContext } from "../context.js";
import { createRateLimiter } from "../lib/rate-limit.js";
import { HttpError, validationHook, zValidator } from "../lib/validation.js";
import { requireUser } from "../session.js";

/** Lookups cost money at the provider: each account gets this many per window. */
const LOOKUPS_PER_WINDOW = 30;
const WINDOW_MS = 10 * 60 * 1000;

/**
 * POST /address/lookup {postcode, country} -> {addresses: [...]} for a signed-in customer.
 * No provider configured, or the provider failing: 503 with the spec's 'Address Lookup
 * Failed' text; a country the provider does not cover: 422 with the same text.
 */
export function addressRoutes(
  ctx: AppContext,
  lookup: AddressLookup | null = createAddressLookup(ctx.config, ctx.log),
) {
  const limiter = createRateLimiter({
    name: "address",
    store: ctx.rateLimits,
    limit: LOOKUPS_PER_WINDOW,
    windowMs: WINDOW_MS,
  });
  const failed = ACCOUNT_MESSAGES.address.lookupFailed.description;

  return new Hono().post(
    "/address/lookup",
    zValidator("json", addressLookupSchema, validationHook),
    async (c) => {
      const user = await requireUser(ctx, c);
      const { postcode, country } = c.req.valid("json");
      if (!lookup) throw new HttpError(503, "address_lookup_unavailable", failed);

      if (!(await limiter.hit(user.id)).ok) {
        throw new HttpError(429, "too_many_lookups", ACCOUNT_MESSAGES.auth.tooManyAttempts);
      }

      try {
        const addresses = await lookup.lookup(postcode, country);
        return c.json({ addresses });
      } catch (error) {
        if (error instanceof AddressLookupError) {
          if (error.kind === "unsupported_country")
            throw new HttpError(422, "address_lookup_unsupported_country", failed);
          throw new HttpError(503, "address_lookup_unavailable", failed);
        }
        throw error;
      }
    },
  );
}
