import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { filamentInputSchema } from "@shared/calibration";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { addFilament } from "@web/features/admin/api";
import { useState } from "react";
import { toast } from "sonner";
import { useSaved } from "./useSaved";

const M = ADMIN_MESSAGE_TEXTS.calibration;

function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/** Adds a filament to calibrate: its name and colour. */
export function AddFilament() {
  const saved = useSaved();
  const [name, setName] = useState("");
  const [colour, setColour] = useState("#ffffff");
  const [problem, setProblem] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: () => addFilament({ name, colour }),
    onSuccess: (answer) => {
      saved(answer);
      toast.success(M.added(name.trim()));
      setName("");
    },
    onError: (error) => {
      setProblem(errorText(error));
      toast.error(M.addFailed, { description: errorText(error) });
    },
  });
  return (
    <Card className="p-5">
      <form
        aria-labelledby="add-filament-title"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = filamentInputSchema.safeParse({ name, colour });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message);
            return;
          }
          setProblem(undefined);
          add.mutate();
        }}
        noValidate
      >
        <h2 id="add-filament-title" className="text-xl text-stone-900">
          {M.addTitle}
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
          <TextField
            label={M.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            error={problem}
          />
          <TextField
            label={M.colour}
            type="color"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
            className="h-11 p-1"
          />
          <Button type="submit" disabled={add.isPending}>
            {M.add}
          </Button>
        </div>
      </form>
    </Card>
  );
}
