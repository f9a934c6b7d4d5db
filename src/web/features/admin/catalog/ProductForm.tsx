/**
 * Create or edit a shop product. Prices are typed in pounds and sent in pence; the same zod
 * rules as the server's (src/shared/admin-schemas.ts) check every field before sending.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADMIN_MESSAGES,
  penceToPoundsField,
  poundsFieldSchema,
  productIdSchema,
  splitLines,
} from "@shared/admin-schemas";
import {
  listingFields,
  PRODUCT_LISTING_LABELS,
  PRODUCT_LISTINGS,
  productListing,
} from "@shared/product-listing";
import { PRODUCT_CATEGORIES } from "@shared/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { type AdminProduct, adminQueries, createProduct, updateProduct } from "@web/features/admin/api";
import { ApiRequestError } from "@web/lib/http/client";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { ProductImageField } from "./ProductImageField";

const lineList = z
  .string()
  .refine((v) => splitLines(v).length <= 20, ADMIN_MESSAGES.tooMany)
  .refine((v) => splitLines(v).every((l) => l.length <= 200), "Keep each line to 200 characters.");

function formSchema(isNew: boolean) {
  return z.object({
    id: isNew ? productIdSchema : z.string(),
    name: z
      .string()
      .trim()
      .min(1, ADMIN_MESSAGES.nameRequired)
      .max(120, "Please use at most 120 characters."),
    description: z
      .string()
      .trim()
      .min(1, ADMIN_MESSAGES.descriptionRequired)
      .max(2000, "Please use at most 2000 characters."),
    category: z.enum(PRODUCT_CATEGORIES, { error: ADMIN_MESSAGES.categoryRequired }),
    price: poundsFieldSchema,
    listing: z.enum(PRODUCT_LISTINGS),
    specifications: lineList,
    features: lineList,
    compatibility: z.string().trim().max(500, "Please use at most 500 characters."),
  });
}

type FormInput = z.input<ReturnType<typeof formSchema>>;

type FormOutput = z.output<ReturnType<typeof formSchema>>;

function defaults(product: AdminProduct | null): FormInput {
  return {
    id: product?.id ?? "",
    name: product?.name ?? "",
    description: product?.description ?? "",
    category: (product?.category as FormInput["category"]) ?? "Accessories",
    price: product ? penceToPoundsField(product.pricePence) : "",
    listing: product ? productListing(product) : "available",
    specifications: product?.specifications.join("\n") ?? "",
    features: product?.features.join("\n") ?? "",
    compatibility: product?.compatibility ?? "",
  };
}

export function ProductFormDialog({
  product,
  open,
  onOpenChange,
}: {
  /** null: a new product. */
  product: AdminProduct | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isNew = product === null;
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema(isNew)),
    defaultValues: defaults(product),
  });

  const save = useMutation({
    mutationFn: (values: FormOutput) => {
      const body = {
        name: values.name,
        description: values.description,
        category: values.category,
        pricePence: values.price,
        ...listingFields(values.listing),
        specifications: splitLines(values.specifications),
        features: splitLines(values.features),
        compatibility: values.compatibility || null,
      };
      return isNew ? createProduct({ id: values.id, ...body }) : updateProduct(product.id, body);
    },
    onSuccess: (saved) => {
      toast.success(isNew ? "Product created" : "Product saved", {
        description: `${saved.name} is updated in the shop.`,
      });
      void queryClient.invalidateQueries({ queryKey: adminQueries.products().queryKey });
      onOpenChange(false);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          const name = field === "pricePence" ? "price" : field;
          if (name in defaults(null)) setError(name as keyof FormInput, { message });
        }
      }
      toast.error("Not saved", { description: error.message });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? "New product" : `Edit ${product.name}`}
      className="max-w-2xl"
    >
      <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate className="grid gap-4 sm:grid-cols-2">
        {isNew ? (
          <TextField
            label="Product id"
            required
            hint="Part of links and orders; it cannot change later. E.g. gift-box."
            error={errors.id?.message}
            containerClassName="sm:col-span-2"
            {...register("id")}
          />
        ) : null}
        <TextField
          label="Name"
          required
          error={errors.name?.message}
          containerClassName="sm:col-span-2"
          {...register("name")}
        />
        <TextAreaField
          label="Description"
          required
          rows={3}
          error={errors.description?.message}
          containerClassName="sm:col-span-2"
          {...register("description")}
        />
        <SelectField label="Category" required error={errors.category?.message} {...register("category")}>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Price (£)"
          required
          inputMode="decimal"
          hint="In pounds, e.g. 12.50"
          error={errors.price?.message}
          {...register("price")}
        />
        {/* One control for whether and how it is listed (the spec's status and is_active together). */}
        <SelectField label="In the shop" error={errors.listing?.message} {...register("listing")}>
          {PRODUCT_LISTINGS.map((l) => (
            <option key={l} value={l}>
              {PRODUCT_LISTING_LABELS[l]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Specifications"
          hint="One per line."
          rows={4}
          error={errors.specifications?.message}
          {...register("specifications")}
        />
        <TextAreaField
          label="Features"
          hint="One per line."
          rows={4}
          error={errors.features?.message}
          {...register("features")}
        />
        <TextAreaField
          label="Compatibility (optional)"
          rows={2}
          error={errors.compatibility?.message}
          containerClassName="sm:col-span-2"
          {...register("compatibility")}
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : isNew ? "Create product" : "Save changes"}
          </Button>
        </div>
      </form>
      {product ? <ProductImageField product={product} /> : null}
    </Dialog>
  );
}
