import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { adminQueries, saveShopPrices } from "@web/features/admin/api";
import { catalogQueries } from "@web/features/shop/api";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { LoadError, Loading } from "../ui";
import { penceOf, pounds } from "./priceFields";

const M = ADMIN_MESSAGE_TEXTS.prices;

interface BundleDraft {
  id: "starter" | "gift" | "family";
  name: string;
  price: string;
  was: string;
}

/** The bundles' prices (and their "before the saving" prices) and the UK's free-shipping threshold. */
export function BundlesCard() {
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.prices());
  const [bundles, setBundles] = useState<BundleDraft[] | null>(null);
  const [threshold, setThreshold] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data || bundles) return;
    setBundles(
      query.data.bundles.map((b) => ({
        id: b.id,
        name: b.name,
        price: pounds(b.pricePence),
        was: pounds(b.undiscountedPence),
      })),
    );
    setThreshold(pounds(query.data.freeShippingThresholdPence));
  }, [query.data, bundles]);

  const save = useMutation({
    mutationFn: saveShopPrices,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueries.prices().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: catalogQueries.all });
      setProblem(null);
      toast.success(M.saved);
    },
    onError: (error) => {
      setProblem(error.message);
      toast.error(M.saveFailed, { description: error.message });
    },
  });

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!bundles) return <Loading />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const priced = bundles.map((b) => ({
      id: b.id,
      pricePence: penceOf(b.price),
      undiscountedPence: penceOf(b.was),
    }));
    const limit = penceOf(threshold);
    const bad = priced.some(
      (b) => b.pricePence == null || Number.isNaN(b.pricePence) || Number.isNaN(b.undiscountedPence),
    );
    if (bad || limit == null || Number.isNaN(limit)) {
      setProblem(M.priceInvalid);
      return;
    }
    save.mutate({
      bundles: priced.map((b) => ({
        id: b.id,
        pricePence: b.pricePence ?? 0,
        undiscountedPence: b.undiscountedPence,
      })),
      freeShippingThresholdPence: limit,
    });
  };

  const update = (index: number, patch: Partial<BundleDraft>) =>
    setBundles((list) => list?.map((b, i) => (i === index ? { ...b, ...patch } : b)) ?? null);

  return (
    <Card className="p-4 md:p-6">
      <form onSubmit={onSubmit} noValidate aria-labelledby="bundles-title">
        <h2 id="bundles-title" className="text-xl text-stone-900">
          {M.bundlesTitle}
        </h2>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {bundles.map((b, index) => (
            <div key={b.id} className="contents">
              <TextField
                label={M.bundlePrice(b.name)}
                inputMode="decimal"
                value={b.price}
                onChange={(e) => update(index, { price: e.target.value })}
              />
              <TextField
                label={M.bundleWas(b.name)}
                hint={M.bundleWasHint}
                inputMode="decimal"
                value={b.was}
                onChange={(e) => update(index, { was: e.target.value })}
              />
            </div>
          ))}
        </div>
        <h2 className="mt-6 text-xl text-stone-900">{M.thresholdTitle}</h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            label={M.threshold}
            hint={M.thresholdHint}
            inputMode="decimal"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </div>
        <Button type="submit" className="mt-5" disabled={save.isPending}>
          {M.save}
        </Button>
      </form>
    </Card>
  );
}
