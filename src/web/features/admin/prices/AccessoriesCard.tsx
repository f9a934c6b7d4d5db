import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useQuery } from "@tanstack/react-query";
import { Card } from "@web/components/ui/card";
import { type AdminProduct, adminQueries, updateProduct } from "@web/features/admin/api";
import { LoadError, Loading } from "../ui";
import { PriceRow } from "./PriceRow";

const M = ADMIN_MESSAGE_TEXTS.prices;

function AccessoryPrice({ product }: { product: AdminProduct }) {
  return (
    <PriceRow
      label={M.accessoryPrice(product.name)}
      name={product.name}
      pence={product.pricePence}
      save={(pricePence) => updateProduct(product.id, { pricePence })}
      invalidates={adminQueries.products().queryKey}
      saved={M.accessorySaved}
    />
  );
}

/** Each accessory's price. */
export function AccessoriesCard() {
  const query = useQuery(adminQueries.products());
  return (
    <Card className="p-4 md:p-6">
      <h2 className="text-xl text-stone-900">{M.accessoriesTitle}</h2>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {query.data.map((p) => (
            <AccessoryPrice key={`${p.id}-${p.pricePence}`} product={p} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
