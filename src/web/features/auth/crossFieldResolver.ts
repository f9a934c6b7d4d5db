import type { FieldValues, Resolver } from "react-hook-form";

/** A rule between fields: when `fails(values)`, `field` gets `message`. */
export interface CrossFieldCheck<T> {
  field: keyof T & string;
  message: string;
  fails: (values: T) => boolean;
}

/**
 * The shared zod schemas check "do these match" after every single field is valid (zod runs
 * object refinements last). A form shows every problem at once: this adds those messages
 * alongside the field errors, same texts, same rules.
 */
export function withCrossFieldChecks<T extends FieldValues>(
  resolver: Resolver<T>,
  checks: ReadonlyArray<CrossFieldCheck<T>>,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    let added = false;
    for (const check of checks) {
      if (errors[check.field] || !check.fails(values)) continue;
      errors[check.field] = { type: "custom", message: check.message };
      added = true;
    }
    if (!added) return result;
    return { values: {}, errors } as Awaited<ReturnType<Resolver<T>>>;
  };
}

export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
