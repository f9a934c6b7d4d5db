/**
 * The line under each creator step's title: the choice made (the option's or the bundle's name),
 * the photo's upload progress, or null where nothing is chosen yet.
 */
import { getBundle } from "./bundles";
import type { CreatorSelections, CreatorStep } from "./creator";
import { CREATOR_TEXTS } from "./creator-texts";
import { type CreatorOption, findOption } from "./options";

export function creatorStepSummaries(
  selections: CreatorSelections,
  options: readonly CreatorOption[],
  uploadPercent: number | null,
): Record<CreatorStep, string | null> {
  return {
    upload: selections.image
      ? selections.image.pending
        ? CREATOR_TEXTS.photoUpload.uploading(uploadPercent ?? 0)
        : CREATOR_TEXTS.photoUpload.uploaded
      : null,
    processing: findOption(options, "processing", selections.processing)?.name ?? null,
    shape: findOption(options, "shape", selections.shape)?.name ?? null,
    "frame-color": findOption(options, "frame_color", selections.frameColor)?.name ?? null,
    size: findOption(options, "size", selections.size)?.name ?? null,
    bundle: getBundle(selections.bundle)?.name ?? null,
  };
}
