import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { adminQueries, generatePrintFiles } from "@web/features/admin/api";
import { Play } from "lucide-react";
import { toast } from "sonner";

const T = ADMIN_MESSAGE_TEXTS.printFiles;

/** A test order's print files are not made by themselves: a button makes them. */
export function GenerateTestOrderFiles({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: () => generatePrintFiles(orderId),
    onSuccess: (data) => {
      queryClient.setQueryData(adminQueries.printFiles(orderId).queryKey, data);
      toast.success(T.generated);
    },
    onError: (error) => {
      toast.error(T.generateFailed, { description: error instanceof Error ? error.message : undefined });
    },
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700">{T.testOrderManual}</p>
      <Button variant="outline" size="sm" onClick={() => generate.mutate()} disabled={generate.isPending}>
        <Play aria-hidden="true" className="h-4 w-4" /> {T.generate}
      </Button>
    </div>
  );
}
