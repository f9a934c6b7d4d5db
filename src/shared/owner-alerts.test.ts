import { describe, expect, it } from "vitest";
import { OWNER_ALERT_KINDS, parseOwnerAlerts } from "./owner-alerts";

describe("parseOwnerAlerts", () => {
  it("is every alert when nothing is stored or the value is unreadable", () => {
    expect(parseOwnerAlerts(null)).toEqual([...OWNER_ALERT_KINDS]);
    expect(parseOwnerAlerts("not json")).toEqual([...OWNER_ALERT_KINDS]);
    expect(parseOwnerAlerts('{"a":1}')).toEqual([...OWNER_ALERT_KINDS]);
  });
  it("keeps only known kinds, in a fixed order", () => {
    expect(parseOwnerAlerts('["message","bogus","paid_order"]')).toEqual(["paid_order", "message"]);
    expect(parseOwnerAlerts("[]")).toEqual([]);
  });
});
