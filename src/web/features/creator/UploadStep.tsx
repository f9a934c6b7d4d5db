import type { UploadedImage } from "@shared/creator";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { isBelowRecommendedResolution } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { TriangleAlert } from "lucide-react";
import { ImageDropZone } from "./ImageDropZone";
import { useImageUpload } from "./useImageUpload";

/** Step 1: the main photo, by click or drag and drop, with progress and a resolution check. */
export function UploadStep({
  image,
  onUploaded,
}: {
  image: UploadedImage | null;
  onUploaded: (image: UploadedImage) => void;
}) {
  const { upload, progress } = useImageUpload();
  const onFile = async (file: File) => {
    const uploaded = await upload(file, { kind: "main" });
    if (uploaded) onUploaded(uploaded);
  };
  if (!image) {
    return <ImageDropZone label="Upload your photo" progress={progress} onFile={onFile} />;
  }
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        <img
          src={image.url}
          alt="Your upload, in greyscale"
          className="h-20 w-20 rounded-lg object-cover ring-1 ring-stone-300"
        />
        <div className="text-sm text-stone-700">
          <p className="font-semibold text-stone-900">Photo uploaded</p>
          <p>
            {image.width}×{image.height} px
          </p>
        </div>
      </div>
      {isBelowRecommendedResolution(image.width, image.height) ? (
        <p className="flex gap-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{MESSAGES.upload.lowResolution(image.width, image.height)}</span>
        </p>
      ) : null}
      <ImageDropZone compact label="Replace photo" progress={progress} onFile={onFile} />
      <p className="text-sm text-stone-600">{CREATOR_TEXTS.replaceKeepsChoices}</p>
    </div>
  );
}
