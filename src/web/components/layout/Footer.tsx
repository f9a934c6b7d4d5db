import { BRAND_NAME } from "@shared/brand";
import { FOOTER_LINKS } from "@shared/titles";
import { Link } from "@web/app/routing";
import { TOUCH_TARGET } from "@web/components/ui/button-classes";
import { cn } from "@web/components/ui/cn";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-[2fr_3fr]">
        <div>
          <p className="font-display text-2xl text-white">{BRAND_NAME}</p>
          <p className="mt-3 max-w-sm text-stone-300">
            Custom lithophane lightboxes, designed and 3D-printed from your photos in our Northern Ireland
            workshop.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <Link
                  to={l.href}
                  className={cn(
                    TOUCH_TARGET,
                    "inline-block py-1 text-stone-200 underline-offset-4 hover:text-white hover:underline",
                  )}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* The home page is pre-rendered at build time: the year may have turned since. */}
      <p
        className="border-t border-stone-800 py-4 text-center text-sm text-stone-400"
        suppressHydrationWarning
      >
        © {new Date().getFullYear()} {BRAND_NAME}. Handmade in Northern Ireland.
      </p>
    </footer>
  );
}
