/** Machine-readable reason, so callers (the shop server, the CLI) can map errors without parsing text. */
export type LithophaneErrorCode =
  | "invalid-parameter"
  | "invalid-crop"
  | "invalid-image"
  | "io-error"
  | "internal";

/** Every error this module throws on purpose: `message` is written for a human (customer support, CLI user). */
export class LithophaneError extends Error {
  readonly code: LithophaneErrorCode;

  constructor(code: LithophaneErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LithophaneError";
    this.code = code;
  }
}

export function isLithophaneError(value: unknown): value is LithophaneError {
  return value instanceof LithophaneError;
}
