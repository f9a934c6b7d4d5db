import type { CreatorState } from "@shared/creator";
import type { CreatorOption } from "@shared/options";
import { Backlit3DPreview } from "./preview3d/Backlit3DPreview";

/**
 * Extra previews under the framed photo: the backlit 3D lithophane (lazy-loaded; it renders nothing
 * until a photo and a shape are chosen).
 */
export function PreviewExtras({
  state,
  options,
}: {
  state: CreatorState;
  options: readonly CreatorOption[];
}) {
  return <Backlit3DPreview state={state} options={options} />;
}
