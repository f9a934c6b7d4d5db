import {
  type AccessoryChoiceProblem,
  type AccessoryChoices,
  accessoryChoiceProblem,
  needsAccessoryChoice,
} from "@shared/accessory-choices";
import { MESSAGES } from "@shared/messages";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Check, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { useCurrency } from "../currency";
import { AccessoryChoiceFields } from "./AccessoryChoiceFields";
import { categoryIcon } from "./categories";
import { ProductPhoto } from "./ProductPhoto";
import type { ShopProduct } from "./types";
import { useAddAccessory } from "./useAddAccessory";
import { useSoldChoices } from "./useSoldChoices";

/**
 * What the details dialog shows (issue 30 item 14 choices included): loaded with the dialog, not
 * with /shop's first load (issue 31's budget).
 */
export default function ProductDetailsBody({
  product,
  onAdded,
}: {
  product: ShopProduct;
  onAdded: () => void;
}) {
  const { formatPrice } = useCurrency();
  const addAccessory = useAddAccessory();
  const { sold } = useSoldChoices();
  const [choices, setChoices] = useState<AccessoryChoices>({});
  const [choiceError, setChoiceError] = useState<AccessoryChoiceProblem | null>(null);
  const withChoices = needsAccessoryChoice(product.id);
  const Icon = categoryIcon(product.category);
  const comingSoon = product.status === "coming_soon";
  return (
    <>
      {product.imageUrl ? (
        <ProductPhoto
          url={product.imageUrl}
          name={product.name}
          className="mb-4 aspect-[4/3] h-auto w-full rounded-xl object-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {product.imageUrl ? null : (
          <span className="inline-flex h-9 w-9 items-center justify-center rounded-lg bg-glow-100 text-glow-800">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
        )}
        <Badge>{product.category}</Badge>
        {comingSoon ? <Badge tone="warning">{MESSAGES.common.comingSoon}</Badge> : null}
      </div>
      {product.specifications.length > 0 ? (
        <section className="mt-5">
          <h3 className="text-lg text-stone-900">{MESSAGES.products.specifications}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
            {product.specifications.map((spec) => (
              <li key={spec}>{spec}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {product.features.length > 0 ? (
        <section className="mt-5">
          <h3 className="text-lg text-stone-900">{MESSAGES.products.features}</h3>
          <ul className="mt-2 space-y-1 text-stone-700">
            {product.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-emerald-700" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {product.compatibility ? (
        <section className="mt-5">
          <h3 className="text-lg text-stone-900">{MESSAGES.products.compatibility}</h3>
          <p className="mt-2 text-stone-700">{product.compatibility}</p>
        </section>
      ) : null}
      {withChoices ? (
        <AccessoryChoiceFields
          productId={product.id}
          choices={choices}
          error={choiceError}
          onChange={(next) => {
            setChoices(next);
            setChoiceError(null);
          }}
        />
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-stone-200 pt-5">
        <p className="text-2xl font-semibold text-stone-900">{formatPrice(product.pricePence)}</p>
        {/* Coming-soon products keep a focusable button that explains why it cannot be added. */}
        <Button
          variant={comingSoon ? "outline" : "glow"}
          aria-disabled={comingSoon || undefined}
          className={cn(comingSoon && "cursor-not-allowed border-dashed")}
          onClick={() => {
            if (withChoices && !comingSoon) {
              // Refused with the missing choice beside its field (and a toast) until it is given.
              setChoiceError(accessoryChoiceProblem(product.id, choices, sold));
              if (addAccessory(product, { choices, sold })) {
                setChoices({});
                onAdded();
              }
              return;
            }
            if (addAccessory(product)) onAdded();
          }}
        >
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {MESSAGES.common.addToCart}
        </Button>
      </div>
    </>
  );
}
