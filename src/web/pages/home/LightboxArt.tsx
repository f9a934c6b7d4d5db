import { cn } from "@web/components/ui/cn";

/**
 * A glowing lithophane lightbox drawn with CSS and a small inline SVG: a coastal scene with a
 * lighthouse, in the warm sepia a backlit print gives. No image files, so nothing to download
 * and nothing to shift the layout while it loads.
 */
export function LightboxArt({ className }: { className?: string }) {
  return (
    <figure className={cn("relative mx-auto w-full", className)}>
      <div className="relative rounded-2xl bg-linear-to-br from-stone-700 via-stone-800 to-stone-950 p-3 shadow-[0_0_70px_12px_rgba(251,191,36,0.35)] sm:p-4">
        <div className="relative aspect-square overflow-hidden rounded-md">
          <svg
            viewBox="0 0 300 300"
            className="block h-full w-full"
            role="img"
            aria-label="A backlit lithophane of a lighthouse on a headland at sunset, glowing in warm amber tones"
          >
            <defs>
              <radialGradient id="lb-light" cx="62%" cy="38%" r="80%">
                <stop offset="0" stopColor="#fffdf5" />
                <stop offset="0.4" stopColor="#fde7b0" />
                <stop offset="1" stopColor="#c8781f" />
              </radialGradient>
              <linearGradient id="lb-sea" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#e2a04a" />
                <stop offset="1" stopColor="#8a4a12" />
              </linearGradient>
            </defs>
            <rect width="300" height="300" fill="url(#lb-light)" />
            <circle cx="200" cy="112" r="58" fill="#fff7dc" opacity="0.55" />
            <circle cx="200" cy="112" r="30" fill="#fffef8" />
            <path d="M62 146 L300 104 L300 176 Z" fill="#fffbe8" opacity="0.35" />
            <path
              d="M0 196 C40 170 86 164 126 176 S204 154 244 166 S288 174 300 172 V300 H0 Z"
              fill="#e3a752"
              opacity="0.9"
            />
            <rect y="206" width="300" height="94" fill="url(#lb-sea)" />
            <path
              d="M176 218h48M186 228h30M194 238h16"
              stroke="#fde7b0"
              strokeWidth="3"
              strokeLinecap="round"
              opacity="0.85"
            />
            <path d="M0 196 C34 188 66 192 94 208 C116 222 126 248 132 300 H0 Z" fill="#7a3f10" />
            <path d="M44 196 L49 152 H61 L66 196 Z" fill="#5c2e0b" />
            <rect x="47" y="140" width="16" height="12" fill="#fffbe8" />
            <path d="M44 141 L55 129 L66 141 Z" fill="#5c2e0b" />
            <path d="M49 170h12M48 182h14" stroke="#9a5a1c" strokeWidth="4" />
            <path
              d="M132 64q7-7 14 0q7-7 14 0M164 84q5-5 10 0q5-5 10 0"
              stroke="#a35a17"
              strokeWidth="2.5"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          {/* Fine print lines and a soft vignette: the texture of a real 3D-printed panel. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[repeating-linear-gradient(0deg,rgba(120,53,15,0.07)_0_1px,transparent_1px_3px)] shadow-[inset_0_0_36px_rgba(120,53,15,0.55)]"
          />
        </div>
      </div>
      <div
        aria-hidden="true"
        className="mx-auto h-4 w-[86%] rounded-b-xl bg-linear-to-b from-stone-800 to-stone-950"
      />
      <div aria-hidden="true" className="mx-auto mt-2 h-3 w-2/3 rounded-full bg-glow-400/30 blur-md" />
    </figure>
  );
}
