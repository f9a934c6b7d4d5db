import { displayUrl, type UploadedImage } from "@shared/creator";
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { LAMP_MAX_PHOTOS } from "@shared/product-types/lamp";
import type { LampPhotoState } from "@shared/product-types/lamp-creator";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { ImageDropZone, useImageUpload } from "../creator";

interface PhotosStepProps {
  photos: readonly LampPhotoState[];
  onAdd: (image: UploadedImage) => void;
  onRemove: (index: number) => void;
  onMove: (index: number, by: -1 | 1) => void;
}

const iconButton =
  "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 disabled:opacity-40 disabled:hover:bg-transparent";

/** Step 2: one to four photos, uploaded one after the other (the creator's upload), in their order round the lamp. */
export function PhotosStep({ photos, onAdd, onRemove, onMove }: PhotosStepProps) {
  const { upload, progress } = useImageUpload();
  const texts = LAMP_TEXTS_WEB.photos;
  const count = photos.length;
  const onFile = async (file: File) => {
    const index = photos.length;
    const stored = await upload(
      file,
      index === 0 ? { kind: "main" } : { kind: "additional", index: index - 1 },
    );
    if (stored) onAdd(stored);
  };
  return (
    <div className="space-y-4">
      <p className="text-stone-700">{texts.intro(LAMP_MAX_PHOTOS)}</p>
      {count > 0 ? (
        <ol className="grid gap-3 sm:grid-cols-2" aria-label={texts.count(count, LAMP_MAX_PHOTOS)}>
          {photos.map((photo, index) => {
            const label = texts.photoLabel(index + 1, count);
            return (
              <li
                key={photo.image.url}
                className="flex items-center gap-2 rounded-xl border border-stone-200 bg-white p-2"
              >
                <img
                  src={displayUrl(photo.image)}
                  alt={label}
                  className="h-16 w-20 shrink-0 rounded-md object-cover"
                />
                <span className="min-w-0 flex-1 text-sm font-medium text-stone-900">{label}</span>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={texts.moveLeft(label)}
                  disabled={index === 0}
                  onClick={() => onMove(index, -1)}
                >
                  <ChevronLeft aria-hidden="true" className="h-5 w-5" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={texts.moveRight(label)}
                  disabled={index === count - 1}
                  onClick={() => onMove(index, 1)}
                >
                  <ChevronRight aria-hidden="true" className="h-5 w-5" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:bg-red-50 hover:text-red-800`}
                  aria-label={texts.remove(label)}
                  onClick={() => onRemove(index)}
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {count < LAMP_MAX_PHOTOS ? (
        <ImageDropZone
          compact={count > 0}
          label={texts.addLabel(count + 1)}
          progress={progress}
          onFile={(file) => void onFile(file)}
        />
      ) : (
        <p className="text-sm text-stone-700">{texts.full(LAMP_MAX_PHOTOS)}</p>
      )}
      {count > 0 ? <p className="text-sm text-stone-600">{texts.recropNote}</p> : null}
      <p className="sr-only" aria-live="polite">
        {texts.count(count, LAMP_MAX_PHOTOS)}
      </p>
    </div>
  );
}
