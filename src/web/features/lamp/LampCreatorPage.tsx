import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { lampPhotosText } from "@shared/product-types/lamp";
import { INITIAL_LAMP_STATE, isLampStepOpen, lampCreatorReducer } from "@shared/product-types/lamp-creator";
import { Link } from "@web/app/routing";
import { useReducer, useRef } from "react";
import { CurrencySelect } from "../currency";
import { AddLampBar } from "./AddLampBar";
import { CropStep } from "./CropStep";
import { LampPreview } from "./LampPreview";
import { LampStepSection } from "./LampStepSection";
import { PhotosStep } from "./PhotosStep";
import { SizeStep } from "./SizeStep";
import { useAddLamp } from "./useAddLamp";
import { useLampSizes } from "./useLampSizes";

/** /create/lamp: the lithophane lamp's creator: a size, one to four photos, their crops, the lamp lit. */
export function LampCreatorPage() {
  const [state, dispatch] = useReducer(lampCreatorReducer, INITIAL_LAMP_STATE);
  const lamp = useLampSizes();
  const cart = useAddLamp(lamp.sizes);
  const topRef = useRef<HTMLDivElement>(null);
  const texts = LAMP_TEXTS_WEB;
  const offer = lamp.sizes.find((o) => o.id === state.sizeId) ?? null;
  const photosOpen = isLampStepOpen(state, "photos");
  const cropOpen = isLampStepOpen(state, "crop");

  const onAdd = () => {
    const problem = cart.add(state);
    if (problem) topRef.current?.scrollIntoView({ block: "start" });
  };
  const startOver = () => {
    dispatch({ type: "reset" });
    topRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <div ref={topRef} className="mx-auto max-w-6xl scroll-mt-20 px-4 py-8 md:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-4xl text-stone-900 md:text-5xl">{texts.page.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700">{texts.page.intro}</p>
          <p className="mt-2 text-sm text-stone-600">
            {texts.page.baseNote}{" "}
            <Link to="/shop" className="font-medium text-glow-800 underline underline-offset-2">
              {texts.page.baseLink}
            </Link>
          </p>
        </div>
        <CurrencySelect />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="space-y-4">
          <LampStepSection
            number={1}
            title={texts.steps.size}
            summary={offer?.name ?? null}
            open
            done={offer !== null}
          >
            <SizeStep
              sizes={lamp.sizes}
              loading={lamp.loading}
              failed={lamp.failed}
              onRetry={lamp.retry}
              selectedId={state.sizeId}
              onSelect={(size) => dispatch({ type: "chooseSize", size })}
            />
          </LampStepSection>
          <LampStepSection
            number={2}
            title={texts.steps.photos}
            summary={state.photos.length > 0 ? lampPhotosText(state.photos.length) : null}
            open={photosOpen}
            done={state.photos.length > 0}
          >
            <PhotosStep
              photos={state.photos}
              onAdd={(image) => dispatch({ type: "addPhoto", image })}
              onRemove={(index) => dispatch({ type: "removePhoto", index })}
              onMove={(index, by) => dispatch({ type: "movePhoto", index, by })}
            />
          </LampStepSection>
          <LampStepSection number={3} title={texts.steps.crop} open={cropOpen} done={false}>
            <CropStep
              state={state}
              onCrop={(index, crop, cropPixels) =>
                dispatch({
                  type: "setCrop",
                  index,
                  crop,
                  ...(cropPixels === undefined ? {} : { cropPixels }),
                })
              }
            />
          </LampStepSection>
        </div>

        <div className="space-y-4 lg:sticky lg:top-20 lg:self-start">
          <LampStepSection
            number={4}
            title={texts.steps.preview}
            open={cropOpen && offer !== null}
            done={false}
          >
            {offer ? (
              <LampPreview
                state={state}
                offer={offer}
                attenuationPerMm={lamp.attenuationPerMm}
                scatterPerMm={lamp.scatterPerMm}
              />
            ) : null}
          </LampStepSection>
          <AddLampBar
            offer={offer}
            added={cart.added !== null && cart.added === state}
            onAdd={onAdd}
            onViewCart={cart.openCart}
            onStartOver={startOver}
          />
        </div>
      </div>
    </div>
  );
}
