import { describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.js";
import {
  AddressLookupError,
  compactUkPostcode,
  createGetAddressLookup,
  mapGetAddressEntry,
} from "./address.js";

const log = createLogger("silent");

function fakeFetch(status: number, body: unknown, seen: string[] = []): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    seen.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

describe("getAddress.io lookup", () => {
  it("maps expanded addresses to the spec's fields", async () => {
    const seen: string[] = [];
    const lookup = createGetAddressLookup({
      apiKey: "key 1",
      log,
      fetch: fakeFetch(
        200,
        {
          postcode: "BT1 5GS",
          addresses: [
            {
              line_1: "Flat 2",
              line_2: "1 Donegall Square North",
              line_3: "",
              line_4: "",
              locality: "",
              town_or_city: "Belfast",
              county: "County Antrim",
            },
            { line_1: "" },
          ],
        },
        seen,
      ),
    });
    const result = await lookup.lookup("bt1 5gs", "United Kingdom");
    expect(seen).toEqual(["https://api.getAddress.io/find/BT15GS?api-key=key%201&expand=true&sort=true"]);
    expect(result).toEqual([
      {
        address_line_1: "Flat 2",
        address_line_2: "1 Donegall Square North",
        city: "Belfast",
        state: "County Antrim",
        postal_code: "BT1 5GS",
        formatted_address: "Flat 2, 1 Donegall Square North, Belfast, County Antrim, BT1 5GS",
      },
    ]);
  });

  it("reads the older comma-separated form too", () => {
    expect(mapGetAddressEntry("10 Watkin Terrace, , , , , Northampton, Northamptonshire", "NN1 3ER")).toEqual(
      {
        address_line_1: "10 Watkin Terrace",
        address_line_2: "",
        city: "Northampton",
        state: "Northamptonshire",
        postal_code: "NN1 3ER",
        formatted_address: "10 Watkin Terrace, Northampton, Northamptonshire, NN1 3ER",
      },
    );
  });

  it("answers [] for an unknown or malformed postcode without guessing", async () => {
    const seen: string[] = [];
    const lookup = createGetAddressLookup({
      apiKey: "k",
      log,
      fetch: fakeFetch(404, { Message: "Postcode not found" }, seen),
    });
    expect(await lookup.lookup("ZZ9 9ZZ", "United Kingdom")).toEqual([]);
    expect(await lookup.lookup("not a postcode", "United Kingdom")).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(compactUkPostcode(" bt7 1jg ")).toBe("BT71JG");
  });

  it("fails clearly when the provider cannot help", async () => {
    const refused = createGetAddressLookup({ apiKey: "k", log, fetch: fakeFetch(401, {}) });
    await expect(refused.lookup("BT1 1AA", "United Kingdom")).rejects.toMatchObject({ kind: "unavailable" });
    const down = createGetAddressLookup({
      apiKey: "k",
      log,
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(down.lookup("BT1 1AA", "United Kingdom")).rejects.toBeInstanceOf(AddressLookupError);
    await expect(refused.lookup("D02 X285", "Ireland")).rejects.toMatchObject({
      kind: "unsupported_country",
    });
  });
});
