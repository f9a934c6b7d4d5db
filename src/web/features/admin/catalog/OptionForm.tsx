/**
 * Create or edit a creator option: processing, frame colour (with a colour picker), shape or
 * size (with the shapes it fits and its millimetres). The price modifier is typed in pounds
 * (it may be negative) and stored in pence.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADMIN_MESSAGES,
  ADMIN_OPTION_STATUSES,
  modifierPoundsFieldSchema,
  optionValueSchema,
  penceToPoundsField,
} from "@shared/admin-schemas";
import { isSizedOptionType, type OptionType } from "@shared/options";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { type AdminOption, adminQueries, createOption, updateOption } from "@web/features/admin/api";
import { ApiRequestError } from "@web/lib/http/client";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

export const OPTION_TYPE_LABELS: Record<OptionType, { plural: string; singular: string }> = {
  processing: { plural: "Processing", singular: "processing option" },
  frame_color: { plural: "Frame colours", singular: "frame colour" },
  shape: { plural: "Shapes", singular: "shape" },
  size: { plural: "Sizes", singular: "size" },
  lamp_size: { plural: "Lamp sizes (the lamp's whole price)", singular: "lamp size" },
};

export const OPTION_STATUS_LABELS: Record<(typeof ADMIN_OPTION_STATUSES)[number], string> = {
  enabled: "Enabled",
  coming_soon: "Coming soon",
};

const mmField = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 10 && Number(v) <= 1000),
    ADMIN_MESSAGES.sizeMm,
  );

function formSchema(type: OptionType, isNew: boolean) {
  return z
    .object({
      value: isNew ? optionValueSchema : z.string(),
      name: z
        .string()
        .trim()
        .min(1, ADMIN_MESSAGES.nameRequired)
        .max(120, "Please use at most 120 characters."),
      description: z.string().trim().max(500, "Please use at most 500 characters."),
      status: z.enum(ADMIN_OPTION_STATUSES),
      isActive: z.boolean(),
      priceModifier: modifierPoundsFieldSchema,
      hexColor: z.string().trim(),
      shapeIds: z.array(z.string()),
      widthMm: mmField,
      heightMm: mmField,
    })
    .superRefine((v, ctx) => {
      if (type === "frame_color" && !/^#[0-9a-fA-F]{6}$/.test(v.hexColor)) {
        ctx.addIssue({ code: "custom", path: ["hexColor"], message: ADMIN_MESSAGES.hexColor });
      }
      if (isSizedOptionType(type)) {
        if (!v.widthMm)
          ctx.addIssue({ code: "custom", path: ["widthMm"], message: ADMIN_MESSAGES.sizeMmRequired });
        if (!v.heightMm)
          ctx.addIssue({ code: "custom", path: ["heightMm"], message: ADMIN_MESSAGES.sizeMmRequired });
      }
    });
}

type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;

export function OptionFormDialog({
  type,
  option,
  shapes,
  open,
  onOpenChange,
}: {
  type: OptionType;
  option: AdminOption | null;
  /** The shapes a size can name. */
  shapes: AdminOption[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isNew = option === null;
  const queryClient = useQueryClient();
  const hexId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema(type, isNew)),
    defaultValues: {
      value: option?.value ?? "",
      name: option?.name ?? "",
      description: option?.description ?? "",
      status: (option?.status as FormInput["status"]) ?? "enabled",
      isActive: option?.isActive ?? true,
      priceModifier: penceToPoundsField(option?.priceModifierPence ?? 0),
      hexColor: option?.hexColor ?? (type === "frame_color" ? "#FFFFFF" : ""),
      shapeIds: option?.shapeIds ?? [],
      widthMm: option?.widthMm != null ? String(option.widthMm) : "",
      heightMm: option?.heightMm != null ? String(option.heightMm) : "",
    },
  });

  const save = useMutation({
    mutationFn: (v: FormOutput) => {
      const body = {
        name: v.name,
        description: v.description,
        status: v.status,
        isActive: v.isActive,
        priceModifierPence: v.priceModifier,
        ...(type === "frame_color" ? { hexColor: v.hexColor.toUpperCase() } : {}),
        ...(type === "size" ? { shapeIds: v.shapeIds.length ? v.shapeIds : null } : {}),
        ...(isSizedOptionType(type) ? { widthMm: Number(v.widthMm), heightMm: Number(v.heightMm) } : {}),
      };
      return isNew
        ? createOption({ optionType: type, value: v.value, ...body })
        : updateOption(option.id, body);
    },
    onSuccess: (saved) => {
      toast.success(isNew ? "Option created" : "Option saved", {
        description: `${saved.name} shows in the creator at its next refresh (within 30 seconds).`,
      });
      void queryClient.invalidateQueries({ queryKey: adminQueries.options().queryKey });
      onOpenChange(false);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          const name = field === "priceModifierPence" ? "priceModifier" : field;
          if (
            ["value", "name", "description", "priceModifier", "hexColor", "widthMm", "heightMm"].includes(
              name,
            )
          ) {
            setError(name as keyof FormInput, { message });
          }
        }
      }
      toast.error("Not saved", { description: error.message });
    },
  });

  const hex = watch("hexColor");
  const label = OPTION_TYPE_LABELS[type].singular;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? `New ${label}` : `Edit ${option.name}`}
      className="max-w-xl"
    >
      <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate className="grid gap-4 sm:grid-cols-2">
        {isNew ? (
          <TextField
            label="Value (id)"
            required
            hint={
              type === "size"
                ? "Height x width in inches, e.g. 7x7. It cannot change later."
                : "E.g. rose-gold. It cannot change later."
            }
            error={errors.value?.message}
            containerClassName="sm:col-span-2"
            {...register("value")}
          />
        ) : (
          <p className="text-sm text-stone-700 sm:col-span-2">
            Value: <span className="font-mono">{option.value}</span>
          </p>
        )}
        <TextField
          label="Name"
          required
          error={errors.name?.message}
          containerClassName="sm:col-span-2"
          {...register("name")}
        />
        <TextAreaField
          label="Description"
          rows={2}
          error={errors.description?.message}
          containerClassName="sm:col-span-2"
          {...register("description")}
        />
        {type === "frame_color" ? (
          <div className="space-y-1.5 sm:col-span-2">
            <span className="block text-sm font-medium text-stone-800" id={`${hexId}-label`}>
              Colour{" "}
              <span aria-hidden="true" className="text-red-700">
                *
              </span>
            </span>
            <div className="flex items-center gap-3">
              <input
                type="color"
                aria-labelledby={`${hexId}-label`}
                aria-describedby={`${hexId}-hint`}
                value={/^#[0-9a-fA-F]{6}$/.test(hex ?? "") ? (hex as string) : "#ffffff"}
                onChange={(e) => setValue("hexColor", e.target.value.toUpperCase(), { shouldValidate: true })}
                className="h-11 w-16 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
              />
              <TextField
                label="Hex value"
                containerClassName="flex-1"
                error={errors.hexColor?.message}
                maxLength={7}
                {...register("hexColor")}
              />
            </div>
            <p id={`${hexId}-hint`} className="text-sm text-stone-700">
              Pick the colour, or type it as #RRGGBB.
            </p>
          </div>
        ) : null}
        {isSizedOptionType(type) ? (
          <TextField
            label={type === "lamp_size" ? "Diameter (mm)" : "Width (mm)"}
            required
            inputMode="numeric"
            error={errors.widthMm?.message}
            {...register("widthMm")}
          />
        ) : null}
        {isSizedOptionType(type) ? (
          <TextField
            label="Height (mm)"
            required
            inputMode="numeric"
            error={errors.heightMm?.message}
            {...register("heightMm")}
          />
        ) : null}
        {type === "size" ? (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-stone-800">Shapes this size fits</legend>
            <p className="text-sm text-stone-700">None ticked: every shape.</p>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {shapes.map((s) => (
                <label key={s.id} className="flex min-h-11 items-center gap-2 text-sm text-stone-900">
                  <input type="checkbox" className="h-5 w-5" value={s.value} {...register("shapeIds")} />
                  {s.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <TextField
          label="Price modifier (£)"
          inputMode="decimal"
          hint="Added to the bundle price; 0 for none, negative for a discount."
          error={errors.priceModifier?.message}
          {...register("priceModifier")}
        />
        <SelectField label="Status" {...register("status")}>
          {ADMIN_OPTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {OPTION_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800 sm:col-span-2">
          <input type="checkbox" className="h-5 w-5" {...register("isActive")} />
          Active (shown in the creator; untick to disable)
        </label>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : isNew ? "Create option" : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
