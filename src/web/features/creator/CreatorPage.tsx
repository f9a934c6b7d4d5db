import { getBundle } from "@shared/bundles";
import {
  addToCartCheck,
  CREATOR_STEP_LABELS,
  CREATOR_STEPS,
  type CreatorState,
  type CreatorStep,
  creatorReducer,
  currentStep,
  INITIAL_CREATOR_STATE,
  isNewChoice,
  isStepDone,
  isStepOpen,
  type OptionStep,
  progressCount,
  sizesForShape,
  stepIndex,
  stepsResetBy,
} from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { errorToast, MESSAGES } from "@shared/messages";
import { type CreatorOption, findOption } from "@shared/options";
import { largestSoldPanelMm } from "@shared/upload-copy";
import { trackEvent, trackedThisLoad } from "@web/api/events";
import {
  AccordionContent,
  AccordionHeader,
  AccordionItem,
  AccordionRoot,
  AccordionTrigger,
} from "@web/components/ui/accordion";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { LazyDialog, usePreloadWhenSettled } from "@web/components/ui/lazy-dialog";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { Check, ChevronDown, Lock } from "lucide-react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { notify, useCart } from "../cart";
import { CurrencySelect } from "../currency";
import { CreatorPreview } from "./CreatorPreview";
import { MiniPreviewBar } from "./MiniPreviewBar";
import { ProgressDots } from "./ProgressDots";
import { UploadStep } from "./UploadStep";
import { useCreatorOptions } from "./useCreatorOptions";
import { useFunnelEvents } from "./useFunnelEvents";
import { useMainPhotoUpload } from "./useImageUpload";

const STEP_TITLES: Readonly<Record<CreatorStep, string>> = {
  upload: "Upload your photo",
  processing: "Choose processing",
  shape: "Choose a shape",
  "frame-color": "Choose a frame colour",
  size: "Choose a size",
  bundle: "Choose your bundle",
};

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
const loadCartBuild = () => import("@shared/cart-build");

function nextStep(step: CreatorStep): CreatorStep | undefined {
  return CREATOR_STEPS[stepIndex(step) + 1];
}

/** A step whose controls are a lazy chunk: its skeleton while they load, a line if they cannot. */
function LazyStep({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary fallback={<p role="alert">{MESSAGES.common.unexpectedError}</p>}>
      <Suspense fallback={<OptionsLoading />}>{children}</Suspense>
    </LoadBoundary>
  );
}

function Swatch({ option }: { option: CreatorOption }) {
  return (
    <span
      aria-hidden="true"
      className="h-8 w-8 shrink-0 rounded-full shadow-inner ring-1 ring-stone-400"
      style={{ backgroundColor: option.hexColor ?? undefined }}
    />
  );
}

function OptionsLoading() {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-2">
      <span className="sr-only">{MESSAGES.common.loading}</span>
      {[0, 1].map((i) => (
        <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-stone-200" />
      ))}
    </div>
  );
}

/** /shop/create and /create: the six-step lithophane creator with its live preview. */
export function CreatorPage() {
  const [state, dispatch] = useReducer(creatorReducer, INITIAL_CREATOR_STATE);
  const [expanded, setExpanded] = useState<string>("upload");
  const [addedState, setAddedState] = useState<CreatorState | null>(null);
  const { grouped, flat, bundles, loading } = useCreatorOptions();
  const cart = useCart();
  const triggers = useRef<Partial<Record<CreatorStep, HTMLButtonElement | null>>>({});
  const topRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  useFunnelEvents(state);
  usePreloadWhenSettled(loadBundleStep);
  usePreloadWhenSettled(loadChoiceControls);
  usePreloadWhenSettled(loadCartBuild);
  // Add to Cart pressed while the photo still uploads: the line is added once it is stored.
  const [waitingToAdd, setWaitingToAdd] = useState(false);

  const photo = useMainPhotoUpload(largestSoldPanelMm(flat), {
    onPreview: (image) => {
      dispatch({ type: "imageUploaded", image });
      advanceFrom("upload", true);
    },
    onStored: (deviceUrl, image) => dispatch({ type: "imageStored", deviceUrl, image }),
    onFailed: (deviceUrl) => {
      dispatch({ type: "imageFailed", deviceUrl });
      setWaitingToAdd(false);
      // The photo is gone: back to the first step, to choose it (or another) again.
      setExpanded("upload");
    },
  });

  // The step whose trigger takes the focus once it is rendered open (no longer disabled): a
  // finished upload or a choice re-renders the steps first, and the control that had the focus
  // (the file input, a radio) may be gone by then.
  const focusStep = useRef<CreatorStep | null>(null);
  const [, setFocusRequest] = useState(0);
  useEffect(() => {
    const step = focusStep.current;
    const trigger = step ? triggers.current[step] : null;
    if (!trigger || trigger.disabled) return;
    focusStep.current = null;
    // focus() alone scrolls only when the title is off screen, ignoring the sticky header (a
    // title under it counts as shown); scrollIntoView keeps the page's scroll-padding clear of it.
    // A frame later: the step just closed is unmounted only after this render (Radix Presence).
    trigger.focus({ preventScroll: true });
    requestAnimationFrame(() => trigger.scrollIntoView({ block: "nearest" }));
  });

  /** Completing a step opens the next; a pointer choice also moves focus there. */
  const advanceFrom = useCallback((step: CreatorStep, moveFocus: boolean) => {
    const next = nextStep(step);
    if (!next) return;
    setExpanded(next);
    if (moveFocus) {
      focusStep.current = next;
      setFocusRequest((n) => n + 1);
    }
  }, []);

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

  const addLine = async (current: CreatorState) => {
    const builder = await loadCartBuild().catch((error: unknown) => {
      console.warn("The cart line's code failed to load", error);
      return null;
    });
    if (!builder) {
      notify(errorToast(MESSAGES.common.unexpectedError));
      return;
    }
    const bundle = getBundle(current.selections.bundle, bundles);
    const item = builder.buildCreatorCartItem(current, flat, undefined, bundles);
    if (!bundle || !item || !cart.add(item)) {
      notify(CREATOR_MESSAGES.creator.incompleteSelection);
      return;
    }
    notify(MESSAGES.cart.added(bundle.name));
    trackEvent("add_to_cart");
    // The funnel's step: a lithophane added in the page load that uploaded its photo (issue 47).
    if (trackedThisLoad("creator_upload")) trackEvent("upload_add_to_cart");
    setAddedState(current);
  };

  // The photo is stored: the line Add to Cart was waiting for goes in now, with the server's URLs.
  const image = state.selections.image;
  useEffect(() => {
    if (!waitingToAdd || !image || image.pending) return;
    setWaitingToAdd(false);
    if (addToCartCheck(state).ok) void addLine(state);
  });

  const onAddToCart = () => {
    if (waitingToAdd) return;
    const check = addToCartCheck(state);
    if (!check.ok) {
      notify({ title: check.title, description: check.description, variant: "destructive" });
      setExpanded(
        check.problem === "no-image"
          ? "upload"
          : check.problem === "additional-images"
            ? "bundle"
            : (currentStep(state) ?? "bundle"),
      );
      return;
    }
    // Only what is still missing is waited for: the photo's upload, already under way.
    if (state.selections.image?.pending) {
      setWaitingToAdd(true);
      return;
    }
    void addLine(state);
  };

  const startOver = () => {
    dispatch({ type: "reset" });
    setAddedState(null);
    setWaitingToAdd(false);
    setExpanded("upload");
    topRef.current?.scrollIntoView({ block: "start" });
    requestAnimationFrame(() => triggers.current.upload?.focus({ preventScroll: true }));
  };

  const { selections } = state;
  const summaries: Record<CreatorStep, string | null> = {
    upload: selections.image
      ? selections.image.pending
        ? CREATOR_TEXTS.photoUpload.uploading(photo.progress ?? 0)
        : CREATOR_TEXTS.photoUpload.uploaded
      : null,
    processing: findOption(flat, "processing", selections.processing)?.name ?? null,
    shape: findOption(flat, "shape", selections.shape)?.name ?? null,
    "frame-color": findOption(flat, "frame_color", selections.frameColor)?.name ?? null,
    size: findOption(flat, "size", selections.size)?.name ?? null,
    bundle: getBundle(selections.bundle)?.name ?? null,
  };

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
          {CREATOR_STEPS.map((step, index) => {
            const open = isStepOpen(state, step);
            const done = isStepDone(state, step);
            const next = nextStep(step);
            return (
              <AccordionItem
                key={step}
                value={step}
                disabled={!open}
                className={cn(
                  "overflow-hidden rounded-2xl border bg-white shadow-sm",
                  expanded === step ? "border-stone-400" : "border-stone-200",
                )}
              >
                <AccordionHeader
                  render={(headerProps) => (
                    <h2 {...headerProps}>
                      <AccordionTrigger
                        ref={(el) => {
                          triggers.current[step] = el;
                        }}
                        className="group flex w-full items-center gap-4 px-5 py-4 text-left disabled:cursor-not-allowed"
                      >
                        <span
                          aria-hidden="true"
                          className={cn(
                            "flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 font-sans text-sm font-semibold",
                            done
                              ? "border-glow-700 bg-glow-400 text-stone-950"
                              : "border-stone-400 text-stone-700",
                          )}
                        >
                          {done ? <Check className="h-4 w-4" /> : index + 1}
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block font-sans text-lg font-semibold text-stone-900">
                            <span className="sr-only">Step {index + 1}: </span>
                            {STEP_TITLES[step]}
                          </span>
                          <span className="block truncate font-sans text-sm font-normal text-stone-600">
                            {open
                              ? (summaries[step] ?? CREATOR_MESSAGES.creator.notSelected)
                              : "Complete the previous step first"}
                          </span>
                        </span>
                        {open ? (
                          <ChevronDown
                            aria-hidden="true"
                            className="h-5 w-5 shrink-0 text-stone-600 transition-transform group-data-[state=open]:rotate-180"
                          />
                        ) : (
                          <Lock aria-hidden="true" className="h-5 w-5 shrink-0 text-stone-500" />
                        )}
                      </AccordionTrigger>
                    </h2>
                  )}
                />
                <AccordionContent className="border-t border-stone-200 px-5 py-5">
                  {content[step]}
                  {done && next ? (
                    <div className="mt-4 flex justify-end">
                      <Button variant="outline" size="sm" onClick={() => advanceFrom(step, true)}>
                        Continue to {CREATOR_STEP_LABELS[next]}
                      </Button>
                    </div>
                  ) : null}
                </AccordionContent>
              </AccordionItem>
            );
          })}
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
            onAddToCart={onAddToCart}
            uploadProgress={selections.image?.pending ? (photo.progress ?? 0) : null}
            waitingToAdd={waitingToAdd}
            added={addedState !== null && addedState === state}
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
