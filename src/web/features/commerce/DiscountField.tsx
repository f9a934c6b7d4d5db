import type { CartItem } from "@shared/cart";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { normaliseDiscountCode } from "@shared/discounts";
import { formatGbp } from "@shared/money";
import { useQueryClient } from "@tanstack/react-query";
import { buttonClasses } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { inputClasses } from "@web/components/ui/field";
import { checkDiscount, discountQueries } from "@web/features/commerce/api";
import { Loader2, Tag } from "lucide-react";
import { useId, useState } from "react";
import { type DiscountState, setDiscountCode } from "./discount";

const M = COMMERCE_MESSAGES.discounts;

/**
 * The discount code entry of the cart panel and checkout: typed in any case, checked by the
 * server for the cart's lines; a refused code shows why ("This code has expired."). Not a
 * <form>: at checkout it sits inside the order's form, so Enter applies the code instead.
 */
export function DiscountField({ items, discount }: { items: readonly CartItem[]; discount: DiscountState }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const code = normaliseDiscountCode(text);
    if (!code || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await checkDiscount(code, items);
      if (answer.ok) {
        queryClient.setQueryData(discountQueries.check(answer.code, items).queryKey, answer);
        setDiscountCode(answer.code);
        setText("");
      } else {
        setRefusal(answer.message);
      }
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : M.unknown);
    } finally {
      setBusy(false);
    }
  };

  if (discount.code) {
    return (
      <div className="rounded-lg border border-stone-200 bg-stone-50 p-3" data-testid="discount-applied">
        <p className="flex items-center justify-between gap-3 text-sm">
          <span className="flex min-w-0 items-center gap-1.5 font-medium text-stone-900">
            <Tag aria-hidden="true" className="h-4 w-4 shrink-0 text-glow-700" />
            {discount.problem ? discount.code : M.applied(discount.code)}
          </span>
          <button
            type="button"
            onClick={() => setDiscountCode(null)}
            className="min-h-11 shrink-0 px-2 text-sm font-medium text-stone-800 underline underline-offset-2 hover:text-stone-950"
          >
            {M.remove}
            <span className="sr-only"> {discount.code}</span>
          </button>
        </p>
        {discount.problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {discount.problem}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {M.label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setRefusal(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            void apply();
          }}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
          className={cn(inputClasses, "min-w-0 flex-1 uppercase placeholder:normal-case")}
        />
        <button
          type="button"
          onClick={() => void apply()}
          disabled={busy || text.trim() === ""}
          className={cn(buttonClasses("outline", "md"), "shrink-0")}
        >
          {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
          {M.apply}
        </button>
      </div>
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** The discount's lines in a totals list: "Discount (CODE) −£9.32", "Free standard shipping". */
export function DiscountLines({
  discount,
  amount,
}: {
  discount: DiscountState;
  /** The discount as the receipt shows it (the shared shownTotals' discount); pounds by default. */
  amount?: string;
}) {
  const applied = discount.applied;
  if (!applied) return null;
  return (
    <>
      {applied.discountPence > 0 ? (
        <div className="flex justify-between text-emerald-800" data-testid="discount-line">
          <dt>{M.lineLabel(applied.code)}</dt>
          <dd>−{amount ?? formatGbp(applied.discountPence)}</dd>
        </div>
      ) : null}
      {applied.freeShipping ? (
        <div className="flex justify-between text-emerald-800" data-testid="discount-free-shipping">
          <dt>{M.freeShipping}</dt>
          <dd>{M.lineLabel(applied.code)}</dd>
        </div>
      ) : null}
    </>
  );
}
