/** The analytics charts' colours: text, highlight, bars. */
export const INK = "#1c1917";

export const GLOW = "#b45309";

export const BAR = "#57534e";
