import {
  CREATOR_STEP_LABELS,
  CREATOR_STEPS,
  type CreatorStep,
  creatorReducer,
  INITIAL_CREATOR_STATE,
  isNewChoice,
  type OptionStep,
  progressCount,
  sizesForShape,
  stepsResetBy,
} from "@shared/creator";
import { creatorStepSummaries } from "@shared/creator-step-summaries";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { type CreatorOption, findOption } from "@shared/options";
import { largestSoldPanelMm } from "@shared/upload-copy";
import { AccordionRoot } from "@web/components/ui/accordion";
import { Button } from "@web/components/ui/button";
import { LazyDialog, usePreloadWhenSettled } from "@web/components/ui/lazy-dialog";

import { lazy, type ReactNode, useReducer, useRef, useState } from "react";
import { useCart } from "../cart";
import { CurrencySelect } from "../currency";
import { CreatorPreview } from "./CreatorPreview";
import { CreatorStepItem } from "./CreatorStepItem";

import { STEP_TITLES } from "./creatorStepTitles";
import { LazyStep } from "./LazyStep";
import { MiniPreviewBar } from "./MiniPreviewBar";
import { OptionsLoading } from "./OptionsLoading";
import { ProgressDots } from "./ProgressDots";
import { Swatch } from "./Swatch";
import { UploadStep } from "./UploadStep";
import { loadCartBuild, useCreatorAddToCart } from "./useCreatorAddToCart";
import { useCreatorOptions } from "./useCreatorOptions";
import { useFunnelEvents } from "./useFunnelEvents";
import { useMainPhotoUpload } from "./useImageUpload";
import { useStepNavigation } from "./useStepNavigation";

/**
 * The last step (the bundles, extra photos and their croppers) is not in the creator's first load
 * (issue 31 item 3): fetched once the page has settled, long before that step can open.
 */
const loadBundleStep = () => import("./BundleStep");

const BundleStep = lazy(() => loadBundleStep().then((m) => ({ default: m.BundleStep })));

/**
 * Nor are what only a photo opens (the choices of steps 2 to 5: closed until then) and what Add to
 * Cart needs (the line's builder): both are fetched once the page has settled.
 */
const loadChoiceControls = () => Promise.all([import("./OptionRadioGroup"), import("./LocalContrastToggle")]);

const OptionRadioGroup = lazy(() => loadChoiceControls().then(([m]) => ({ default: m.OptionRadioGroup })));

const LocalContrastToggle = lazy(() =>
  loadChoiceControls().then(([, m]) => ({ default: m.LocalContrastToggle })),
);

/** /shop/create and /create: the six-step lithophane creator with its live preview. */
export function CreatorPage() {
  const [state, dispatch] = useReducer(creatorReducer, INITIAL_CREATOR_STATE);
  const { expanded, setExpanded, triggers, advanceFrom } = useStepNavigation();
  const { grouped, flat, bundles, loading } = useCreatorOptions();
  const cart = useCart();
  const topRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  useFunnelEvents(state);
  usePreloadWhenSettled(loadBundleStep);
  usePreloadWhenSettled(loadChoiceControls);
  usePreloadWhenSettled(loadCartBuild);
  const adding = useCreatorAddToCart({ state, flat, bundles, onProblemAt: setExpanded });

  const photo = useMainPhotoUpload(largestSoldPanelMm(flat), {
    onPreview: (image) => {
      dispatch({ type: "imageUploaded", image });
      advanceFrom("upload", true);
    },
    onStored: (deviceUrl, image) => dispatch({ type: "imageStored", deviceUrl, image }),
    onFailed: (deviceUrl) => {
      dispatch({ type: "imageFailed", deviceUrl });
      adding.cancelWaiting();
      // The photo is gone: back to the first step, to choose it (or another) again.
      setExpanded("upload");
    },
  });

  const applyOption = (step: OptionStep, option: CreatorOption, viaPointer: boolean) => {
    dispatch({ type: "selectOption", step, option });
    if (viaPointer) advanceFrom(step, true);
  };

  // A changed choice that would clear later steps is asked about first (issue 30).
  const [pendingChoice, setPendingChoice] = useState<{
    step: OptionStep;
    option: CreatorOption;
    viaPointer: boolean;
  } | null>(null);
  const selectOption = (step: OptionStep, option: CreatorOption, viaPointer: boolean) => {
    if (isNewChoice(state, step, option.id) && stepsResetBy(state, step).length > 0) {
      setPendingChoice({ step, option, viaPointer });
      return;
    }
    applyOption(step, option, viaPointer);
  };
  const pendingReset = pendingChoice ? stepsResetBy(state, pendingChoice.step) : [];

  const startOver = () => {
    dispatch({ type: "reset" });
    adding.reset();
    setExpanded("upload");
    topRef.current?.scrollIntoView({ block: "start" });
    requestAnimationFrame(() => triggers.current.upload?.focus({ preventScroll: true }));
  };

  const { selections } = state;
  const summaries = creatorStepSummaries(selections, flat, photo.progress);

  const optionStep = (
    step: OptionStep,
    options: readonly CreatorOption[],
    selectedId: string | null,
    visual?: boolean,
  ): ReactNode =>
    loading ? (
      <OptionsLoading />
    ) : (
      <OptionRadioGroup
        legend={STEP_TITLES[step]}
        options={options}
        selectedId={selectedId}
        onSelect={(option, viaPointer) => selectOption(step, option, viaPointer)}
        {...(visual ? { renderVisual: (option: CreatorOption) => <Swatch option={option} /> } : {})}
      />
    );

  const content: Record<CreatorStep, ReactNode> = {
    upload: (
      <UploadStep
        image={selections.image}
        opening={photo.opening}
        progress={photo.progress}
        onFile={(file) => void photo.choose(file)}
      />
    ),
    processing: (
      <LazyStep>
        {optionStep("processing", grouped.processing, selections.processing)}
        <LocalContrastToggle
          checked={state.localContrast}
          disabled={!selections.image}
          onChange={(on) => dispatch({ type: "setLocalContrast", on })}
        />
      </LazyStep>
    ),
    shape: <LazyStep>{optionStep("shape", grouped.shape, selections.shape)}</LazyStep>,
    "frame-color": (
      <LazyStep>{optionStep("frame-color", grouped.frame_color, selections.frameColor, true)}</LazyStep>
    ),
    size: (
      <LazyStep>
        {optionStep("size", sizesForShape(grouped.size, selections.shape), selections.size)}
      </LazyStep>
    ),
    bundle: (
      <LazyStep>
        <BundleStep
          state={state}
          bundles={bundles}
          onSelect={(bundleId) => dispatch({ type: "selectBundle", bundleId })}
          onAddImage={(image) => dispatch({ type: "addAdditionalImage", image })}
          onRemoveImage={(index) => dispatch({ type: "removeAdditionalImage", index })}
          onCropImage={(index, cropData, cropPixels) =>
            dispatch({
              type: "setAdditionalCrop",
              index,
              cropData,
              ...(cropPixels === undefined ? {} : { cropPixels }),
            })
          }
          frameHex={findOption(flat, "frame_color", selections.frameColor)?.hexColor ?? null}
          options={flat}
        />
      </LazyStep>
    ),
  };

  return (
    <div ref={topRef} className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-4xl text-stone-900 md:text-5xl">Create Your Lithophane</h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700">
            Upload a photo, make your choices and watch your lightbox take shape.
          </p>
        </div>
        <CurrencySelect />
      </div>

      <div className="mt-8 max-w-2xl">
        <ProgressDots completed={progressCount(state)} />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <AccordionRoot value={expanded} onValueChange={setExpanded} className="space-y-3">
          {CREATOR_STEPS.map((step, index) => (
            <CreatorStepItem
              key={step}
              step={step}
              index={index}
              state={state}
              expanded={expanded === step}
              summary={summaries[step]}
              triggers={triggers}
              onContinue={advanceFrom}
            >
              {content[step]}
            </CreatorStepItem>
          ))}
        </AccordionRoot>

        {/* Sticky beside the steps on wide screens; it scrolls inside itself if the screen is short. */}
        <div
          ref={previewRef}
          className="scroll-mt-20 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:rounded-2xl"
        >
          <CreatorPreview
            state={state}
            options={flat}
            bundles={bundles}
            onCrop={(cropData, cropPixels) =>
              dispatch({ type: "setCrop", cropData, ...(cropPixels === undefined ? {} : { cropPixels }) })
            }
            onAddToCart={adding.onAddToCart}
            uploadProgress={selections.image?.pending ? (photo.progress ?? 0) : null}
            waitingToAdd={adding.waitingToAdd}
            added={adding.added}
            onViewCart={cart.openCart}
            onStartOver={startOver}
          />
        </div>
      </div>
      <LazyDialog
        open={pendingChoice !== null}
        onOpenChange={(open) => {
          if (!open) setPendingChoice(null);
        }}
        title={CREATOR_TEXTS.resetConfirm.title(pendingChoice ? CREATOR_STEP_LABELS[pendingChoice.step] : "")}
        description={CREATOR_TEXTS.resetConfirm.description(
          pendingReset.map((step) => CREATOR_STEP_LABELS[step]),
          state.additionalImages.length,
        )}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setPendingChoice(null)}>
            {CREATOR_TEXTS.resetConfirm.cancel}
          </Button>
          <Button
            onClick={() => {
              if (pendingChoice)
                applyOption(pendingChoice.step, pendingChoice.option, pendingChoice.viaPointer);
              setPendingChoice(null);
            }}
          >
            {CREATOR_TEXTS.resetConfirm.confirm}
          </Button>
        </div>
      </LazyDialog>
      <MiniPreviewBar
        bundles={bundles}
        state={state}
        options={flat}
        onShowPreview={() => previewRef.current?.scrollIntoView({ block: "start", behavior: "smooth" })}
      />
    </div>
  );
}
