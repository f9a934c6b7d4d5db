import { describe, expect, it } from "vitest";
import { applyBundlePrices, BUNDLES } from "./bundles";
import { buildAccessoryCartItem, type CartItem } from "./cart";
import { buildCreatorCartItem } from "./cart-build";
import { repriceCart } from "./cart-prices";
import { type CreatorAction, type CreatorState, creatorReducer, INITIAL_CREATOR_STATE } from "./creator";
import { FALLBACK_OPTIONS, findOption, type OptionType } from "./options";

const option = (type: OptionType, id: string) => findOption(FALLBACK_OPTIONS, type, id)!;
const photo = { url: "/uploads/a.png", originalUrl: "/uploads/a.jpg", width: 1600, height: 1600 };

function starterLine(): CartItem {
  const actions: CreatorAction[] = [
    { type: "imageUploaded", image: photo },
    { type: "selectOption", step: "processing", option: option("processing", "grayscale") },
    { type: "selectOption", step: "shape", option: option("shape", "square") },
    { type: "selectOption", step: "frame-color", option: option("frame_color", "white") },
    { type: "selectOption", step: "size", option: option("size", "7x7") },
    { type: "selectBundle", bundleId: "starter" },
  ];
  const state = actions.reduce<CreatorState>(creatorReducer, INITIAL_CREATOR_STATE);
  const line = buildCreatorCartItem(state, FALLBACK_OPTIONS, () => "1-a");
  if (!line) throw new Error("no line");
  return line;
}

const lamp = buildAccessoryCartItem(
  { id: "lamp", name: "Lamp", pricePence: 1500, imageUrl: null },
  () => "2-b",
);

describe("repriceCart", () => {
  it("is null while the catalogue has not answered, or when every price is today's", () => {
    const items = [starterLine(), lamp];
    expect(repriceCart(items, {})).toBeNull();
    expect(
      repriceCart(items, {
        options: FALLBACK_OPTIONS,
        bundles: BUNDLES,
        products: [{ id: "lamp", pricePence: 1500 }],
      }),
    ).toBeNull();
  });

  it("puts the owner's new bundle price (plus the option modifiers) and accessory price on the lines", () => {
    const line = starterLine();
    const modifiers = line.price - 5450;
    const bundles = applyBundlePrices([{ id: "starter", pricePence: 4999, undiscountedPence: null }]);
    const next = repriceCart([line, lamp], {
      options: FALLBACK_OPTIONS,
      bundles,
      products: [{ id: "lamp", pricePence: 1250 }],
    });
    expect(next?.map((i) => i.price)).toEqual([4999 + modifiers, 1250]);
    // Everything else about the lines is kept.
    expect(next?.[0]).toEqual({ ...line, price: 4999 + modifiers });
  });

  it("keeps the price of a line the catalogue no longer knows (checkout decides)", () => {
    const next = repriceCart([lamp], { products: [{ id: "other", pricePence: 100 }] });
    expect(next).toBeNull();
  });
});
