/** Hand-rolled ASCII number formatting straight into byte buffers (no strings, no toFixed). */

const ZERO = 48;

/** Writes a non-negative integer; returns the new offset. */
export function writeUint(buffer: Uint8Array, offset: number, value: number): number {
  let digits = 1;
  for (let limit = 10; value >= limit && digits < 16; limit *= 10) digits++;
  let end = offset + digits;
  let rest = value;
  while (end > offset) {
    const quotient = Math.floor(rest / 10);
    buffer[--end] = ZERO + (rest - quotient * 10);
    rest = quotient;
  }
  return offset + digits;
}

/**
 * Writes `value` rounded to 3 decimals, without trailing zeros ("2.5", "3", "0.125"); returns the new
 * offset. Integer maths on the value in thousandths keeps it exact.
 */
export function writeFixed3(buffer: Uint8Array, offset: number, value: number): number {
  let thousandths = Math.round(value * 1000);
  let o = offset;
  if (thousandths < 0) {
    buffer[o++] = 45; // "-"
    thousandths = -thousandths;
  }
  const whole = Math.floor(thousandths / 1000);
  const fraction = thousandths - whole * 1000;
  o = writeUint(buffer, o, whole);
  if (fraction !== 0) {
    buffer[o++] = 46; // "."
    const tenths = Math.floor(fraction / 100);
    const hundredths = Math.floor(fraction / 10) - tenths * 10;
    const last = fraction % 10;
    buffer[o++] = ZERO + tenths;
    if (hundredths !== 0 || last !== 0) buffer[o++] = ZERO + hundredths;
    if (last !== 0) buffer[o++] = ZERO + last;
  }
  return o;
}

/**
 * Writes `value` rounded to 6 decimals, without trailing zeros; returns the new offset. For the few
 * vertices off the grid (outline crossings, the back face's loop): at 3 decimals the heart's gently
 * curved outline rounds into exactly collinear back-face triangles (admesh: "Normals fixed").
 */
export function writeFixed6(buffer: Uint8Array, offset: number, value: number): number {
  let millionths = Math.round(value * 1_000_000);
  let o = offset;
  if (millionths < 0) {
    buffer[o++] = 45; // "-"
    millionths = -millionths;
  }
  const whole = Math.floor(millionths / 1_000_000);
  let fraction = millionths - whole * 1_000_000;
  o = writeUint(buffer, o, whole);
  if (fraction !== 0) {
    buffer[o++] = 46; // "."
    let digits = 6;
    while (fraction % 10 === 0) {
      fraction /= 10;
      digits--;
    }
    const end = o + digits;
    for (let p = end - 1; p >= o; p--) {
      buffer[p] = ZERO + (fraction % 10);
      fraction = Math.floor(fraction / 10);
    }
    o = end;
  }
  return o;
}

/**
 * ASCII bytes of a constant string (markup), computed once. Names and other text go through
 * package3mf's utf8(); a character beyond ASCII here is a programming error, not something to mangle.
 */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code > 0x7f)
      throw new RangeError(`asciiBytes takes ASCII only, got U+${code.toString(16)} in ${text}`);
    out[k] = code;
  }
  return out;
}

/** Copies `bytes` into `buffer` at `offset`; returns the new offset. Loops beat .set() for short runs. */
export function writeBytes(buffer: Uint8Array, offset: number, bytes: Uint8Array): number {
  const length = bytes.length;
  if (length > 32) {
    buffer.set(bytes, offset);
    return offset + length;
  }
  for (let k = 0; k < length; k++) buffer[offset + k] = bytes[k]!;
  return offset + length;
}

/**
 * Text pre-packed into little-endian 32-bit words, written with one unaligned DataView store per 4 bytes.
 * Writers spill past the text's end (overwritten by what follows), so callers keep slack.
 */
export class PackedText {
  readonly words: Uint32Array;
  constructor(readonly bytes: Uint8Array) {
    this.words = new Uint32Array(Math.ceil(bytes.length / 4));
    for (let k = 0; k < bytes.length; k++) this.words[k >> 2]! |= bytes[k]! << (8 * (k & 3));
  }
  get length(): number {
    return this.bytes.length;
  }
}

/** Packed ASCII of 0..9999: zero-padded to 4 digits, and unpadded with its length. */
const PADDED_4 = new Uint32Array(10000);
const PLAIN_4 = new Uint32Array(10000);
const PLAIN_LENGTH = new Uint8Array(10000);
for (let value = 0; value < 10000; value++) {
  let padded = 0;
  let rest = value;
  for (let k = 3; k >= 0; k--) {
    padded |= (ZERO + (rest % 10)) << (8 * k);
    rest = Math.floor(rest / 10);
  }
  const length = value >= 1000 ? 4 : value >= 100 ? 3 : value >= 10 ? 2 : 1;
  PADDED_4[value] = padded >>> 0;
  PLAIN_4[value] = (padded >>> (8 * (4 - length))) >>> 0;
  PLAIN_LENGTH[value] = length;
}

/** Writes a non-negative integer below 10^8 with at most two stores (falls back beyond). */
export function putUint(view: DataView, offset: number, value: number): number {
  if (value < 10000) {
    view.setUint32(offset, PLAIN_4[value]!, true);
    return offset + PLAIN_LENGTH[value]!;
  }
  if (value >= 100_000_000) {
    return writeUint(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), offset, value);
  }
  const high = Math.floor(value / 10000);
  const low = value - high * 10000;
  view.setUint32(offset, PLAIN_4[high]!, true);
  const o = offset + PLAIN_LENGTH[high]!;
  view.setUint32(o, PADDED_4[low]!, true);
  return o + 4;
}
