import { REVIEW_TEXTS } from "@shared/review-texts";
import { REVIEW_BODY_MAX, REVIEW_NAME_MAX } from "@shared/storefront";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";
import { uploadImage } from "@web/features/creator/api";
import { Star } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useAuth } from "../auth";
import { reviewLinkQuery, submitReview } from "./api";

const FIELD = "rounded-lg border border-stone-300 px-3 py-2 text-base text-stone-900";

/**
 * Where a customer reviews a delivered order (issue 20): the review request e-mail's signed
 * link, no account. Stars, words, a name to show and an optional photo of the lightbox (sent
 * through the shop's upload pipeline first). The review shows once the owner approves it.
 */
export function ReviewPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = useQuery({ ...reviewLinkQuery(token), enabled: token !== "" });
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState("");
  // A signed-in customer's first name is suggested (and can be changed); null until they type.
  const [typedName, setName] = useState<string | null>(null);
  const { me } = useAuth();
  const name = typedName ?? me?.profile.firstName?.trim() ?? "";
  const [place, setPlace] = useState("");
  const [photo, setPhoto] = useState<{ id: string; url: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const ids = { body: useId(), name: useId(), place: useId(), photo: useId() };
  const send = useMutation({ mutationFn: submitReview });

  if (!token || link.isError) {
    return (
      <Page title={REVIEW_TEXTS.pageTitle}>
        <Card role="alert" className="p-5 text-stone-900">
          {link.error?.message ?? REVIEW_TEXTS.invalid}
        </Card>
      </Page>
    );
  }
  if (link.isPending) return <Page title={REVIEW_TEXTS.pageTitle} intro="Loading..." />;
  if (send.isSuccess) {
    return (
      <Page title={REVIEW_TEXTS.pageTitle}>
        <Card role="status" className="p-5 text-stone-900">
          {send.data.message}
        </Card>
      </Page>
    );
  }

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoError(null);
    setUploading(true);
    try {
      const uploaded = await uploadImage(file, { kind: "main" });
      setPhoto({ id: uploaded.id, url: uploaded.originalUrl });
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : REVIEW_TEXTS.photoGone);
    } finally {
      setUploading(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate({
      token,
      rating,
      body,
      name,
      ...(place.trim() ? { place } : {}),
      ...(photo ? { photoUploadId: photo.id } : {}),
    });
  };

  return (
    <Page
      title={REVIEW_TEXTS.pageTitle}
      intro={REVIEW_TEXTS.intro(link.data.firstName, link.data.orderNumber)}
    >
      <form onSubmit={submit} className="flex max-w-xl flex-col gap-5">
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{REVIEW_TEXTS.ratingLegend}</legend>
          <div className="mt-2 flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded p-1 focus-within:ring-2 focus-within:ring-glow-600"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={n <= rating ? "h-9 w-9 fill-current text-glow-600" : "h-9 w-9 text-stone-400"}
                />
                <span className="sr-only">{REVIEW_TEXTS.starLabel(n)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={ids.body} className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {REVIEW_TEXTS.bodyLabel}
          <span className="font-normal text-stone-600">{REVIEW_TEXTS.bodyHint}</span>
          <textarea
            id={ids.body}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={6}
            maxLength={REVIEW_BODY_MAX}
            className={FIELD}
          />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label htmlFor={ids.name} className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            {REVIEW_TEXTS.nameLabel}
            <input
              id={ids.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={REVIEW_NAME_MAX}
              autoComplete="given-name"
              className={FIELD}
            />
          </label>
          <label htmlFor={ids.place} className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            {REVIEW_TEXTS.placeLabel}
            <input
              id={ids.place}
              value={place}
              onChange={(e) => setPlace(e.target.value)}
              maxLength={REVIEW_NAME_MAX}
              autoComplete="address-level2"
              className={FIELD}
            />
          </label>
        </div>
        <div className="flex flex-col gap-2 text-sm">
          <label htmlFor={ids.photo} className="font-medium text-stone-800">
            {REVIEW_TEXTS.photoLabel}
          </label>
          <span className="text-stone-600">{REVIEW_TEXTS.photoHint}</span>
          {photo ? (
            <div className="flex items-center gap-3">
              <img src={photo.url} alt="" className="h-24 w-24 rounded-lg object-cover" />
              <Button type="button" variant="outline" size="sm" onClick={() => setPhoto(null)}>
                {REVIEW_TEXTS.removePhoto}
              </Button>
            </div>
          ) : (
            <input
              id={ids.photo}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={uploading}
              onChange={(e) => void choosePhoto(e.target.files?.[0])}
            />
          )}
          {photoError ? (
            <p role="alert" className="text-red-800">
              {photoError}
            </p>
          ) : null}
        </div>
        {send.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {send.error.message}
          </p>
        ) : null}
        <Button type="submit" variant="glow" disabled={send.isPending || uploading}>
          {send.isPending ? REVIEW_TEXTS.sending : REVIEW_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
