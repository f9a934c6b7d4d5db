import { describe, expect, it } from "vitest";
import { quoteThread } from "./inbox";

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
