import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { UPLOAD_ACCEPT } from "@shared/limits";
import { cn } from "@web/components/ui/cn";
import { ImageUp } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { usePointerKind } from "./usePointerKind";

interface ImageDropZoneProps {
  label: string;
  onFile: (file: File) => void;
  /** 0-100 while uploading, null otherwise. */
  progress: number | null;
  /** True while a chosen photo is opened on the device (before any upload). */
  busy?: boolean;
  compact?: boolean;
  className?: string;
}

/**
 * A file input (accept image/*) spread over a drop zone: click, keyboard or drag and drop.
 * Shows the hint and, while sending, a progress bar.
 */
export function ImageDropZone({ label, onFile, progress, busy, compact, className }: ImageDropZoneProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== null;
  const pointer = usePointerKind();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a refusal.
    event.target.value = "";
    if (file) onFile(file);
  };
  return (
    <div
      className={cn(
        "relative flex flex-col items-center justify-center rounded-xl border-2 border-dashed text-center transition-colors",
        "has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-glow-600",
        dragging
          ? "border-glow-600 bg-glow-50"
          : "border-stone-400 bg-stone-50 hover:border-stone-600 hover:bg-white",
        compact ? "gap-1 px-4 py-4" : "gap-2 px-6 py-10",
        className,
      )}
    >
      <input
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        aria-describedby={hintId}
        disabled={uploading || busy}
        aria-busy={busy || undefined}
        onChange={onChange}
        // The input covers the zone, so the browser's own file drop on it does the work.
        onDragEnter={() => setDragging(true)}
        onDragLeave={() => setDragging(false)}
        onDrop={() => setDragging(false)}
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-progress"
      />
      <ImageUp aria-hidden="true" className={cn("text-stone-600", compact ? "h-6 w-6" : "h-10 w-10")} />
      <label htmlFor={id} className={cn("font-semibold text-stone-900", compact ? "text-sm" : "text-base")}>
        {label}
      </label>
      <p id={hintId} className="text-sm text-stone-600">
        {compact
          ? CREATOR_MESSAGES.upload.hint
          : `${CREATOR_TEXTS.dropZoneHint(pointer)} ${CREATOR_MESSAGES.upload.hint}`}
      </p>
      {busy ? (
        <p role="status" className="mt-1 text-xs text-stone-700">
          {CREATOR_TEXTS.photoUpload.preparing}
        </p>
      ) : null}
      {uploading ? (
        <div className="mt-2 w-full max-w-xs">
          <div
            role="progressbar"
            aria-label={`Uploading: ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className="h-full rounded-full bg-glow-600 transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-stone-700">Uploading… {progress}%</p>
        </div>
      ) : null}
    </div>
  );
}
