/**
 * tus-js-client resolves its upload URL with `new URL(link, origin)` from the url-parse package,
 * a CommonJS module that also takes a relative base (our endpoint is "/api/uploads/resumable").
 * The browser's URL does the same once the base is made absolute against the page. Aliased in
 * vite.config.ts, so the lazy upload chunk carries no CommonJS and needs no interop helpers
 * split off into the first load.
 */
export default class RelativeBaseURL extends URL {
  constructor(url: string, base?: string) {
    super(url, base === undefined ? undefined : new URL(base, globalThis.location?.href));
  }
}
