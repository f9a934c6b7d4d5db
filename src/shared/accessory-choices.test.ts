import { describe, expect, it } from "vitest";
import { buildAccessoryCartItem } from "./accessory-cart-item";
import {
  accessoryChoiceKinds,
  accessoryChoiceProblem,
  accessoryChoicesOf,
  needsAccessoryChoice,
  ACCESSORY_CHOICE_TEXTS as T,
} from "./accessory-choices";

const sold = { frameColourIds: new Set(["white", "black"]), sizeIds: new Set(["7x7", "6x8"]) };
const photo = { photoUrl: "https://cdn.example/p.webp", photoOriginalUrl: "https://cdn.example/o.jpg" };

describe("accessory choices (issue 30 item 14)", () => {
  it("knows which accessories need a choice", () => {
    expect(accessoryChoiceKinds("frame-colour-swap")).toEqual(["frameColour", "size"]);
    expect(accessoryChoiceKinds("photo-restoration")).toEqual(["photo"]);
    expect(needsAccessoryChoice("usb-cable")).toBe(false);
    // Not fooled by the prototype's keys.
    expect(accessoryChoiceKinds("constructor")).toEqual([]);
  });

  it("asks the swap kit for a colour, then a size, both ones the shop sells", () => {
    const p = (choices: object) => accessoryChoiceProblem("frame-colour-swap", choices, sold);
    expect(p({})).toEqual({ field: "frameColour", message: T.missing.frameColour });
    expect(p({ frameColorId: "black" })).toEqual({ field: "size", message: T.missing.size });
    expect(p({ frameColorId: "pink", sizeId: "7x7" })).toEqual({
      field: "frameColour",
      message: T.unknown.frameColour,
    });
    expect(p({ frameColorId: "black", sizeId: "99x99" })).toEqual({ field: "size", message: T.unknown.size });
    expect(p({ frameColorId: "black", sizeId: "6x8" })).toBeNull();
    // A photo is not part of a swap kit.
    expect(p({ frameColorId: "black", sizeId: "6x8", ...photo })?.field).toBe("photo");
  });

  it("asks Photo Restoration for a stored photo, and nothing else", () => {
    const p = (choices: object, stored = true) =>
      accessoryChoiceProblem("photo-restoration", choices, sold, stored);
    expect(p({})).toEqual({ field: "photo", message: T.missing.photo });
    expect(p({ photoUrl: photo.photoUrl })?.message).toBe(T.missing.photo);
    expect(p(photo)).toBeNull();
    expect(p(photo, false)).toEqual({ field: "photo", message: T.unknown.photo });
    expect(p({ ...photo, frameColorId: "black" })?.field).toBe("frameColour");
  });

  it("refuses choices on a ready-made accessory", () => {
    expect(accessoryChoiceProblem("usb-cable", {}, sold)).toBeNull();
    expect(accessoryChoiceProblem("usb-cable", { sizeId: "7x7" }, sold)?.field).toBe("size");
  });

  it("keeps the choices on the cart line's config, and reads them back", () => {
    const line = buildAccessoryCartItem(
      { id: "frame-colour-swap", name: "Frame Colour Swap Kit", pricePence: 1999, imageUrl: null },
      () => "1",
      { frameColorId: "black", sizeId: "6x8", photoUrl: undefined },
    );
    expect(line.config).toEqual({
      kind: "accessory",
      productId: "frame-colour-swap",
      frameColorId: "black",
      sizeId: "6x8",
    });
    expect(accessoryChoicesOf(line.config)).toMatchObject({ frameColorId: "black", sizeId: "6x8" });
    expect(accessoryChoicesOf(null)).toEqual({});
  });
});
