/** Cookie headers as a client keeps them between requests (the tests' own cookie jar). */

/** A Cookie header ("a=1; b=2") as name -> value. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? "").split(/;\s*/)) {
    const eqAt = pair.indexOf("=");
    if (eqAt > 0) jar.set(pair.slice(0, eqAt), pair.slice(eqAt + 1));
  }
  return jar;
}

/** The Cookie header after applying a response's Set-Cookie headers to `previous`. */
export function mergeCookies(previous: string | undefined, res: Response): string {
  const jar = parseCookieHeader(previous);
  for (const line of res.headers.getSetCookie()) {
    const [pair = "", ...attrs] = line.split(/;\s*/);
    const eqAt = pair.indexOf("=");
    if (eqAt <= 0) continue;
    const name = pair.slice(0, eqAt);
    const value = pair.slice(eqAt + 1);
    const expired = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
