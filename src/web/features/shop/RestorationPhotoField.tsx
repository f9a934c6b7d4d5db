import { type AccessoryChoices, ACCESSORY_CHOICE_TEXTS as T } from "@shared/accessory-choices";
import { ImageDropZone, useImageUpload } from "../creator";

interface Props {
  choices: AccessoryChoices;
  onChange: (next: AccessoryChoices) => void;
  error: string | undefined;
}

/**
 * The photo Photo Restoration restores (issue 30 item 14), sent through the creator's upload
 * (the same endpoint, size checks and per-visitor quota); the line keeps its URLs.
 */
export function RestorationPhotoField({ choices, onChange, error }: Props) {
  const { upload, progress } = useImageUpload();
  const attached = choices.photoUrl && choices.photoOriginalUrl ? choices.photoUrl : null;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-stone-800">
        {T.photo}
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </p>
      <p className="text-sm text-stone-600">{T.photoHint}</p>
      <ImageDropZone
        label={T.photo}
        progress={progress}
        compact={attached !== null}
        onFile={async (file) => {
          const uploaded = await upload(file, { kind: "main" });
          if (uploaded)
            onChange({ ...choices, photoUrl: uploaded.url, photoOriginalUrl: uploaded.originalUrl });
        }}
      />
      {attached ? (
        <figure className="flex items-center gap-3">
          <img
            src={attached}
            alt={T.photoAttached}
            className="h-20 w-20 rounded-lg border border-stone-200 object-cover"
          />
          <figcaption className="text-sm text-stone-700">{T.photoAttached}</figcaption>
        </figure>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
