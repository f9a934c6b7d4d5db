/**
 * The mixed requests after which issue 21 measures the server's memory (bench/startup.ts on
 * PGlite, bench/load.ts on PostgreSQL). The server must trust 127.0.0.1 as a proxy
 * (TRUSTED_PROXIES), so each checkout counts under its own address.
 */
import { buildAccessoryCartItem } from "../src/shared/cart.js";
import { ADAPTER, checkoutRequest } from "./_checkout-client.js";

/** Issue 21 measures the server's RSS after this many mixed requests. */
export const MIXED_REQUESTS = 10_000;

/**
 * MIXED_REQUESTS requests, 20 at a time, as a shop's visitors make them: catalogue reads, the
 * storefront, shipping zones, the sitemap, health, and one guest checkout in ten (each from its own address). Throws on
 * any answer but the expected one.
 */
export async function mixedRequests(base: string): Promise<void> {
  const kinds = [
    "/api/catalog/products",
    "/api/catalog/options",
    "/api/catalog/products",
    "/api/storefront",
    "/api/shipping/zones",
    "/sitemap.xml",
    "/api/catalog/products",
    "/api/catalog/options",
    "/api/health",
    "checkout",
  ] as const;
  let next = 0;
  const one = async (i: number) => {
    const kind = kinds[i % kinds.length] ?? "/api/health";
    if (kind !== "checkout") {
      const res = await fetch(`${base}${kind}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${kind}: ${res.status}`);
      return;
    }
    const res = await fetch(`${base}/api/checkout`, {
      method: "POST",
      headers: {
        origin: base,
        "content-type": "application/json",
        "x-forwarded-for": `10.9.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify(
        checkoutRequest({ firstName: "Mixed", lastName: "Load", email: `mixed-${i}@example.com` }, [
          buildAccessoryCartItem(ADAPTER),
        ]),
      ),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`checkout: ${res.status} ${text}`);
  };
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = next++; i < MIXED_REQUESTS; i = next++) await one(i);
    }),
  );
}
