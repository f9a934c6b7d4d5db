import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { formatGbp } from "@shared/money";
import {
  listingFields,
  PRODUCT_LISTING_LABELS,
  type ProductListing,
  productListing,
} from "@shared/product-listing";
import { LOW_STOCK_THRESHOLD } from "@shared/stock";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import {
  type AdminProduct,
  adminQueries,
  reorderProducts,
  setProductStock,
  updateProduct,
} from "@web/features/admin/api";
import { ArrowDown, ArrowUp, Pencil, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, AdminTable, LoadError, Loading, phoneCell, phoneRow, td, useAdminTitle } from "../ui";
import { ProductFormDialog } from "./ProductForm";

const S = ADMIN_MESSAGE_TEXTS.stock;

type ProductRow = AdminProduct & { stockOnHand: number | null; stockReserved: number };

/** Units on the shelf, edited in place: blank is made to order. Low stock is flagged. */
function StockCell({ product }: { product: ProductRow }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(product.stockOnHand == null ? "" : String(product.stockOnHand));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (onHand: number | null) => setProductStock(product.id, onHand),
    onSuccess: (products) => {
      queryClient.setQueryData(adminQueries.products().queryKey, products);
      setProblem(null);
      toast.success(S.saved(product.name));
    },
    onError: (error) => {
      setProblem(error.message);
      toast.error(S.saveFailed, { description: error.message });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const value = trimmed === "" ? null : Number(trimmed);
    if (value != null && (!Number.isInteger(value) || value < 0)) {
      setProblem(S.invalid);
      return;
    }
    save.mutate(value);
  };
  const available = product.stockOnHand == null ? null : product.stockOnHand - product.stockReserved;
  const low = available != null && available <= LOW_STOCK_THRESHOLD;
  const inputId = `stock-${product.id}`;
  return (
    <form onSubmit={onSubmit} noValidate className="min-w-40" data-testid={`stock-${product.id}`}>
      <label htmlFor={inputId} className="sr-only">
        {S.label(product.name)}
      </label>
      <div className="flex items-center gap-1.5">
        <input
          id={inputId}
          value={text}
          inputMode="numeric"
          placeholder={S.madeToOrder}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          className="min-h-11 w-32 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 tabular-nums placeholder:text-stone-500 aria-[invalid=true]:border-red-600"
        />
        <Button type="submit" variant="ghost" size="sm" className="max-md:min-h-11" disabled={save.isPending}>
          Save<span className="sr-only"> stock of {product.name}</span>
        </Button>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-stone-700">
        {product.stockOnHand == null ? (
          S.madeToOrder
        ) : (
          <>
            {low ? <Badge tone="danger">{S.low}</Badge> : null}
            <span>{available} available</span>
            {product.stockReserved > 0 ? <span>· {S.reserved(product.stockReserved)}</span> : null}
          </>
        )}
      </p>
      {problem ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

export function ProductsPage() {
  useAdminTitle("Products");
  const queryClient = useQueryClient();
  const q = useQuery(adminQueries.products());
  const [editing, setEditing] = useState<AdminProduct | null | "new">(null);

  const reorder = useMutation({
    mutationFn: reorderProducts,
    onSuccess: (products) => {
      queryClient.setQueryData(adminQueries.products().queryKey, products);
      toast.success("Order saved");
    },
    onError: (error) => toast.error("Order not saved", { description: error.message }),
  });
  const quick = useMutation({
    mutationFn: ({ id, listing }: { id: string; listing: ProductListing }) =>
      updateProduct(id, listingFields(listing)),
    onSuccess: (p) => {
      // The row at once, not after the refetch: an Edit opened in between would otherwise show,
      // and save back, the listing just replaced.
      queryClient.setQueryData(adminQueries.products().queryKey, (list) =>
        list?.map((row) => (row.id === p.id ? { ...row, ...p } : row)),
      );
      toast.success(`${p.name}: ${PRODUCT_LISTING_LABELS[productListing(p)]}`);
      void queryClient.invalidateQueries({ queryKey: adminQueries.products().queryKey });
    },
    onError: (error) => toast.error("Not saved", { description: error.message }),
  });

  const move = (index: number, by: -1 | 1) => {
    const list = [...(q.data ?? [])];
    const target = index + by;
    if (target < 0 || target >= list.length) return;
    [list[index], list[target]] = [list[target]!, list[index]!];
    reorder.mutate(list.map((p) => p.id));
  };

  return (
    <>
      <AdminHeading
        title="Products"
        intro="The shop's accessories, in the order the shop shows them. Changes show in the shop at its next refresh."
        actions={
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New product
          </Button>
        }
      />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <AdminTable
          label="Products"
          caption="Products in shop order"
          minWidth="md:min-w-[980px]"
          stackOnPhones
          columns={[
            "Order",
            "Product",
            "Category",
            { key: "price", label: "Price", align: "right" },
            S.column,
            "Status",
            { key: "actions", label: <span className="sr-only">Actions</span> },
          ]}
        >
          {q.data.map((p, index) => (
            <tr
              key={p.id}
              // On a phone, a card: the product, then price and category, stock, and the controls.
              className={cn(
                phoneRow,
                (p.status === "disabled" || !p.isActive) && "bg-stone-50 text-stone-600",
              )}
            >
              <td className={cn(td, phoneCell, "max-md:order-5")}>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${p.name} up`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${p.name} down`}
                    disabled={index === q.data.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              </td>
              <td className={cn(td, phoneCell, "max-md:order-first max-md:w-full")}>
                <div className="flex items-center gap-3">
                  {p.imageUrl ? (
                    <img
                      src={p.imageUrl}
                      alt=""
                      className="h-10 w-10 shrink-0 rounded-md border border-stone-200 object-cover"
                    />
                  ) : (
                    <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-md bg-stone-100" />
                  )}
                  <div>
                    <span className="block font-medium text-stone-900">{p.name}</span>
                    <span className="block font-mono text-xs text-stone-700">{p.id}</span>
                    {!p.isActive ? <Badge className="mt-1">Inactive</Badge> : null}
                  </div>
                </div>
              </td>
              <td className={cn(td, phoneCell, "max-md:order-2")}>{p.category}</td>
              <td className={cn(td, phoneCell, "text-right tabular-nums max-md:order-1 max-md:font-medium")}>
                {formatGbp(p.pricePence)}
              </td>
              <td className={cn(td, phoneCell, "max-md:order-3 max-md:w-full")}>
                <StockCell key={`${p.stockOnHand}-${p.stockReserved}`} product={p} />
              </td>
              <td className={cn(td, phoneCell, "max-md:order-4")}>
                <label className="sr-only" htmlFor={`status-${p.id}`}>
                  Status of {p.name}
                </label>
                <select
                  id={`status-${p.id}`}
                  value={productListing(p)}
                  disabled={quick.isPending}
                  onChange={(e) => quick.mutate({ id: p.id, listing: e.target.value as ProductListing })}
                  className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900"
                >
                  {Object.entries(PRODUCT_LISTING_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </td>
              <td className={cn(td, phoneCell, "text-right max-md:order-6 max-md:ml-auto")}>
                <Button variant="outline" size="sm" className="max-md:min-h-11" onClick={() => setEditing(p)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                  <span className="sr-only"> {p.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      {editing !== null ? (
        <ProductFormDialog
          key={editing === "new" ? "new" : editing.id}
          product={editing === "new" ? null : editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
