/**
 * tus-js-client resolves its upload URL with `new URL(link, origin)` from the url-parse package,
 * a CommonJS module; the browser's own URL does the same. Aliased in vite.config.ts, so the lazy
 * upload chunk carries no CommonJS and needs no interop helpers split off into the first load.
 */
const NativeURL = globalThis.URL;
export default NativeURL;
