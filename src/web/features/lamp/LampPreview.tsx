import { DEFAULT_SCATTER_PER_MM } from "@lithophane/light";
import { DEFAULT_ATTENUATION_PER_MM } from "@lithophane/tones";
import { displayUrl } from "@shared/creator";
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { type LampCreatorState, lampOfferAspect } from "@shared/product-types/lamp-creator";
import type { LampSizeOffer } from "@shared/product-types/lamp-offer";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { Box, MonitorX } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { hasWebGL } from "../creator";
import type { LampViewStatus } from "./LampView";
import type { LampBuildInput } from "./lampSample";

/** three.js and the view load only when the preview step shows: chunks of their own. */
const LampView = lazy(() => import("./LampView"));

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
      className="mx-auto flex aspect-[4/5] w-full max-w-sm flex-col items-center justify-center gap-2 rounded-xl bg-stone-900 text-sm text-stone-300"
    >
      <Box aria-hidden="true" className="h-8 w-8 animate-pulse" />
      {LAMP_TEXTS_WEB.preview.loading}
    </div>
  );
}

/** Step 4: the lamp lit from inside, turnable; without WebGL a line says so and ordering carries on. */
export function LampPreview({
  state,
  offer,
  attenuationPerMm,
  scatterPerMm,
}: {
  state: LampCreatorState;
  offer: LampSizeOffer;
  /** The active filament's (null until the catalogue answers: today's default). */
  attenuationPerMm: number | null;
  scatterPerMm: number | null;
}) {
  const [status, setStatus] = useState<LampViewStatus>("loading");
  const input = useMemo<LampBuildInput>(
    () => ({
      photos: state.photos.map((photo) => ({
        url: displayUrl(photo.image),
        width: photo.image.width,
        height: photo.image.height,
        cropPixels: photo.cropPixels ? { ...photo.cropPixels } : null,
      })),
      diameterMm: offer.diameterMm,
      heightMm: offer.heightMm,
      aspect: lampOfferAspect(offer, state.photos.length),
      attenuationPerMm: attenuationPerMm ?? DEFAULT_ATTENUATION_PER_MM,
      scatterPerMm: scatterPerMm ?? DEFAULT_SCATTER_PER_MM,
    }),
    [state.photos, offer, attenuationPerMm, scatterPerMm],
  );
  const texts = LAMP_TEXTS_WEB.preview;
  const unavailable = !hasWebGL() || status === "unavailable";
  const fallback = <Notice>{texts.unavailable}</Notice>;
  return (
    <div data-testid="lamp-3d" data-state={unavailable ? "unavailable" : status}>
      <p className="mx-auto mb-3 max-w-sm text-center text-sm text-stone-600">{texts.intro}</p>
      {unavailable ? (
        fallback
      ) : (
        <LoadBoundary fallback={fallback}>
          <Suspense fallback={<Placeholder />}>
            <LampView input={input} sizeName={offer.name} onStatus={setStatus} />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
