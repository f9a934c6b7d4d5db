import { describe, expect, it } from "vitest";
import {
  addressChangeRefusal,
  deliveryAddressChangeSchema,
  SELF_SERVICE_TEXTS,
  selfServiceRefusal,
} from "./order-self-service";

const now = new Date("2026-12-07T12:00:00Z");
const open = { state: "awaiting" as const, dueAt: new Date("2026-12-08T12:00:00Z") };

describe("selfServiceRefusal (issue 47 item 14)", () => {
  it("allows a paid order whose proof waits within its window", () => {
    expect(selfServiceRefusal("paid", open, now)).toBeNull();
    expect(selfServiceRefusal("paid", { ...open, state: "changed" }, now)).toBeNull();
  });

  it("refuses once the workshop started, the order ended, or it is unpaid", () => {
    for (const status of ["processing", "printing", "dispatched", "in_transit", "delivered"])
      expect(selfServiceRefusal(status, open, now)).toBe("making");
    expect(selfServiceRefusal("cancelled", open, now)).toBe("ended");
    expect(selfServiceRefusal("refunded", open, now)).toBe("ended");
    expect(selfServiceRefusal("pending", open, now)).toBe("not_paid");
  });

  it("refuses after the proof window, once the proof is approved, and without a proof", () => {
    expect(selfServiceRefusal("paid", { ...open, dueAt: new Date("2026-12-07T11:59:59Z") }, now)).toBe(
      "window_over",
    );
    expect(selfServiceRefusal("paid", { ...open, dueAt: now }, now)).toBe("window_over");
    expect(selfServiceRefusal("paid", { ...open, state: "approved" }, now)).toBe("window_over");
    expect(selfServiceRefusal("paid", { ...open, state: "auto_approved" }, now)).toBe("window_over");
    expect(selfServiceRefusal("paid", null, now)).toBe("no_proof");
  });

  it("every refusal has words for the customer", () => {
    for (const reason of ["not_paid", "ended", "making", "no_proof", "window_over", "other_country"] as const)
      expect(SELF_SERVICE_TEXTS.refusals[reason].length).toBeGreaterThan(20);
  });
});

describe("the new delivery address", () => {
  it("stays in the order's country (the shipping price paid holds)", () => {
    expect(addressChangeRefusal("GB", "gb")).toBeNull();
    expect(addressChangeRefusal("GB", "IE")).toBe("other_country");
  });

  it("follows checkout's rules: required lines, the country's postcode written its way", () => {
    const ok = deliveryAddressChangeSchema.safeParse({
      addressLine1: "3 Botanic Avenue",
      addressLine2: "",
      city: "Belfast",
      state: "County Down",
      postalCode: "bt7 1jg",
      country: "United Kingdom",
    });
    expect(ok.success && ok.data).toMatchObject({ country: "GB", postalCode: "BT7 1JG" });
    const bad = deliveryAddressChangeSchema.safeParse({
      addressLine1: "",
      city: "Belfast",
      postalCode: "12345",
      country: "GB",
    });
    expect(bad.success).toBe(false);
    const fields = bad.success ? [] : bad.error.issues.map((i) => i.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["addressLine1", "postalCode"]));
  });
});
