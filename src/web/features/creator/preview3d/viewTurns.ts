/** One arrow key or button press turns the panel this far (15 degrees). */
export const STEP_RADIANS = Math.PI / 12;
