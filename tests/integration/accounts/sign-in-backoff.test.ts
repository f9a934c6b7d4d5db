/**
 * Issue 46 item 7: sign-in is limited per account beside the per-IP limit (many addresses
 * cannot guess one account's password), and the limiters' keys hold no e-mail address (in
 * Redis, shared by several servers, they would be a list of the shop's customers).
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSignInLimits } from "../../../src/server/auth.js";
import { ACCOUNT_MESSAGES } from "../../../src/shared/account-messages.js";
import { createUser, DEFAULT_PASSWORD, signIn, signUp, uniqueEmail } from "../../support/accounts.js";
import { randomIp } from "../../support/requests.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("sign-in per account", () => {
  it("refuses one account's sign-in after its attempts, from however many addresses", async () => {
    const user = await createUser(shop, { verify: "direct" });
    const other = await createUser(shop, { verify: "direct" });
    const statuses: number[] = [];
    // Twelve wrong passwords, each from an address of its own: the per-IP limit never trips.
    for (let i = 0; i < 12; i++) {
      const { res } = await signIn(shop, user.email, `wrong-password-${i}`, { ip: randomIp() });
      statuses.push(res.status);
    }
    // createUser signed in once already.
    const allowed = (accountSignInLimits(shop.ctx.config.rateLimit.signInPerAccount)[0]?.limit ?? 0) - 1;
    expect(allowed).toBeLessThan(12);
    expect(statuses.slice(0, allowed).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(allowed)).toEqual(Array(12 - allowed).fill(429));
    const refused = await signIn(shop, user.email, DEFAULT_PASSWORD, { ip: randomIp() });
    expect(refused.res.status).toBe(429);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.auth.tooManyAccountAttempts);
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // The address as typed another way is the same account.
    const shouted = await signIn(shop, user.email.toUpperCase(), DEFAULT_PASSWORD, { ip: randomIp() });
    expect(shouted.res.status).toBe(429);
    // Another account is not affected.
    expect((await signIn(shop, other.email, DEFAULT_PASSWORD, { ip: randomIp() })).res.status).toBe(200);
  });
});

const REDIS_URL = "redis://127.0.0.1:6379/9";

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe("the limiters' keys in Redis", () => {
  it("hold no e-mail address", { timeout: 60_000 }, async (context) => {
    if (!(await redisReachable())) context.skip();
    const redisShop = await createTestShop({ REDIS_URL });
    const redis = new Redis(REDIS_URL);
    try {
      const email = uniqueEmail("redis-key");
      const local = email.split("@")[0] ?? email;
      // A sign-up (its verification e-mail's per-recipient cap) and sign-ins (per account).
      expect((await signUp(redisShop, { email })).status).toBe(200);
      await redisShop.ctx.background.idle();
      await signIn(redisShop, email, "not-the-password", { ip: randomIp() });
      const keys: string[] = [];
      let cursor = "0";
      do {
        const [next, found] = await redis.scan(cursor, "MATCH", "lithobox:rl:*", "COUNT", 1000);
        keys.push(...found);
        cursor = next;
      } while (cursor !== "0");
      expect(keys.some((k) => k.includes("sign-in-account"))).toBe(true);
      expect(keys.some((k) => k.includes("auth-mail"))).toBe(true);
      expect(keys.filter((k) => k.toLowerCase().includes(local.toLowerCase()))).toEqual([]);
    } finally {
      redis.disconnect();
      await redisShop.close();
    }
  });
});
