import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import type { LampSizeId } from "@shared/product-types/lamp";
import type { LampSizeOffer } from "@shared/product-types/lamp-offer";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { RefreshCw } from "lucide-react";
import { useId } from "react";
import { useCurrency } from "../currency";

interface SizeStepProps {
  sizes: readonly LampSizeOffer[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: LampSizeId | null;
  onSelect: (size: LampSizeOffer) => void;
}

/** A drawn shade at the size's proportions: taller sizes look taller. */
function ShadeIcon({ offer }: { offer: LampSizeOffer }) {
  const scale = 0.28;
  return (
    <span aria-hidden="true" className="flex h-14 w-12 shrink-0 items-end justify-center">
      <span
        className="rounded-t-sm bg-gradient-to-b from-glow-100 to-glow-300 ring-1 ring-glow-400"
        style={{ width: offer.diameterMm * scale, height: offer.heightMm * scale }}
      />
    </span>
  );
}

/** Step 1: the sizes as radio cards with their diameter x height and the owner's price. */
export function SizeStep({ sizes, loading, failed, onRetry, selectedId, onSelect }: SizeStepProps) {
  const name = useId();
  const { formatPrice } = useCurrency();
  const texts = LAMP_TEXTS_WEB.size;
  if (loading) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{texts.loading}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-20 animate-pulse rounded-xl bg-stone-200" />
        ))}
      </div>
    );
  }
  if (failed && sizes.length === 0) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="text-red-900">{texts.failed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {texts.retry}
        </Button>
      </div>
    );
  }
  if (sizes.length === 0) return <p className="text-stone-700">{texts.none}</p>;
  return (
    <fieldset>
      <legend className="sr-only">{texts.legend}</legend>
      <div className="grid gap-3">
        {sizes.map((offer) => {
          const soon = offer.status !== "enabled";
          const checked = offer.id === selectedId;
          return (
            <label
              key={offer.id}
              className={cn(
                "relative flex items-center gap-3 rounded-xl border-2 p-4 transition-colors",
                soon ? "cursor-not-allowed opacity-60" : "cursor-pointer",
                checked ? "border-glow-600 bg-glow-50" : "border-stone-200 bg-white",
                !soon && !checked && "hover:border-stone-400",
                "has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-glow-600",
              )}
            >
              <input
                type="radio"
                name={name}
                value={offer.id}
                checked={checked}
                disabled={soon}
                onChange={() => onSelect(offer)}
                aria-describedby={`${name}-${offer.id}-dims`}
                className="h-5 w-5 shrink-0 accent-glow-700 focus-visible:outline-none"
              />
              <ShadeIcon offer={offer} />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-stone-900">{offer.name}</span>
                <span id={`${name}-${offer.id}-dims`} className="block text-sm text-stone-700">
                  {texts.dimensions(offer.diameterMm, offer.heightMm)}
                </span>
              </span>
              <span className="shrink-0 text-lg font-semibold text-stone-900">
                {soon ? <Badge>{texts.comingSoon}</Badge> : formatPrice(offer.pricePence)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
