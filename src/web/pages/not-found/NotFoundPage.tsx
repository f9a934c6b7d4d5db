import { MESSAGES } from "@shared/messages";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";

const HELPFUL_LINKS = [
  { to: "/shop/create", label: "Design a lithophane" },
  { to: "/shop", label: "Browse accessories" },
  { to: "/faq", label: "Read the FAQ" },
  { to: "/contact", label: "Get in touch" },
] as const;

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center md:py-24">
      {/* An unlit lightbox: the relief is there, the picture is not. */}
      <div
        aria-hidden="true"
        className="rounded-2xl bg-linear-to-br from-stone-600 to-stone-800 p-3 shadow-lg"
      >
        <div className="flex h-36 w-36 items-center justify-center rounded-md bg-linear-to-br from-stone-100 to-stone-300 shadow-[inset_0_0_24px_rgba(68,64,60,0.35)]">
          <span className="font-display text-6xl text-stone-500 [text-shadow:1px_1px_0_#fafaf9,-1px_-1px_0_#a8a29e]">
            404
          </span>
        </div>
      </div>
      <h1 className="mt-10 text-4xl text-stone-900 md:text-5xl">{MESSAGES.notFound.title}</h1>
      <p className="mt-4 text-lg text-stone-700">
        The page you were looking for seems to have slipped out of the light. It may have moved, or the link
        may have a typo.
      </p>
      <Link to="/" className={cn(buttonClasses("primary", "lg"), "mt-8")}>
        {MESSAGES.notFound.homeLink}
      </Link>
      <nav aria-label="Helpful links" className="mt-10">
        <p className="text-sm text-stone-600">Or try one of these:</p>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {HELPFUL_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={cn(buttonClasses("outline", "sm"), "w-full")}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
