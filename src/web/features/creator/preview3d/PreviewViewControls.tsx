import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { Button } from "@web/components/ui/button";
import { Lightbulb, LightbulbOff, Repeat2, RotateCcw, RotateCw, Undo2 } from "lucide-react";
import { STEP_RADIANS } from "./viewTurns";

/** The buttons under the 3D preview: backlight on or off, turn left, right or over, and back to the first view. */
export function PreviewViewControls({
  lit,
  onToggleLit,
  onTurn,
  onReset,
}: {
  lit: boolean;
  onToggleLit: () => void;
  onTurn: (azimuth: number, polar: number) => void;
  onReset: () => void;
}) {
  const texts = CREATOR_MESSAGES.creator.preview3d;
  return (
    <div className="mx-auto mt-3 flex max-w-sm flex-wrap items-center justify-center gap-2">
      <Button variant={lit ? "glow" : "outline"} size="sm" aria-pressed={lit} onClick={onToggleLit}>
        {lit ? (
          <Lightbulb aria-hidden="true" className="h-4 w-4" />
        ) : (
          <LightbulbOff aria-hidden="true" className="h-4 w-4" />
        )}
        {texts.backlight}
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={texts.turnLeft}
        title={texts.turnLeft}
        onClick={() => onTurn(-STEP_RADIANS, 0)}
        className="w-9 px-0"
      >
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={texts.turnRight}
        title={texts.turnRight}
        onClick={() => onTurn(STEP_RADIANS, 0)}
        className="w-9 px-0"
      >
        <RotateCw aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={texts.turnOver}
        title={texts.turnOver}
        onClick={() => onTurn(Math.PI, 0)}
        className="w-9 px-0"
      >
        <Repeat2 aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={texts.resetView}
        title={texts.resetView}
        onClick={onReset}
        className="w-9 px-0"
      >
        <Undo2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </div>
  );
}
