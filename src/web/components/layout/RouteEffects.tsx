import { documentTitle } from "@shared/titles";
import { useLocation } from "@web/app/routing";
import { useEffect } from "react";

/** The document title per route, and a scroll to the top on every route change. */
export function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
