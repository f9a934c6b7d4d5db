import { BRAND_NAME } from "@shared/brand";
import { isNavLinkActive, NAV_LINKS } from "@shared/titles";
import { Link, useLocation } from "@web/app/routing";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { NavAccountLinks } from "../../features/auth/shell";
import { buttonClasses } from "../ui/button-classes";
import { cn } from "../ui/cn";
import { Logo } from "./Logo";

export function Nav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const links = NAV_LINKS.map((l) => {
    const active = isNavLinkActive(l.href, pathname);
    return (
      <Link
        key={l.href}
        to={l.href}
        className={cn(
          "rounded-full px-3 py-2 text-sm font-medium transition-colors",
          active ? "bg-stone-900 text-white" : "text-stone-700 hover:bg-stone-200",
        )}
        aria-current={active ? "page" : undefined}
        onClick={() => setOpen(false)}
      >
        {l.label}
      </Link>
    );
  });
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-stone-50/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 font-display text-xl font-semibold text-stone-900"
        >
          <Logo />
          {BRAND_NAME}
        </Link>
        <div className="ml-6 hidden items-center gap-1 md:flex">{links}</div>
        <div className="ml-auto flex items-center gap-2">
          <NavAccountLinks />
          <Link
            to="/shop/create"
            className={cn(buttonClasses("glow", "sm"), "hidden whitespace-nowrap sm:inline-flex")}
          >
            Start Creating
          </Link>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-stone-200 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </nav>
      {open ? (
        <div id="mobile-menu" className="border-t border-stone-200 px-4 pb-4 md:hidden">
          <div className="flex flex-col gap-1 pt-2">{links}</div>
          <Link
            to="/shop/create"
            className={cn(buttonClasses("glow", "md"), "mt-3 w-full whitespace-nowrap sm:hidden")}
            onClick={() => setOpen(false)}
          >
            Start Creating
          </Link>
        </div>
      ) : null}
    </header>
  );
}
