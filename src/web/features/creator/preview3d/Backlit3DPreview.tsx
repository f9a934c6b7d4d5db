import type { ColourFilament } from "@lithophane/colour/filaments";
import { DEFAULT_SCATTER_PER_MM } from "@lithophane/light";
import { isShapeId } from "@lithophane/params";
import { DEFAULT_ATTENUATION_PER_MM } from "@lithophane/tones";
import { COLOUR_TEXTS } from "@shared/colour-texts";
import { type CreatorState, displayUrl, photoAsShown } from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { COLOUR_PROCESSING_ID } from "@shared/delivery-dates";
import { type CreatorOption, findOption } from "@shared/options";
import { useQuery } from "@tanstack/react-query";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { catalogQueries } from "@web/features/shop/api";
import { Box, MonitorX } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import type { PreviewStatus } from "./LithophaneView";
import { hasWebGL } from "./webgl";

/** three.js and the view load only when a preview is shown: their own chunks, outside the creator's. */
const LithophaneView = lazy(() => import("./LithophaneView"));

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="mx-auto flex max-w-sm gap-2 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">
      <MonitorX aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function Placeholder() {
  return (
    <div
      role="status"
      className="mx-auto flex aspect-square w-full max-w-sm flex-col items-center justify-center gap-2 rounded-xl bg-stone-900 text-sm text-stone-300"
    >
      <Box aria-hidden="true" className="h-8 w-8 animate-pulse" />
      {CREATOR_MESSAGES.creator.preview3d.loading}
    </div>
  );
}

/**
 * The backlit 3D preview under the framed photo: shown once a photo and a shape are chosen. Without WebGL
 * it says so and the rest of the creator carries on.
 */
export function Backlit3DPreview({
  state,
  options,
}: {
  state: CreatorState;
  options: readonly CreatorOption[];
}) {
  const [status, setStatus] = useState<PreviewStatus>("loading");
  // The active filament's k, from the catalogue answer the creator already fetched; today's default until then.
  const attenuationPerMm = useQuery(catalogQueries.attenuation()).data ?? DEFAULT_ATTENUATION_PER_MM;
  // Its scattering (decision 338): the light model blurs thick plastic by it, as the twin and renders do.
  const scatterPerMm = useQuery(catalogQueries.scatter()).data ?? DEFAULT_SCATTER_PER_MM;
  // A colour panel (issue 22) glows with the colour printer's spools; none known: the engine's defaults.
  const spools = useQuery(catalogQueries.colourFilaments()).data;
  const isColour = state.selections.processing === COLOUR_PROCESSING_ID;
  const colour = useMemo(
    () =>
      isColour
        ? {
            filaments: (spools ?? []).map(
              (s): ColourFilament => ({
                name: s.role,
                colourHex: s.colour,
                role: s.role,
                attenuationRgbPerMm: [s.attenuationPerMm.r, s.attenuationPerMm.g, s.attenuationPerMm.b],
              }),
            ),
          }
        : null,
    [isColour, spools],
  );
  const { image, shape: shapeId, size: sizeId, frameColor } = state.selections;
  const sizeOption = findOption(options, "size", sizeId);
  const shapeOption = findOption(options, "shape", shapeId);
  const frameHex = findOption(options, "frame_color", frameColor)?.hexColor ?? null;
  const cropPixels = state.cropPixels;
  const photo = useMemo(
    () =>
      image
        ? {
            // The stored preview is greyscale; a colour panel is sampled from the colour original
            // (the crop is in its pixels either way).
            url: displayUrl(photoAsShown(image, isColour ? "colour" : null)),
            width: image.width,
            height: image.height,
            cropPixels: cropPixels ? { ...cropPixels } : null,
          }
        : null,
    [image, cropPixels, isColour],
  );
  if (!photo || !isShapeId(shapeId)) return null;
  const texts = CREATOR_MESSAGES.creator.preview3d;
  // Asked only once there is something to show: a WebGL context costs a long task to make.
  const unavailable = !hasWebGL() || status === "unavailable";
  const fallback = <Notice>{texts.unavailable}</Notice>;

  return (
    // Not a landmark of its own: it is part of the Preview region, under its own heading.
    <div
      className="mt-6 border-t border-stone-200 pt-5"
      data-testid="lithophane-3d"
      data-state={unavailable ? "unavailable" : status}
    >
      <h3 className="text-center text-lg font-medium text-stone-900">{texts.heading}</h3>
      <p className="mx-auto mt-1 mb-3 max-w-sm text-center text-sm text-stone-600">
        {isColour ? COLOUR_TEXTS.preview.intro : texts.intro}
      </p>
      {unavailable ? (
        fallback
      ) : (
        <LoadBoundary fallback={fallback}>
          <Suspense fallback={<Placeholder />}>
            <LithophaneView
              photo={photo}
              shape={shapeId}
              shapeName={shapeOption?.name ?? shapeId}
              sizeMm={sizeOption ? { widthMm: sizeOption.widthMm, heightMm: sizeOption.heightMm } : null}
              frameHex={frameHex}
              attenuationPerMm={attenuationPerMm}
              scatterPerMm={scatterPerMm}
              localContrast={state.localContrast}
              colour={colour}
              onStatus={setStatus}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
