import type { CreatorOption } from "@shared/options";

/** A frame colour's round sample beside its name. */
export function Swatch({ option }: { option: CreatorOption }) {
  return (
    <span
      aria-hidden="true"
      className="h-8 w-8 shrink-0 rounded-full shadow-inner ring-1 ring-stone-400"
      style={{ backgroundColor: option.hexColor ?? undefined }}
    />
  );
}
