import { documentTitle } from "@shared/titles";
import { useEffect } from "react";
import { useLocation } from "react-router";

/** The document title per route, and a scroll to the top on every route change. */
export function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
