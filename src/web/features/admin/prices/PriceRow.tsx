import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { catalogQueries } from "@web/features/shop/api";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { penceOf, pounds } from "./priceFields";

const M = ADMIN_MESSAGE_TEXTS.prices;

/**
 * One price on its own row, saved on its own: an accessory's price or a processing option's
 * modifier. `save` stores the pence and answers the saved item's name for the toast.
 */
export function PriceRow({
  label,
  hint,
  name,
  pence,
  save: store,
  invalidates,
  saved,
  testId,
}: {
  label: string;
  hint?: string | undefined;
  name: string;
  pence: number;
  save: (pence: number) => Promise<{ name: string }>;
  invalidates: readonly unknown[];
  saved: (name: string) => string;
  testId?: string;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(pounds(pence));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: store,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: invalidates });
      void queryClient.invalidateQueries({ queryKey: catalogQueries.all });
      toast.success(saved(item.name));
    },
    onError: (error) => setProblem(error.message),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = penceOf(text);
    if (value == null || Number.isNaN(value)) {
      setProblem(M.priceInvalid);
      return;
    }
    setProblem(undefined);
    save.mutate(value);
  };
  return (
    <li>
      <form onSubmit={onSubmit} noValidate className="flex items-end gap-2" data-testid={testId}>
        <TextField
          label={label}
          hint={hint}
          inputMode="decimal"
          value={text}
          error={problem}
          onChange={(e) => setText(e.target.value)}
          containerClassName="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save<span className="sr-only"> {name}</span>
        </Button>
      </form>
    </li>
  );
}
