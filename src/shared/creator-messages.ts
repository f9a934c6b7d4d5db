/** Texts of the creator's print-related hints (the creator is a lazy chunk, so they stay out of MESSAGES). */
export const CREATOR_PRINT_TEXTS = {
  lipSafeArea: (borderMm: number) =>
    `The shaded ${borderMm} mm edge sits under the frame's lip: keep faces and text inside the dashed line.`,
} as const;
