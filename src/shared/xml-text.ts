/**
 * Characters XML 1.0 cannot carry (issue 46 item 6): C0 controls other than tab, line feed and
 * carriage return (U+0000-U+0008, U+000B, U+000C, U+000E-U+001F), U+FFFE, U+FFFF and lone
 * surrogates. One of them in a product's name made the whole Google Shopping feed invalid. The
 * admin's forms refuse them (admin-schemas.ts) and the feed's writer strips any that are
 * stored anyway.
 */

/** True for a code point an XML 1.0 document may contain (its `Char` production). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** True when `text` has a character XML cannot carry. */
export function hasXmlInvalidChars(text: string): boolean {
  // Iterating a string yields code points; a lone surrogate comes as itself (U+D800-U+DFFF).
  for (const char of text) if (!isXmlChar(char.codePointAt(0) ?? 0)) return true;
  return false;
}

/** `text` without the characters XML cannot carry; everything else as it was. */
export function stripXmlInvalidChars(text: string): string {
  if (!hasXmlInvalidChars(text)) return text;
  let out = "";
  for (const char of text) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}
