import { SITE_IMAGE_SLOTS, type SiteImageSlot, SLOT_SPECS } from "@shared/storefront";
import { siteImageFieldsSchema } from "@shared/storefront-rules";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import {
  createSiteImage,
  deleteSiteImage,
  storefrontQueries,
  updateSiteImage,
} from "@web/features/admin/api";
import { uploadImage } from "@web/features/creator/api";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { LoadError, Loading } from "../ui";
import { FIELD } from "./inputClass";

const SLOT_LABELS: Readonly<Record<SiteImageSlot, string>> = {
  home_hero: "Home page hero",
  shop_hero: "Shop hero",
  gallery: "Gallery: lightboxes from our workshop",
};

/** The site's pictures by place: upload one (alt text required), order, switch on or off, remove. */
export function ImagesSection() {
  const images = useQuery(storefrontQueries.adminImages());
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: storefrontQueries.adminImages().queryKey });
  const update = useMutation({
    mutationFn: (input: { id: string; alt?: string; enabled?: boolean; sortOrder?: number }) =>
      updateSiteImage(input.id, input),
    onSuccess: () => {
      toast.success("Image saved");
      void refresh();
    },
    onError: (error) => toast.error("Could not save the image", { description: error.message }),
  });
  const remove = useMutation({
    mutationFn: deleteSiteImage,
    onSuccess: () => {
      toast.success("Image removed");
      void refresh();
    },
    onError: (error) => toast.error("Could not remove the image", { description: error.message }),
  });
  if (images.isPending) return <Loading />;
  if (images.isError) return <LoadError error={images.error} onRetry={() => images.refetch()} />;
  return (
    <section aria-labelledby="site-images-title" className="mb-10">
      <h2 id="site-images-title" className="text-2xl text-stone-900">
        Pictures
      </h2>
      <AddImageForm onAdded={() => void refresh()} />
      {SITE_IMAGE_SLOTS.map((slot) => {
        const list = images.data.filter((i) => i.slot === slot);
        return (
          <div key={slot} className="mt-6">
            <h3 className="text-lg text-stone-900">
              {SLOT_LABELS[slot]} <span className="text-sm text-stone-600">({list.length})</span>
            </h3>
            {list.length === 0 ? <p className="mt-2 text-sm text-stone-600">No pictures here yet.</p> : null}
            {/* minmax(0, 1fr) columns and min-w-0 items: the fields never push a phone sideways. */}
            <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
              {list.map((image) => (
                <li key={image.id} className="min-w-0">
                  <Card className="flex gap-3 p-3">
                    <img
                      src={image.thumbnailUrl}
                      alt=""
                      width={96}
                      height={Math.round(96 / SLOT_SPECS[slot].aspect)}
                      className="h-auto w-24 shrink-0 rounded-md object-cover"
                    />
                    <ImageFields
                      key={`${image.id}-${image.alt}-${image.sortOrder}-${image.enabled}`}
                      image={image}
                      saving={update.isPending}
                      onSave={(fields) => update.mutate({ id: image.id, ...fields })}
                      onRemove={() => {
                        if (window.confirm("Remove this picture from the shop?")) remove.mutate(image.id);
                      }}
                    />
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function ImageFields({
  image,
  saving,
  onSave,
  onRemove,
}: {
  image: { id: string; alt: string; sortOrder: number; enabled: boolean };
  saving: boolean;
  onSave: (fields: { alt: string; sortOrder: number; enabled: boolean }) => void;
  onRemove: () => void;
}) {
  const [alt, setAlt] = useState(image.alt);
  const [sortOrder, setSortOrder] = useState(String(image.sortOrder));
  const [enabled, setEnabled] = useState(image.enabled);
  const id = useId();
  const save = () => {
    const parsed = siteImageFieldsSchema.safeParse({ alt, sortOrder: Number(sortOrder), enabled });
    if (!parsed.success) {
      toast.error("Could not save the image", { description: parsed.error.issues[0]?.message });
      return;
    }
    onSave(parsed.data);
  };
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
      <label htmlFor={`${id}-alt`} className="font-medium text-stone-800">
        Alt text
      </label>
      <textarea
        id={`${id}-alt`}
        value={alt}
        onChange={(e) => setAlt(e.target.value)}
        rows={2}
        className={FIELD}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2">
          Order
          <input
            type="number"
            min={0}
            value={sortOrder}
            onChange={(e) => setSortOrder(e.target.value)}
            className={`${FIELD} w-20`}
          />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          Shown
        </label>
        <Button size="sm" onClick={save} disabled={saving}>
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={onRemove}>
          Remove
        </Button>
      </div>
    </div>
  );
}

function AddImageForm({ onAdded }: { onAdded: () => void }) {
  const [slot, setSlot] = useState<SiteImageSlot>("gallery");
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields = siteImageFieldsSchema.safeParse({ alt, enabled: true, sortOrder: 0 });
    if (!file) {
      toast.error("Could not add the picture", { description: "Choose a photo first." });
      return;
    }
    if (!fields.success) {
      toast.error("Could not add the picture", { description: fields.error.issues[0]?.message });
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadImage(file, { kind: "main" });
      await createSiteImage({ slot, uploadId: uploaded.id, ...fields.data });
      toast.success("Picture added");
      setFile(null);
      setAlt("");
      (e.target as HTMLFormElement).reset();
      onAdded();
    } catch (error) {
      toast.error("Could not add the picture", { description: error instanceof Error ? error.message : "" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="mt-4 p-4">
      <form onSubmit={submit} className="grid gap-3 text-sm md:grid-cols-2" aria-label="Add a picture">
        <label htmlFor={`${id}-slot`} className="flex flex-col gap-1 font-medium text-stone-800">
          Place
          <select
            id={`${id}-slot`}
            value={slot}
            onChange={(e) => setSlot(e.target.value as SiteImageSlot)}
            className={FIELD}
          >
            {SITE_IMAGE_SLOTS.map((s) => (
              <option key={s} value={s}>
                {SLOT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-file`} className="flex flex-col gap-1 font-medium text-stone-800">
          Photo (JPG, PNG or WEBP)
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label htmlFor={`${id}-alt`} className="flex flex-col gap-1 font-medium text-stone-800 md:col-span-2">
          Alt text (required: what the picture shows)
          <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} className={FIELD} />
        </label>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding..." : "Add picture"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
