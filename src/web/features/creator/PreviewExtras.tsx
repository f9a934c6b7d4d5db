import type { CreatorState } from "@shared/creator";
import type { CreatorOption } from "@shared/options";
import { lazyWithQuery } from "@web/app/query";
import { usePreloadWhenSettled } from "@web/components/ui/lazy-dialog";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { Suspense } from "react";

/**
 * Not in the creator's first load (issue 31 item 3): the 3D preview's frame and the light maths
 * it reads its defaults from are fetched once the page has settled. It shows nothing before a photo
 * and a shape are chosen, so nothing moves when it arrives. It reads the light maths with react-query:
 * it renders with the client (which the creator gets after its first render).
 */
const loadBacklit3DPreview = () => import("./preview3d/Backlit3DPreview");
const Backlit3DPreview = lazyWithQuery(() => loadBacklit3DPreview().then((m) => m.Backlit3DPreview));

/**
 * Extra previews under the framed photo: the backlit 3D lithophane (lazy-loaded), once a photo is
 * chosen (it shows nothing before). Not rendered before: the pre-rendered page would hold a
 * Suspense boundary the server could not finish, which hydration reports as an error and renders
 * again on the client.
 */
export function PreviewExtras({
  state,
  options,
}: {
  state: CreatorState;
  options: readonly CreatorOption[];
}) {
  usePreloadWhenSettled(loadBacklit3DPreview);
  if (!state.selections.image) return null;
  return (
    <LoadBoundary fallback={null}>
      <Suspense fallback={null}>
        <Backlit3DPreview state={state} options={options} />
      </Suspense>
    </LoadBoundary>
  );
}
