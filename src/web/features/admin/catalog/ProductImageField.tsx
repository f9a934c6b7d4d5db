import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import {
  type AdminProduct,
  adminQueries,
  removeProductImage,
  setProductImage,
} from "@web/features/admin/api";
import { uploadImage } from "@web/features/creator/api";
import { ImageUp, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";

/** The product's photo: upload through the shop's image pipeline, or remove. */
export function ProductImageField({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [current, setCurrent] = useState(product.imageUrl);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      setProgress(0);
      const uploaded = await uploadImage(file, { kind: "main" }, setProgress);
      return setProductImage(product.id, uploaded.id);
    },
    onSuccess: (saved) => {
      setCurrent(saved.imageUrl);
      toast.success("Photo saved");
      void queryClient.invalidateQueries({ queryKey: adminQueries.products().queryKey });
    },
    onError: (error) => toast.error("Upload failed", { description: error.message }),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: () => removeProductImage(product.id),
    onSuccess: () => {
      setCurrent(null);
      toast.success("Photo removed");
      void queryClient.invalidateQueries({ queryKey: adminQueries.products().queryKey });
    },
    onError: (error) => toast.error("Not removed", { description: error.message }),
  });
  return (
    <section aria-labelledby={`${inputId}-title`} className="mt-6 border-t border-stone-200 pt-4">
      <h3 id={`${inputId}-title`} className="text-lg text-stone-900">
        Photo
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {current ? (
          <img
            src={current}
            alt={product.name}
            className="h-24 w-24 rounded-lg border border-stone-200 object-cover"
          />
        ) : (
          <p className="text-sm text-stone-700">No photo yet: the shop shows the category icon.</p>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-5 font-medium text-stone-900 hover:bg-stone-100 focus-within:outline focus-within:outline-3 focus-within:outline-glow-600"
          >
            <ImageUp aria-hidden="true" className="h-4 w-4" />
            {progress !== null
              ? `Uploading ${Math.round(progress * 100)}%`
              : current
                ? "Replace photo"
                : "Upload photo"}
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) upload.mutate(file);
              }}
            />
          </label>
          {current ? (
            <Button variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-sm text-stone-700">JPG, PNG or WEBP, up to 10MB. It is resized for the shop.</p>
    </section>
  );
}
