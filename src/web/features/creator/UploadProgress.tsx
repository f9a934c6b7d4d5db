import { CREATOR_TEXTS } from "@shared/creator-texts";
import { cn } from "@web/components/ui/cn";

/** A small bar and percentage for the photo's upload running behind the steps (issue 31). */
export function UploadProgress({ percent, className }: { percent: number; className?: string }) {
  return (
    <div className={cn("flex items-center gap-2", className)} data-testid="photo-upload-progress">
      <div
        role="progressbar"
        aria-label={CREATOR_TEXTS.photoUpload.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-full max-w-40 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-glow-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="shrink-0 text-xs tabular-nums text-stone-700">{percent}%</span>
    </div>
  );
}
