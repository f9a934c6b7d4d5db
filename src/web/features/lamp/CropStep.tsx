import type { CropPixels } from "@shared/creator";
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import {
  type LampCreatorState,
  type LampPhotoState,
  lampAspectRatioText,
} from "@shared/product-types/lamp-creator";
import { FramedCropper } from "../creator";

interface CropStepProps {
  state: LampCreatorState;
  onCrop: (
    index: number,
    crop: { x?: number; y?: number; zoom?: number },
    cropPixels?: CropPixels | null,
  ) => void;
}

function cropData(photo: LampPhotoState, aspectRatio: string) {
  return photo.cropData ?? { x: 0, y: 0, zoom: 1, aspectRatio };
}

/** Step 3: each photo in its frame at the lamp's aspect (the creator's cropper), side by side as round the lamp. */
export function CropStep({ state, onCrop }: CropStepProps) {
  const { sizeMm, photos } = state;
  if (!sizeMm || photos.length === 0) return null;
  const aspectRatio = lampAspectRatioText(sizeMm, photos.length);
  const texts = LAMP_TEXTS_WEB;
  return (
    <div>
      <p className="text-stone-700">{texts.crop.intro(photos.length)}</p>
      <ol className="mt-4 grid gap-6 sm:grid-cols-2">
        {photos.map((photo, index) => {
          const label = texts.photos.photoLabel(index + 1, photos.length);
          return (
            <li key={`${photo.image.url}|${aspectRatio}`} data-testid="lamp-crop">
              <h3 className="mb-2 text-center font-sans text-sm font-semibold text-stone-800">{label}</h3>
              <FramedCropper
                image={photo.image}
                cropData={cropData(photo, aspectRatio)}
                shape={null}
                frameHex={null}
                onCrop={(crop, pixels) => onCrop(index, crop, pixels)}
                label={label}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
