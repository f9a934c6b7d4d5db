/** Escapes LIKE wildcards so a search for "50%" means the text "50%": every admin search's one pattern. */
export function likePattern(text: string, where: "contains" | "prefix" = "contains"): string {
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return where === "prefix" ? `${escaped}%` : `%${escaped}%`;
}
