import { describe, expect, it } from "vitest";
import { SnapshotCache, toSnapshot } from "./catalog-cache.js";

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("toSnapshot", () => {
  it("tags the JSON with a weak SHA-1 ETag and reuses the encodings of unchanged bytes", () => {
    const a = toSnapshot({ products: [1, 2] });
    expect(a.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(Buffer.from(a.body).toString("utf8")).toBe('{"products":[1,2]}');
    expect(toSnapshot({ products: [1, 2] }, a)).toBe(a);
    expect(toSnapshot({ products: [1, 3] }, a).etag).not.toBe(a.etag);
  });
});

describe("SnapshotCache", () => {
  it("loads once for concurrent callers and serves from memory within the TTL", async () => {
    let loads = 0;
    let now = 0;
    const cache = new SnapshotCache(
      async () => ({ n: ++loads }),
      1000,
      () => now,
    );
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    now = 999;
    expect(await cache.get()).toBe(a);
    expect(loads).toBe(1);
  });

  it("after the TTL answers with the old snapshot once while reloading, then the new one", async () => {
    let value = 1;
    let now = 0;
    const cache = new SnapshotCache(
      async () => ({ value }),
      1000,
      () => now,
    );
    const first = await cache.get();
    value = 2;
    now = 1000;
    expect(await cache.get()).toBe(first);
    await new Promise((r) => setTimeout(r, 0));
    expect(Buffer.from((await cache.get()).body).toString()).toBe('{"value":2}');
  });

  it("never stores a load that began before an invalidation", async () => {
    const loads: Array<ReturnType<typeof deferred<unknown>>> = [];
    const cache = new SnapshotCache(() => {
      const d = deferred<unknown>();
      loads.push(d);
      return d.promise;
    });
    const early = cache.get(); // Reads the rows before the admin's commit...
    cache.invalidate(); // ...which lands meanwhile.
    const late = cache.get();
    expect(loads).toHaveLength(2);
    loads[0]?.resolve({ v: "old" });
    loads[1]?.resolve({ v: "new" });
    expect(Buffer.from((await early).body).toString()).toBe('{"v":"old"}');
    expect(Buffer.from((await late).body).toString()).toBe('{"v":"new"}');
    expect(Buffer.from((await cache.get()).body).toString()).toBe('{"v":"new"}');
    expect(loads).toHaveLength(2);
  });

  it("does not keep a failed load, so the next request tries again", async () => {
    let fail = true;
    const cache = new SnapshotCache(async () => {
      if (fail) throw new Error("database down");
      return { ok: true };
    });
    await expect(cache.get()).rejects.toThrow("database down");
    fail = false;
    expect(Buffer.from((await cache.get()).body).toString()).toBe('{"ok":true}');
  });
});
