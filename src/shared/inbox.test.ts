import { describe, expect, it } from "vitest";
import { contactSubjectLabel, quoteThread, replySubject, splitOrderNumbers } from "./inbox";

describe("quoteThread", () => {
  it("quotes every line, newest message first", () => {
    const text = quoteThread([
      { author: "customer", name: "Ann", body: "Hello\nIs it dark?", at: new Date("2026-01-01T10:00:00Z") },
      { author: "shop", name: "Lithobox", body: "It prints well.", at: new Date("2026-01-02T10:00:00Z") },
    ]);
    expect(text).toBe(
      "On 2 Jan 2026, 10:00, Lithobox wrote:\n> It prints well.\n\nOn 1 Jan 2026, 10:00, Ann wrote:\n> Hello\n> Is it dark?",
    );
  });
});

describe("messages that quote orders (issue 30)", () => {
  it("reply subjects show the topic's label, never its slug", () => {
    expect(replySubject("Lithobox", "order-inquiry")).toBe("Re: your message to Lithobox (Order Inquiry)");
    expect(replySubject("Lithobox", null)).toBe("Re: your message to Lithobox");
    expect(contactSubjectLabel("returns")).toBe("Returns & Refunds");
    expect(contactSubjectLabel("nonsense")).toBeNull();
  });

  it("finds quoted order numbers so they can link to the order", () => {
    expect(splitOrderNumbers("Where is #3F9A1C2B? Also order 0a1b2c3d please.")).toEqual([
      { text: "Where is #" },
      { text: "3F9A1C2B", orderNumber: "3f9a1c2b" },
      { text: "? Also order " },
      { text: "0a1b2c3d", orderNumber: "0a1b2c3d" },
      { text: " please." },
    ]);
    expect(splitOrderNumbers("My phone is 12345678 and deadbeef is a word")).toEqual([
      { text: "My phone is 12345678 and deadbeef is a word" },
    ]);
    expect(splitOrderNumbers("Order #1002 and order number 1003, not 12 or 1004")).toEqual([
      { text: "Order #" },
      { text: "1002", orderNumber: "1002" },
      { text: " and order number " },
      { text: "1003", orderNumber: "1003" },
      { text: ", not 12 or 1004" },
    ]);
    expect(splitOrderNumbers("")).toEqual([]);
  });
});
