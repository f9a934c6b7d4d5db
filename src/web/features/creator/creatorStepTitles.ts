import type { CreatorStep } from "@shared/creator";

/** Each creator step's title. */
export const STEP_TITLES: Readonly<Record<CreatorStep, string>> = {
  upload: "Upload your photo",
  processing: "Choose processing",
  shape: "Choose a shape",
  "frame-color": "Choose a frame colour",
  size: "Choose a size",
  bundle: "Choose your bundle",
};
