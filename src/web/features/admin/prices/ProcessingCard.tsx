import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useQuery } from "@tanstack/react-query";
import { Card } from "@web/components/ui/card";
import { type AdminOption, adminQueries, updateOption } from "@web/features/admin/api";
import { LoadError, Loading } from "../ui";
import { PriceRow } from "./PriceRow";

const M = ADMIN_MESSAGE_TEXTS.prices;

/** A processing option's price modifier (issue 22: Colour's covers its extra filament and print time). */
function ProcessingPrice({ option }: { option: AdminOption }) {
  return (
    <PriceRow
      label={M.processingPrice(option.name)}
      hint={option.value === "colour" ? M.colourHint : undefined}
      name={option.name}
      pence={option.priceModifierPence}
      save={(priceModifierPence) => updateOption(option.id, { priceModifierPence })}
      invalidates={adminQueries.options().queryKey}
      saved={M.processingSaved}
      testId="processing-price"
    />
  );
}

export function ProcessingCard() {
  const query = useQuery(adminQueries.options());
  const processing = query.data?.filter((o) => o.optionType === "processing") ?? [];
  return (
    <Card className="p-4 md:p-6">
      <h2 className="text-xl text-stone-900">{M.processingTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{M.processingIntro}</p>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {processing.map((o) => (
            <ProcessingPrice key={`${o.id}-${o.priceModifierPence}`} option={o} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
